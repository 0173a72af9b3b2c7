import { describe, expect, it } from 'vitest';
import { budgetBar, engineBars, limitLine, parseBudgetInput, recentMonths } from './usageView';

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

describe('budgetBar', () => {
  it.each([
    [{ budgetUsd: 5, spentUsd: 0, heldUsd: 0 }, 0, 0, 0, 'ok'],
    [{ budgetUsd: 5, spentUsd: 3.2, heldUsd: 0.05 }, 64, 1, 64, 'ok'],
    [{ budgetUsd: 5, spentUsd: 4, heldUsd: 0 }, 80, 0, 80, 'warning'],
    [{ budgetUsd: 5, spentUsd: 5, heldUsd: 0.5 }, 100, 0, 100, 'over'],
    [{ budgetUsd: 5, spentUsd: 5.4, heldUsd: 0 }, 100, 0, 108, 'over'],
    [{ budgetUsd: 0, spentUsd: 0, heldUsd: 0 }, 0, 0, 0, 'ok'],
    [{ budgetUsd: 0, spentUsd: 0.01, heldUsd: 0 }, 100, 0, 100, 'over'],
  ])('%o → spent %i %%, held %i %%, used %i %%, %s', (budget, spent, held, used, tone) => {
    expect(budgetBar(budget)).toEqual({
      spentPercent: spent,
      heldPercent: held,
      usedPercent: used,
      tone,
    });
  });
});

describe('parseBudgetInput', () => {
  it.each([
    ['50', { usd: 50 }],
    ['$1,250.5', { usd: 1250.5 }],
    [' 0 ', { usd: 0 }],
    ['', { error: 'Write the budget in US dollars, for example 50.' }],
    ['fifty', { error: 'Write the budget in US dollars, for example 50.' }],
    ['-3', { error: 'A budget is 0 dollars or more.' }],
  ])('%j → %o', (text, want) => expect(parseBudgetInput(text)).toEqual(want));
});
