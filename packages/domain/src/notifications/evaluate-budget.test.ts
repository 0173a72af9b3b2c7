import { describe, expect, it } from 'vitest';
import { budgetEvents } from './evaluate-budget';

const spend = {
  spendId: 's1',
  month: '2026-11',
  budgetUsd: 5,
  spentUsd: 4.2,
  warnedAt: null,
  reachedAt: null,
};

describe('budgetEvents', () => {
  it('sends nothing before a threshold is marked', () => {
    expect(budgetEvents(spend)).toEqual([]);
  });

  it('one key per month and threshold, so each is stored once', () => {
    const events = budgetEvents({ ...spend, warnedAt: new Date(), reachedAt: new Date() });
    expect(events.map((e) => [e.type, e.key])).toEqual([
      ['budget.warning', 'budget.warning:2026-11'],
      ['budget.reached', 'budget.reached:2026-11'],
    ]);
    expect(events[0]?.data).toMatchObject({ budgetUsd: 5, spentUsd: 4.2, threshold: 0.8 });
  });
});
