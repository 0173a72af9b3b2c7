import type { RunFieldsFragment } from '@lumen/schema/generated/graphql';
import { EngineProgressItem } from '../../../ui/EngineProgressItem';
import { LiveIndicator, ProgressBar } from '../../../ui/ProgressBar';
import { Skeleton } from '../../../ui/Skeleton';
import { runPercent } from '../utils/runView';

/** A live run: overall bar and one bar per engine, answered of its share, failures in words. */
export function RunProgress({ run, polling }: { run: RunFieldsFragment; polling: boolean }) {
  const percent = runPercent(run);
  return (
    <div className="flex flex-col gap-4" data-testid="run-progress">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted" aria-live="polite">
          {run.status === 'QUEUED'
            ? 'Queued: waiting for a worker to pick it up.'
            : `${run.done + run.failed} of ${run.total} queries done${run.failed > 0 ? `, ${run.failed} failed` : ''}.`}
        </p>
        <LiveIndicator polling={polling} />
      </div>
      <ProgressBar label={'Run progress'} percent={percent} />
      <ul aria-label="Engines" className="grid gap-3 sm:grid-cols-2">
        {run.engines.length === 0
          ? Array.from({ length: 2 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders never reorder
              <li key={index} className="rounded-lg border border-border bg-surface-2 p-3">
                <Skeleton className="h-4 w-24" />
                <Skeleton className="mt-3 h-1.5 w-full" />
              </li>
            ))
          : run.engines.map((engine) => {
              const settled = engine.done + engine.failed;
              const finished = engine.total > 0 && settled >= engine.total;
              const share = engine.total > 0 ? Math.min(1, settled / engine.total) : 0;
              return (
                <EngineProgressItem
                  key={engine.engine}
                  engine={engine}
                  share={share}
                  done={finished && engine.failed === 0}
                  failedNoun="query"
                  testId="run-engine"
                />
              );
            })}
      </ul>
    </div>
  );
}
