import { EngineProgressItem } from '../../../ui/EngineProgressItem';
import { LiveIndicator, ProgressBar } from '../../../ui/ProgressBar';
import { Skeleton } from '../../../ui/Skeleton';
import type { QuickScoreData } from '../hooks/useQuickScore';
import { engineShare, progressSummary } from '../utils/quickScoreView';

export function ProgressPanel({ score, polling }: { score: QuickScoreData; polling: boolean }) {
  const summary = progressSummary(score);
  const queued = score.status === 'QUEUED';
  return (
    <section
      aria-labelledby="progress-heading"
      className="flex flex-col gap-5 rounded-xl border border-border bg-surface p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="progress-heading" className="text-base font-semibold text-fg">
            {queued ? 'Waiting for a free slot…' : 'Asking the engines…'}
          </h2>
          <p className="mt-0.5 text-sm text-muted" aria-live="polite">
            {summary.total > 0
              ? `${summary.answered} of ${summary.total} answers in, from ${summary.engines} engines.`
              : 'Your check is queued; it usually starts within seconds.'}
          </p>
        </div>
        <LiveIndicator polling={polling} />
      </div>
      <ProgressBar label="Quick check progress" percent={summary.percent} />
      <ul aria-label="Engines" className="grid gap-3 sm:grid-cols-2">
        {score.engines.length === 0
          ? Array.from({ length: 4 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders never reorder
              <li key={index} className="rounded-lg border border-border bg-surface-2 p-3">
                <Skeleton className="h-4 w-24" />
                <Skeleton className="mt-3 h-1.5 w-full" />
              </li>
            ))
          : score.engines.map((engine) => {
              const share = engineShare(engine);
              const finished = engine.done + engine.failed >= engine.total && engine.total > 0;
              return (
                <EngineProgressItem
                  key={engine.engine}
                  engine={engine}
                  share={share}
                  done={finished}
                  failedNoun="answer"
                  testId="engine-progress"
                />
              );
            })}
      </ul>
    </section>
  );
}
