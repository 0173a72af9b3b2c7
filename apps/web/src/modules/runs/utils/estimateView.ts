import { plural, usd } from '../../../ui/format';

// What a run would ask and cost, said before it starts (docs/engines.md, "Estimates"), and
// whether the month's budget has room for it. Table tests beside this file.

type Estimate = {
  answers: number;
  costUsd: number;
  unpricedEngines: readonly string[];
  byEngine: readonly { label: string; costUsd: number | null }[];
};

type Budget = { budgetUsd: number | null; spentUsd: number; heldUsd: number };

export type EstimateView = {
  /** "about 200 answers, ≈ $0.84"; "about 20 answers, free (local engine)". */
  text: string;
  /** Said beside the estimate when the month's budget has no room for all of it. */
  budgetWarning: string | null;
};

export function estimateView(estimate: Estimate, budget: Budget | null): EstimateView {
  if (estimate.answers === 0) {
    return { text: 'no active prompts to ask yet', budgetWarning: null };
  }
  const answers = `about ${plural(estimate.answers, 'answer')}`;
  const unpriced = estimate.byEngine.filter((e) => e.costUsd === null).map((e) => e.label);
  const free = estimate.costUsd === 0 && unpriced.length === 0;
  const cost = free
    ? 'free (local engine)'
    : `≈ ${usd(estimate.costUsd)}${unpriced.length > 0 ? ` + ${unpriced.join(', ')} without a price` : ''}`;
  return {
    text: `${answers}, ${cost}`,
    budgetWarning: free ? null : budgetWarning(estimate, budget),
  };
}

function budgetWarning(estimate: Estimate, budget: Budget | null): string | null {
  if (!budget || budget.budgetUsd === null) return null;
  const left = Math.max(0, budget.budgetUsd - budget.spentUsd - budget.heldUsd);
  if (left <= 0) {
    return 'The monthly budget is spent: paid engines will not be asked; free engines still answer.';
  }
  if (estimate.costUsd > left) {
    return `Over the budget: ${usd(left)} of the monthly budget is left, so paid answers past it will not be asked.`;
  }
  return null;
}
