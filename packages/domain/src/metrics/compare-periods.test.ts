import { describe, expect, it } from 'vitest';
import { comparePeriods } from './compare-periods';
import { wilson } from './wilson';

const period = (k: number, n: number) => ({ mentionRate: { value: k / n, ...wilson(k, n) } });

describe('comparePeriods', () => {
  const cases = [
    {
      name: 'big move on many answers',
      a: period(20, 200),
      b: period(80, 200),
      verdict: 'moved',
      direction: 'up',
    },
    {
      name: 'same change on few answers is noise',
      a: period(1, 10),
      b: period(4, 10),
      verdict: 'within noise',
      direction: 'up',
    },
    {
      name: 'drop on many answers',
      a: period(120, 200),
      b: period(60, 200),
      verdict: 'moved',
      direction: 'down',
    },
    {
      name: 'no change',
      a: period(5, 10),
      b: period(5, 10),
      verdict: 'within noise',
      direction: 'flat',
    },
    {
      name: 'empty period is never a move',
      a: { mentionRate: { value: 0, ...wilson(0, 0) } },
      b: period(10, 10),
      verdict: 'within noise',
      direction: 'up',
    },
  ] as const;
  for (const c of cases) {
    it(c.name, () => {
      const r = comparePeriods(c.a, c.b);
      expect(r.verdict).toBe(c.verdict);
      expect(r.direction).toBe(c.direction);
      expect(r.change).toBeCloseTo(c.b.mentionRate.value - c.a.mentionRate.value, 10);
    });
  }
});
