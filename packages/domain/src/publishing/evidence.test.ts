import { describe, expect, it } from 'vitest';
import { wilson } from '../metrics/wilson';
import {
  BASELINE_DAYS,
  describeEvidence,
  type EvidenceVerdict,
  judgeEvidence,
  MIN_ANSWERS_PER_SIDE,
  splitEvidence,
} from './evidence';

/** `k` answers naming the brand out of `n`. */
const answers = (k: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ mentioned: i < k }));

describe('judgeEvidence', () => {
  const table: {
    name: string;
    before: [number, number];
    after: [number, number];
    verdict: EvidenceVerdict;
  }[] = [
    { name: 'nothing on either side', before: [0, 0], after: [0, 0], verdict: 'NOT_ENOUGH_DATA' },
    {
      name: 'one answer per engine of one engine before, a full re-measure after',
      before: [0, 1],
      after: [5, 5],
      verdict: 'NOT_ENOUGH_DATA',
    },
    { name: 'three a side never part', before: [0, 3], after: [3, 3], verdict: 'NOT_ENOUGH_DATA' },
    { name: 'four a side part when complete', before: [0, 4], after: [4, 4], verdict: 'IMPROVED' },
    {
      name: 'one answer per engine on four engines, five samples each after',
      before: [0, 4],
      after: [20, 20],
      verdict: 'IMPROVED',
    },
    {
      name: 'half of the engines name it after: within noise',
      before: [0, 4],
      after: [10, 20],
      verdict: 'WITHIN_NOISE',
    },
    { name: 'present before, gone after', before: [10, 10], after: [0, 5], verdict: 'WORSENED' },
    { name: 'no change', before: [5, 10], after: [10, 20], verdict: 'WITHIN_NOISE' },
    {
      name: 'a small rise inside the intervals',
      before: [3, 10],
      after: [6, 10],
      verdict: 'WITHIN_NOISE',
    },
    { name: 'after side too short', before: [0, 30], after: [3, 3], verdict: 'NOT_ENOUGH_DATA' },
  ];

  it.each(table)('$name → $verdict', ({ before, after, verdict }) => {
    const e = judgeEvidence(answers(...before), answers(...after));
    expect(e.verdict).toBe(verdict);
    expect(e.before).toEqual({
      answers: before[1],
      mentioned: before[0],
      rate: { value: before[1] ? before[0] / before[1] : 0, ...wilson(before[0], before[1]) },
    });
    expect(e.after.answers).toBe(after[1]);
    expect(e.after.mentioned).toBe(after[0]);
  });

  it(`needs ${MIN_ANSWERS_PER_SIDE} answers a side: one fewer never decides`, () => {
    const n = MIN_ANSWERS_PER_SIDE;
    expect(judgeEvidence(answers(0, n - 1), answers(n, n)).verdict).toBe('NOT_ENOUGH_DATA');
    expect(judgeEvidence(answers(0, n), answers(n, n)).verdict).toBe('IMPROVED');
  });

  it('"moved" exactly when the 95 % Wilson intervals do not overlap', () => {
    for (let k = 0; k <= 10; k++) {
      const e = judgeEvidence(answers(2, 10), answers(k, 10));
      const parted = e.after.rate.low > e.before.rate.high || e.after.rate.high < e.before.rate.low;
      expect(e.verdict === 'IMPROVED' || e.verdict === 'WORSENED').toBe(parted);
    }
  });
});

describe('splitEvidence', () => {
  const published = new Date('2026-03-10T12:00:00Z');
  const ingested = new Date('2026-03-10T12:05:00Z');
  const at = (iso: string, tag: string) => ({ runAt: new Date(iso), mentioned: false, tag });
  const all = [
    at(new Date(published.getTime() - (BASELINE_DAYS + 1) * 86_400_000).toISOString(), 'old'),
    at('2026-02-20T08:00:00Z', 'window-1'),
    at('2026-03-10T11:59:59Z', 'window-2'),
    at('2026-03-10T12:01:00Z', 'between'),
    at('2026-03-10T12:05:00Z', 'after-1'),
    at('2026-03-12T08:00:00Z', 'after-2'),
  ];

  it('before: every answer of the baseline window; after: runs since the page was read', () => {
    const { before, after } = splitEvidence({
      publishedAt: published,
      ingestedAt: ingested,
      answers: all,
    });
    expect(before.map((a) => a.tag)).toEqual(['window-1', 'window-2']);
    expect(after.map((a) => a.tag)).toEqual(['after-1', 'after-2']);
  });

  it('nothing is after while the page is unread', () => {
    const { after } = splitEvidence({ publishedAt: published, ingestedAt: null, answers: all });
    expect(after).toEqual([]);
  });
});

describe('describeEvidence', () => {
  it('keeps the counts, intervals and verdict for the history', () => {
    expect(describeEvidence(judgeEvidence(answers(0, 4), answers(20, 20)))).toBe(
      'Evidence over every engine: before publishing 0 of 4 answers named the brand (0 %–49 %); after the page was read 20 of 20 answers named the brand (84 %–100 %). Verdict: improved.',
    );
  });
});
