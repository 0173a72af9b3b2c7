import { describe, expect, it } from 'vitest';
import { DEFAULT_RESTART_POLICY, decideRestart } from './restart-policy';

const policy = DEFAULT_RESTART_POLICY;
const soon = 2_000; // ran 2 s before crashing: part of a streak

describe('decideRestart', () => {
  it.each([
    // streak before, ran for, decision
    [0, soon, { action: 'restart', delayMs: 1_000, streak: 1 }],
    [1, soon, { action: 'restart', delayMs: 2_000, streak: 2 }],
    [2, soon, { action: 'restart', delayMs: 4_000, streak: 3 }],
    [3, soon, { action: 'restart', delayMs: 8_000, streak: 4 }],
    [4, soon, { action: 'restart', delayMs: 16_000, streak: 5 }],
    [5, soon, { action: 'give-up', streak: 6 }],
    // A child that ran a minute or more starts a new streak, however many crashes came before.
    [5, 60_000, { action: 'restart', delayMs: 1_000, streak: 1 }],
    [3, 3_600_000, { action: 'restart', delayMs: 1_000, streak: 1 }],
  ])('streak %i, ran %i ms → %o', (streak, ranMs, decision) => {
    expect(decideRestart(policy, streak, ranMs)).toEqual(decision);
  });

  it('caps the delay', () => {
    const generous = { ...policy, maxRestarts: 20 };
    expect(decideRestart(generous, 10, soon)).toEqual({
      action: 'restart',
      delayMs: 30_000,
      streak: 11,
    });
  });
});
