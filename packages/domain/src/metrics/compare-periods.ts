export type PeriodMentionRate = { value: number; low: number; high: number };

export type PeriodComparison = {
  /** b − a, in rate points (0–1). */
  change: number;
  direction: 'up' | 'down' | 'flat';
  /** "moved" only when the two Wilson intervals do not overlap. */
  verdict: 'moved' | 'within noise';
};

/** Compares the mention rate of period a (before) with period b (after). */
export function comparePeriods(
  a: { mentionRate: PeriodMentionRate },
  b: { mentionRate: PeriodMentionRate },
): PeriodComparison {
  const change = b.mentionRate.value - a.mentionRate.value;
  const overlap =
    a.mentionRate.low <= b.mentionRate.high && b.mentionRate.low <= a.mentionRate.high;
  return {
    change,
    direction: change > 0 ? 'up' : change < 0 ? 'down' : 'flat',
    verdict: overlap ? 'within noise' : 'moved',
  };
}
