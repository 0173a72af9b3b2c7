import { type ChangeVerdict, changeVerdict } from '../metrics/periods';
import { isTargeted } from '../metrics/run-change';
import type { Interval, MovedPayload, NotificationEventDraft, RunProblemPayload } from './events';

// The rules that turn a finished run into events (docs/notifications.md). Moves use the product's
// one verdict (`changeVerdict`: the mention-rate Wilson intervals do not overlap), so nothing is
// ever sent for a change within noise.

type RunNumbers = {
  answers: number;
  score: number;
  mentionRate: Interval;
};

export type RunForEvents = {
  id: string;
  brandId: string;
  trigger: string;
  status: string;
  total: number;
  done: number;
  failed: number;
  error: string | null;
  metrics: (RunNumbers & { byEngine?: Record<string, RunNumbers> }) | null;
};

export type PreviousRunForEvents = Pick<RunForEvents, 'id' | 'trigger' | 'metrics'>;

const pct = (v: number) => `${Math.round(v * 100)} %`;
const range = (i: Interval) => `${pct(i.low)}–${pct(i.high)}`;

function moved(
  run: RunForEvents,
  previous: PreviousRunForEvents,
  engine: string | null,
  before: RunNumbers,
  after: RunNumbers,
): NotificationEventDraft[] {
  if (before.answers === 0 || after.answers === 0) return [];
  const verdict: ChangeVerdict = changeVerdict(before, after);
  if (verdict === 'WITHIN_NOISE') return [];
  const direction = verdict === 'MOVED_UP' ? 'UP' : 'DOWN';
  const where = engine ? ` on ${engine}` : '';
  const why =
    `The brand was named in ${pct(after.mentionRate.value)} of answers${where} ` +
    `(95 % interval ${range(after.mentionRate)}), against ${pct(before.mentionRate.value)} ` +
    `(${range(before.mentionRate)}) in the previous run: the intervals do not overlap.`;
  const base = {
    brandId: run.brandId,
    runId: run.id,
    previousRunId: previous.id,
    engine,
    direction,
    why,
  } as const;
  const subject = `${run.brandId}:${engine ?? '*'}`;
  const score: MovedPayload = {
    ...base,
    // The score carries no interval of its own; the verdict that moves it is the mention rate's.
    previous: { value: before.score, low: before.score, high: before.score },
    current: { value: after.score, low: after.score, high: after.score },
    change: after.score - before.score,
  };
  const rate: MovedPayload = {
    ...base,
    previous: before.mentionRate,
    current: after.mentionRate,
    change: after.mentionRate.value - before.mentionRate.value,
  };
  return [
    {
      type: 'score.moved',
      key: `score.moved:${subject}:${run.id}`,
      brandId: run.brandId,
      data: score,
    },
    {
      type: 'mention_rate.moved',
      key: `mention_rate.moved:${subject}:${run.id}`,
      brandId: run.brandId,
      data: rate,
    },
  ];
}

/**
 * Whether a finished run is compared with the previous full run at all: both completed full runs
 * (a targeted re-measure is never compared, docs/brands.md, "Runs").
 */
export function comparable(
  run: Pick<RunForEvents, 'status' | 'trigger'>,
  previous: PreviousRunForEvents | null,
): previous is PreviousRunForEvents {
  return (
    run.status === 'COMPLETED' && previous !== null && !isTargeted(run) && !isTargeted(previous)
  );
}

/**
 * Events of one finished brand run against the brand's previous full run: failures and partial
 * runs, then real moves of the score and mention rate, for the brand and for each engine both
 * runs asked. A targeted re-measure is never compared (docs/brands.md, "Runs").
 */
export function runEvents(
  run: RunForEvents,
  previous: PreviousRunForEvents | null,
): NotificationEventDraft[] {
  const problem: RunProblemPayload = {
    brandId: run.brandId,
    runId: run.id,
    total: run.total,
    answered: run.done,
    failed: run.failed,
    error: run.error,
  };
  if (run.status === 'FAILED') {
    return [
      { type: 'run.failed', key: `run.failed:${run.id}`, brandId: run.brandId, data: problem },
    ];
  }
  if (run.status !== 'COMPLETED') return [];
  const out: NotificationEventDraft[] = [];
  if (run.failed > 0) {
    out.push({
      type: 'run.partial',
      key: `run.partial:${run.id}`,
      brandId: run.brandId,
      data: problem,
    });
  }
  if (!comparable(run, previous) || !run.metrics || !previous.metrics) return out;
  out.push(...moved(run, previous, null, previous.metrics, run.metrics));
  const before = previous.metrics.byEngine ?? {};
  for (const [engine, after] of Object.entries(run.metrics.byEngine ?? {}).sort()) {
    const prior = before[engine];
    if (prior) out.push(...moved(run, previous, engine, prior, after));
  }
  return out;
}
