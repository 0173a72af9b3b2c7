import { describe, expect, it } from 'vitest';
import { isFinalAttempt, retryPolicy } from './retry-policy';

describe('retryPolicy', () => {
  it.each([
    // budget (min), time scale, attempts → BullMQ attempts, first wait
    [0, 1, undefined, 1, 1_000],
    [5, 1, undefined, 9, 1_000],
    [10, 1, undefined, 10, 1_000],
    [5, 0.001, undefined, 9, 1],
    // A fixed number of attempts stretches the first wait so the waits fill the budget.
    [5, 1, 5, 5, 20_000],
    [5, 0.001, 5, 5, 20],
    [1, 1, 2, 2, 60_000],
  ] as const)(
    '%s min × %s, attempts %s → %s attempts, first wait %s ms',
    (budget, scale, attempts, expected, delay) => {
      expect(retryPolicy(budget, scale, attempts)).toEqual({
        attempts: expected,
        backoff: { type: 'exponential', delay },
      });
    },
  );

  it('fixed attempts: the exponential waits sum to the budget', () => {
    const { attempts, backoff } = retryPolicy(5, 1, 5);
    const base = (backoff as { delay: number }).delay;
    const waits = Array.from({ length: (attempts ?? 1) - 1 }, (_, i) => base * 2 ** i);
    expect(waits).toEqual([20_000, 40_000, 80_000, 160_000]);
    expect(waits.reduce((a, b) => a + b, 0)).toBe(5 * 60_000);
  });

  it('knows the last attempt', () => {
    expect(isFinalAttempt({ attemptsMade: 4, opts: { attempts: 5 } })).toBe(true);
    expect(isFinalAttempt({ attemptsMade: 3, opts: { attempts: 5 } })).toBe(false);
    expect(isFinalAttempt({ attemptsMade: 0, opts: {} })).toBe(true);
  });
});
