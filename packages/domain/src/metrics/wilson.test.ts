import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wilson } from './wilson';

describe('wilson', () => {
  const cases = [
    { k: 0, n: 10, low: 0, high: 0.27753 },
    { k: 5, n: 10, low: 0.23659, high: 0.76341 },
    { k: 10, n: 10, low: 0.72247, high: 1 },
    { k: 1, n: 1, low: 0.20655, high: 1 },
    { k: 30, n: 100, low: 0.21895, high: 0.39585 },
    // The textbook example (Wilson 1927 via Newcombe 1998): 81 of 263.
    { k: 81, n: 263, low: 0.25529, high: 0.36621 },
  ];
  for (const c of cases) {
    it(`${c.k} of ${c.n}`, () => {
      const { low, high } = wilson(c.k, c.n);
      expect(low).toBeCloseTo(c.low, 4);
      expect(high).toBeCloseTo(c.high, 4);
    });
  }

  it('no observations: the whole [0, 1]', () => {
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it('a wider z gives a wider interval', () => {
    const narrow = wilson(30, 100, 1.645);
    const wide = wilson(30, 100, 2.576);
    expect(wide.low).toBeLessThan(narrow.low);
    expect(wide.high).toBeGreaterThan(narrow.high);
  });

  it('stays within [0, 1] and contains the observed rate', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(1000), (a, b) => {
        const n = Math.max(a, b);
        const k = Math.min(a, b);
        const { low, high } = wilson(k, n);
        expect(low).toBeGreaterThanOrEqual(0);
        expect(high).toBeLessThanOrEqual(1);
        if (n > 0) {
          expect(low).toBeLessThanOrEqual(k / n + 1e-12);
          expect(high).toBeGreaterThanOrEqual(k / n - 1e-12);
        }
      }),
    );
  });
});
