import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { type RunChangeInput, runChangeView } from '../../runs/utils/runChange';

type Run =
  | ({
      status: string;
      score?: number | null;
      error?: string | null;
    } & RunChangeInput)
  | null;

const toneClass = { up: 'text-success', down: 'text-danger', neutral: 'text-subtle' } as const;

const NOISE_RULE =
  'Moved only when the two runs’ 95 % intervals of the mention rate do not overlap';

/** The latest score and its change with the KPI tiles' verdict, or an honest "not measured yet". */
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
  const view = runChangeView(run);
  return (
    <span className="inline-flex flex-wrap items-baseline justify-end gap-x-2">
      <span
        data-testid="score-value"
        className={`font-semibold tabular-nums text-fg ${large ? 'text-3xl' : 'text-base'}`}
      >
        {run.score}
      </span>
      {view.kind === 'targeted' ? (
        <span
          data-testid="score-change"
          title={view.title}
          className="whitespace-nowrap text-xs text-subtle"
        >
          {view.label}
          <span className="sr-only"> ({view.title})</span>
        </span>
      ) : view.kind === 'change' ? (
        <span
          data-testid="score-change"
          title={NOISE_RULE}
          className={`inline-flex items-center gap-0.5 whitespace-nowrap text-xs tabular-nums ${toneClass[view.tone]}`}
        >
          {view.tone === 'up' ? <ArrowUpRight aria-hidden="true" size={12} /> : null}
          {view.tone === 'down' ? <ArrowDownRight aria-hidden="true" size={12} /> : null}
          {view.delta} · {view.label}
        </span>
      ) : null}
    </span>
  );
}
