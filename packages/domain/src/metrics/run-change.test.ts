import { describe, expect, it } from 'vitest';
import { runChange } from './run-change';
import { wilson } from './wilson';

/** The numbers a completed run stores: k of n answers name the brand, with the score given. */
function run(trigger: string, k: number, n: number, score: number) {
  const { low, high } = wilson(k, n);
  return { trigger, metrics: { answers: n, score, mentionRate: { value: k / n, low, high } } };
}

describe('runChange', () => {
  it('a 4-answer change against a 60-answer run is never compared: targeted runs have none', () => {
    // The run list used to show "59 −4" in red here.
    expect(runChange(run('TARGETED', 2, 4, 59), run('SCHEDULED', 38, 60, 63))).toBeNull();
    expect(runChange(run('SCHEDULED', 40, 60, 65), run('TARGETED', 2, 4, 59))).toBeNull();
  });

  it.each([
    // trigger, now k/n, before k/n, verdict
    ['SCHEDULED', [36, 60, 59], [38, 60, 63], 'WITHIN_NOISE', -4],
    ['MANUAL', [42, 60, 69], [38, 60, 63], 'WITHIN_NOISE', 6],
    ['SCHEDULED', [55, 60, 90], [20, 60, 35], 'MOVED_UP', 55],
    ['MANUAL', [10, 60, 20], [50, 60, 80], 'MOVED_DOWN', -60],
  ] as const)(
    '%s run: the KPI tiles’ verdict (%j vs %j → %s)',
    (trigger, now, before, verdict, delta) => {
      const change = runChange(
        run(trigger, now[0], now[1], now[2]),
        run('SCHEDULED', before[0], before[1], before[2]),
      );
      expect(change).toMatchObject({ verdict, score: delta });
    },
  );

  it('no change without a previous run or without stored metrics', () => {
    expect(runChange(run('MANUAL', 1, 2, 50), null)).toBeNull();
    expect(runChange(run('MANUAL', 1, 2, 50), { trigger: 'MANUAL', metrics: null })).toBeNull();
    expect(runChange({ trigger: 'MANUAL', metrics: null }, run('MANUAL', 1, 2, 50))).toBeNull();
  });
});
