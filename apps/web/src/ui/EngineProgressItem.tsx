import { CircleAlert, CircleCheck } from 'lucide-react';

export type EngineProgress = {
  engine: string;
  label: string;
  done: number;
  failed: number;
  total: number;
};

/**
 * One engine's share of a live job (a quick check, a brand run): its name, answered of its
 * share, a bar, a check once it has settled, and its failures in words.
 */
export function EngineProgressItem({
  engine,
  share,
  done,
  failedNoun,
  testId,
}: {
  engine: EngineProgress;
  /** 0–1, how far the bar is filled. */
  share: number;
  /** Settled with nothing to report: shows the check mark. */
  done: boolean;
  /** What one failure is called here: "answer", "query". */
  failedNoun: string;
  testId: string;
}) {
  return (
    <li className="rounded-lg border border-border bg-surface-2 p-3" data-testid={testId}>
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="flex min-w-0 items-center gap-1.5 font-medium text-fg">
          {done ? (
            <CircleCheck aria-hidden="true" size={14} className="shrink-0 text-success" />
          ) : null}
          <span className="truncate">{engine.label}</span>
        </span>
        <span className="shrink-0 text-xs text-muted tabular-nums">
          {engine.done}/{engine.total}
        </span>
      </div>
      <div className="mt-2 h-1.5 w-full overflow-hidden rounded-full bg-surface-3">
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-200 motion-reduce:transition-none"
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
      {engine.failed > 0 ? (
        <p className="mt-1.5 flex items-center gap-1 text-xs text-warning">
          <CircleAlert aria-hidden="true" size={12} />
          {engine.failed} {engine.failed === 1 ? failedNoun : `${failedNoun}s`} failed
        </p>
      ) : null}
    </li>
  );
}
