import type { NotificationEventDraft } from './events';

// budget.warning and budget.reached (docs/notifications.md): one event per workspace, month and
// threshold, from the month's spend row once the threshold is marked there.

export type BudgetSpend = {
  spendId: string;
  month: string;
  budgetUsd: number | null;
  spentUsd: number;
  warnedAt: Date | null;
  reachedAt: Date | null;
};

export function budgetEvents(spend: BudgetSpend): NotificationEventDraft[] {
  if (spend.budgetUsd === null) return [];
  const data = {
    month: spend.month,
    budgetUsd: spend.budgetUsd,
    spentUsd: spend.spentUsd,
  };
  const drafts: NotificationEventDraft[] = [];
  if (spend.warnedAt) {
    drafts.push({
      type: 'budget.warning',
      key: `budget.warning:${spend.month}`,
      brandId: null,
      data: {
        ...data,
        threshold: 0.8,
        why: '80 % of the monthly budget for paid answers is spent.',
      },
    });
  }
  if (spend.reachedAt) {
    drafts.push({
      type: 'budget.reached',
      key: `budget.reached:${spend.month}`,
      brandId: null,
      data: {
        ...data,
        threshold: 1,
        why: 'The monthly budget for paid answers is reached: no new paid answer starts this month.',
      },
    });
  }
  return drafts;
}
