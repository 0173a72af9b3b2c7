import { describe, expect, it } from 'vitest';
import { MetricsFilterSchema } from './metrics-filter';
import {
  bucketStart,
  bucketsOf,
  isDay,
  lastDays,
  metricsChange,
  previousPeriod,
  rangeLength,
} from './periods';
import { mergeTallies, metricsFromTally, tallyAnswers } from './tally';

/** Metrics of n answers of which k mention 'b'. */
function metrics(k: number, n: number) {
  const mentioned = {
    mentions: [
      {
        entityId: 'b',
        rank: 1,
        firstOffset: 0,
        count: 1,
        sentiment: 0,
        sentimentLabel: 'neutral' as const,
        snippet: '',
        spans: [],
      },
    ],
    citations: [],
    discovered: [],
  };
  const absent = { mentions: [], citations: [], discovered: [] };
  const list = [...Array(k).fill(mentioned), ...Array(n - k).fill(absent)];
  return metricsFromTally(mergeTallies([tallyAnswers(list)]), 'b');
}

describe('periods', () => {
  it.each([
    [{ from: '2026-11-01', to: '2026-11-07' }, { from: '2026-10-25', to: '2026-10-31' }, 7],
    [{ from: '2026-03-01', to: '2026-03-01' }, { from: '2026-02-28', to: '2026-02-28' }, 1],
    [{ from: '2024-03-01', to: '2024-03-30' }, { from: '2024-01-31', to: '2024-02-29' }, 30],
  ])('previous of %o is %o (%i days)', (range, previous, n) => {
    expect(rangeLength(range)).toBe(n);
    expect(previousPeriod(range)).toEqual(previous);
    expect(rangeLength(previousPeriod(range))).toBe(n);
  });

  it('last days include today', () => {
    expect(lastDays('2026-11-24', 7)).toEqual({ from: '2026-11-18', to: '2026-11-24' });
  });

  it.each([
    ['2026-11-24', 'WEEK', '2026-11-23'], // Tuesday → Monday
    ['2026-11-23', 'WEEK', '2026-11-23'], // Monday
    ['2026-11-29', 'WEEK', '2026-11-23'], // Sunday
    ['2026-11-29', 'DAY', '2026-11-29'],
  ] as const)('bucket of %s by %s starts %s', (day, interval, start) => {
    expect(bucketStart(day, interval)).toBe(start);
  });

  it('buckets cover the range', () => {
    expect(bucketsOf({ from: '2026-11-20', to: '2026-11-24' }, 'DAY')).toHaveLength(5);
    expect(bucketsOf({ from: '2026-11-20', to: '2026-12-01' }, 'WEEK')).toEqual([
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
  });

  it.each([
    ['2026-02-29', false],
    ['2024-02-29', true],
    ['2026-1-01', false],
    ['2026-11-24', true],
  ])('isDay(%s) = %s', (value, ok) => {
    expect(isDay(value)).toBe(ok);
  });
});

describe('metricsChange', () => {
  it.each([
    // 4/10 → [0.168, 0.687]; 9/10 → [0.596, 0.982]: they overlap → noise.
    [4, 10, 9, 10, 'WITHIN_NOISE'],
    // 20/200 → [0.066, 0.150]; 80/200 → [0.335, 0.469]: apart → up.
    [20, 200, 80, 200, 'MOVED_UP'],
    [80, 200, 20, 200, 'MOVED_DOWN'],
    // The edge: 0/10 reaches up to 0.2775; 6/10 starts at 0.3127 (apart → moved), 5/10 starts at
    // 0.2366 (overlap → noise). One answer decides.
    [0, 10, 6, 10, 'MOVED_UP'],
    [0, 10, 5, 10, 'WITHIN_NOISE'],
    [6, 10, 0, 10, 'MOVED_DOWN'],
    [5, 10, 5, 10, 'WITHIN_NOISE'],
  ] as const)('%i/%i → %i/%i is %s', (k0, n0, k1, n1, verdict) => {
    const change = metricsChange(metrics(k0, n0), metrics(k1, n1));
    expect(change?.verdict).toBe(verdict);
    expect(change?.mentionRate).toBeCloseTo(k1 / n1 - k0 / n0, 12);
  });

  it('the score change is in points', () => {
    const a = metrics(2, 10);
    const b = metrics(8, 10);
    expect(metricsChange(a, b)?.score).toBe(b.score - a.score);
  });

  it('no answers on either side: nothing to compare', () => {
    expect(metricsChange(metrics(0, 0), metrics(3, 10))).toBeNull();
    expect(metricsChange(metrics(3, 10), metrics(0, 0))).toBeNull();
  });
});

describe('MetricsFilterSchema', () => {
  const ok = { from: '2026-11-01', to: '2026-11-30' };
  it.each([
    [ok, null],
    [{ ...ok, engines: ['local-gpt'], keywordIds: [], includeBranded: true }, null],
    [{ from: '2026-11-31', to: '2026-12-01' }, 'from'],
    [{ from: '2026-11-02', to: '2026-11-01' }, 'to'],
    [{ from: '2024-01-01', to: '2026-01-01' }, 'from'],
    [{ ...ok, keywordIds: ['nope'] }, 'keywordIds.0'],
    [{ ...ok, engines: [''] }, 'engines.0'],
  ])('%o → error on %s', (input, path) => {
    const r = MetricsFilterSchema.safeParse(input);
    if (path === null) expect(r.success).toBe(true);
    else expect(r.error?.issues.map((i) => i.path.join('.'))).toContain(path);
  });
});
