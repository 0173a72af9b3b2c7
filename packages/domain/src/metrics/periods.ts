import { comparePeriods, type PeriodMentionRate } from './compare-periods';
import type { CoreMetrics } from './tally';

/** A range of local days, both ends included, as `YYYY-MM-DD`. */
export type DayRange = { from: string; to: string };

const DAY_MS = 86_400_000;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function isDay(value: string): boolean {
  return DAY_RE.test(value) && toDay(toMs(value)) === value;
}

export function addDays(day: string, n: number): string {
  return toDay(toMs(day) + n * DAY_MS);
}

/** Number of days in the range, both ends included. */
export function rangeLength(range: DayRange): number {
  return Math.round((toMs(range.to) - toMs(range.from)) / DAY_MS) + 1;
}

/** The period of the same length that ends the day before `range` starts. */
export function previousPeriod(range: DayRange): DayRange {
  const n = rangeLength(range);
  return { from: addDays(range.from, -n), to: addDays(range.from, -1) };
}

/** Today as a calendar day in `timezone` (UTC's day for a zone the runtime does not know). */
export function todayIn(timezone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** The last `days` days up to and including `today`. */
export function lastDays(today: string, days: number): DayRange {
  return { from: addDays(today, -(days - 1)), to: today };
}

export type TrendInterval = 'DAY' | 'WEEK';

/** The first day of the day's bucket: itself, or the Monday of its ISO week. */
export function bucketStart(day: string, interval: TrendInterval): string {
  if (interval === 'DAY') return day;
  const weekday = (new Date(toMs(day)).getUTCDay() + 6) % 7; // Monday = 0
  return addDays(day, -weekday);
}

/** Every bucket start that touches the range, oldest first (a chart shows gaps as gaps). */
export function bucketsOf(range: DayRange, interval: TrendInterval): string[] {
  const out: string[] = [];
  const step = interval === 'DAY' ? 1 : 7;
  for (let d = bucketStart(range.from, interval); d <= range.to; d = addDays(d, step)) out.push(d);
  return out;
}

export type ChangeVerdict = 'MOVED_UP' | 'MOVED_DOWN' | 'WITHIN_NOISE';

export type MetricsChange = {
  /** Score points, current − previous. */
  score: number;
  /** Mention-rate points (0–1), current − previous. */
  mentionRate: number;
  verdict: ChangeVerdict;
};

/**
 * The change from the previous period to the current one: "moved" only when the two mention-rate
 * Wilson intervals do not overlap (docs/metrics.md). Null when either period has no answers:
 * there is nothing to compare.
 */
type ChangeInputs = Pick<CoreMetrics, 'answers' | 'score' | 'mentionRate'>;

export function metricsChange(previous: ChangeInputs, current: ChangeInputs): MetricsChange | null {
  if (previous.answers === 0 || current.answers === 0) return null;
  const c = comparePeriods(previous, current);
  return {
    score: current.score - previous.score,
    mentionRate: c.change,
    verdict: changeVerdict(previous, current),
  };
}

/**
 * MOVED_UP / MOVED_DOWN when the two mention-rate Wilson intervals do not overlap, else
 * WITHIN_NOISE. The one verdict rule of the product: period comparisons and a published page's
 * impact (docs/closed-loop.md) both use it.
 */
export function changeVerdict(
  before: { mentionRate: PeriodMentionRate },
  after: { mentionRate: PeriodMentionRate },
): ChangeVerdict {
  const c = comparePeriods(before, after);
  if (c.verdict === 'within noise') return 'WITHIN_NOISE';
  return c.direction === 'up' ? 'MOVED_UP' : 'MOVED_DOWN';
}
