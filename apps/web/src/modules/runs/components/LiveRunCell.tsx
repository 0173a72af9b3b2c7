import { ProgressBar } from '../../../ui/ProgressBar';
import { ScoreCell } from '../../brands/components/ScoreCell';
import { useLiveRun } from '../hooks/useLiveRun';
import type { RunChangeInput } from '../utils/runChange';
import { isOpenRun, runPercent } from '../utils/runView';

type Run = { id: string; status: string; score?: number | null } & RunChangeInput;

/** The brand list's score cell: the score, or a live bar while the brand is being measured. */
export function LiveRunCell({ run }: { run: Run | null | undefined }) {
  if (!run || !isOpenRun(run.status)) return <ScoreCell run={run} />;
  return <OpenRun id={run.id} />;
}

function OpenRun({ id }: { id: string }) {
  const { run } = useLiveRun(id);
  if (!run) return <span className="text-sm text-muted">measuring…</span>;
  if (!isOpenRun(run.status)) return <ScoreCell run={run} />;
  const percent = runPercent(run);
  return (
    <span className="flex min-w-24 flex-col gap-1" data-testid="live-run">
      <span className="text-xs text-muted tabular-nums">
        {run.status === 'QUEUED' ? 'queued' : `measuring ${run.done + run.failed}/${run.total}`}
      </span>
      <ProgressBar label={'Run progress'} percent={percent} size="thin" />
    </span>
  );
}
