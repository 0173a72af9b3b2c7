import { describe, expect, it } from 'vitest';
import { estimateView } from './estimateView';

const paid = {
  answers: 200,
  costUsd: 0.84,
  unpricedEngines: [],
  byEngine: [{ label: 'ChatGPT', costUsd: 0.84 }],
};
const local = {
  answers: 20,
  costUsd: 0,
  unpricedEngines: [],
  byEngine: [{ label: 'Local GPT (offline)', costUsd: 0 }],
};
const noBudget = { budgetUsd: null, spentUsd: 3, heldUsd: 0 };

describe('estimateView', () => {
  it.each([
    [paid, noBudget, 'about 200 answers, ≈ $0.84', null],
    [local, noBudget, 'about 20 answers, free (local engine)', null],
    [
      local,
      { budgetUsd: 1, spentUsd: 1, heldUsd: 0 },
      'about 20 answers, free (local engine)',
      null,
    ],
    [{ ...paid, answers: 0, costUsd: 0 }, noBudget, 'no active prompts to ask yet', null],
    [
      {
        ...paid,
        unpricedEngines: ['openai-compatible'],
        byEngine: [...paid.byEngine, { label: 'Llama', costUsd: null }],
      },
      noBudget,
      'about 200 answers, ≈ $0.84 + Llama without a price',
      null,
    ],
    [paid, { budgetUsd: 5, spentUsd: 1, heldUsd: 0 }, 'about 200 answers, ≈ $0.84', null],
    [
      paid,
      { budgetUsd: 5, spentUsd: 4.5, heldUsd: 0.1 },
      'about 200 answers, ≈ $0.84',
      'Over the budget: $0.40 of the monthly budget is left, so paid answers past it will not be asked.',
    ],
    [
      paid,
      { budgetUsd: 5, spentUsd: 5.2, heldUsd: 0 },
      'about 200 answers, ≈ $0.84',
      'The monthly budget is spent: paid engines will not be asked; free engines still answer.',
    ],
  ])('%o with %o', (estimate, budget, text, warning) => {
    expect(estimateView(estimate, budget)).toEqual({ text, budgetWarning: warning });
  });
});
