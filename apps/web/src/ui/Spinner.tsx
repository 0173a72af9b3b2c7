import { LoaderCircle } from 'lucide-react';

export function Spinner({ label = 'Loading', size = 20 }: { label?: string; size?: number }) {
  return (
    <span role="status" className="inline-flex items-center text-muted">
      <LoaderCircle aria-hidden="true" size={size} className="animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function PageSpinner({ label = 'Loading page' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center">
      <Spinner label={label} size={24} />
    </div>
  );
}

export function FullScreenSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex h-full min-h-screen w-full items-center justify-center bg-bg">
      <Spinner label={label} size={28} />
    </div>
  );
}
