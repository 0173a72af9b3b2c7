const TRACK = {
  // A row's bar in a list (the dashboard, the brand list).
  thin: 'h-1 w-24',
  // A page's own progress (a run, a quick check).
  regular: 'h-2 w-full',
} as const;

/** A determinate progress bar, 0–100, named for screen readers. */
export function ProgressBar({
  label,
  percent,
  size = 'regular',
}: {
  label: string;
  percent: number;
  size?: keyof typeof TRACK;
}) {
  return (
    <span
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={`block ${TRACK[size]} overflow-hidden rounded-full bg-surface-3`}
    >
      <span
        className="block h-full rounded-full bg-accent transition-[width] duration-200 motion-reduce:transition-none"
        style={{ width: `${percent}%` }}
      />
    </span>
  );
}

/** Whether the progress above arrives live or, with the stream down, by polling (useLiveQuery). */
export function LiveIndicator({ polling }: { polling: boolean }) {
  return (
    <span className="flex items-center gap-2 text-xs text-subtle">
      <span
        aria-hidden="true"
        className={`h-2 w-2 rounded-full ${polling ? 'bg-warning' : 'animate-pulse bg-success motion-reduce:animate-none'}`}
      />
      {polling ? 'Refreshing every 2 s' : 'Live'}
    </span>
  );
}
