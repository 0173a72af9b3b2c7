import { describe, expect, it } from 'vitest';
import { engineBars, limitLine, recentMonths } from './usageView';

describe('limitLine', () => {
  it.each([
    [0, 10, 0, 'ok'],
    [7, 10, 70, 'ok'],
    [8, 10, 80, 'warning'],
    [10, 10, 100, 'over'],
    [12, 10, 100, 'over'],
    [0, 0, 0, 'ok'],
    [1, 0, 100, 'over'],
  ] as const)('%i of %i → %i %% %s', (used, limit, percent, tone) => {
    expect(limitLine('x', used, limit)).toMatchObject({ percent, tone });
  });
});

describe('engineBars', () => {
  it('scales every engine to the biggest one', () => {
    expect(
      engineBars([{ answers: 40 }, { answers: 10 }, { answers: 0 }]).map((e) => e.width),
    ).toEqual([100, 25, 0]);
    expect(engineBars([])).toEqual([]);
  });
});

describe('recentMonths', () => {
  it('goes back across a year', () => {
    expect(recentMonths('2026-02', 4)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
  });
});
