import { z } from 'zod';

// The workspace's monthly budget in US dollars (docs/engines.md, "Budget"). The decisions are
// pure; packages/db takes the row lock that makes them hold under concurrency.

/** Share of the budget at which the workspace is warned. */
export const BUDGET_WARNING_SHARE = 0.8;

export type SpendState = {
  /** Null: no budget, nothing is refused. */
  budgetUsd: number | null;
  /** Charged this month: the costs of stored answers. */
  spentUsd: number;
  /** Held by paid answers being asked right now (their typical cost each). */
  reservedUsd: number;
};

/**
 * Whether one more paid answer may start. It must fit: what is spent, what is held for answers
 * in flight and this answer's estimate together stay within the budget. At or past the budget
 * nothing starts, even an answer whose price is unknown (estimate 0).
 */
export function mayStartPaidAnswer(state: SpendState, estimateUsd: number): boolean {
  if (state.budgetUsd === null) return true;
  const committed = state.spentUsd + state.reservedUsd;
  return committed < state.budgetUsd && committed + estimateUsd <= state.budgetUsd + 1e-9;
}

export type BudgetThreshold = 'warning' | 'reached';

/**
 * Thresholds to announce now, each once per month: `warning` from 80 % spent, `reached` from
 * 100 % spent or when an answer was refused for want of budget.
 */
export function dueBudgetThresholds(input: {
  budgetUsd: number | null;
  spentUsd: number;
  refused: boolean;
  warned: boolean;
  reached: boolean;
}): BudgetThreshold[] {
  if (input.budgetUsd === null) return [];
  const due: BudgetThreshold[] = [];
  const reachedNow = input.refused || input.spentUsd >= input.budgetUsd;
  if (!input.warned && (reachedNow || input.spentUsd >= BUDGET_WARNING_SHARE * input.budgetUsd)) {
    due.push('warning');
  }
  if (!input.reached && reachedNow) due.push('reached');
  return due;
}

/** "$0.84", "$12.50", "$0.0031": cents from a cent up, two significant figures below. */
export function formatUsd(usd: number): string {
  if (usd === 0) return '$0.00';
  if (Math.abs(usd) >= 0.01) return `$${usd.toFixed(2)}`;
  return `$${usd.toPrecision(2)}`;
}

/** The UTC month of an instant, "YYYY-MM" (the quota's and the budget's month). */
export function utcMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** A monthly budget as people set it: dollars and cents, 0 to 1,000,000. */
export const MonthlyBudgetSchema = z
  .number({ error: 'Write the budget in US dollars, for example 50.' })
  .finite('Write the budget in US dollars, for example 50.')
  .min(0, 'A budget is 0 dollars or more.')
  .max(1_000_000, 'A budget is at most 1,000,000 dollars a month.')
  .transform((usd) => Math.round(usd * 100) / 100);
