import { ArrowDownRight, ArrowUpRight } from 'lucide-react';

type Run = {
  status: string;
  score?: number | null;
  scoreChange?: number | null;
  error?: string | null;
} | null;

/** The latest score and its change, or an honest "not measured yet". */
export function ScoreCell({ run, large = false }: { run: Run | undefined; large?: boolean }) {
  if (!run) return <span className="text-sm text-subtle">not measured yet</span>;
  if (run.score === null || run.score === undefined) {
    return (
      <span className="text-sm text-muted">
        {run.status !== 'FAILED'
          ? 'measuring…'
          : run.error === 'Cancelled'
            ? 'cancelled'
            : 'failed'}
      </span>
    );
  }
  const change = run.scoreChange ?? null;
  return (
    <span className="inline-flex items-baseline gap-2">
      <span
        data-testid="score-value"
        className={`font-semibold tabular-nums text-fg ${large ? 'text-3xl' : 'text-base'}`}
      >
        {run.score}
      </span>
      {change === null ? null : change === 0 ? (
        <span className="text-xs text-subtle tabular-nums">±0</span>
      ) : (
        <span
          className={`inline-flex items-center text-xs tabular-nums ${change > 0 ? 'text-success' : 'text-danger'}`}
        >
          {change > 0 ? (
            <ArrowUpRight aria-hidden="true" size={12} />
          ) : (
            <ArrowDownRight aria-hidden="true" size={12} />
          )}
          {change > 0 ? `+${change}` : change}
        </span>
      )}
    </span>
  );
}
