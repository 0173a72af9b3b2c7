import { TriangleAlert } from 'lucide-react';
import { buttonClass } from './button';

type ErrorStateProps = {
  title?: string;
  error: { message: string } | null | undefined;
  onRetry?: () => void;
};

export function ErrorState({
  title = 'Could not load this data',
  error,
  onRetry,
}: ErrorStateProps) {
  return (
    <section
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-danger/40 bg-danger-soft px-5 py-4"
    >
      <div className="flex items-center gap-2 text-danger">
        <TriangleAlert aria-hidden="true" size={18} />
        <h2 className="text-sm font-semibold">{title}</h2>
      </div>
      <p className="text-sm text-muted">
        {sentence(error?.message ?? 'The server did not answer')}
      </p>
      <p className="text-sm text-muted">Check your connection, then try again.</p>
      {onRetry ? (
        <button type="button" className={buttonClass.secondary} onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </section>
  );
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
