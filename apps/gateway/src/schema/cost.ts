import { roundUsd } from '@lumen/domain/costs/answer-cost';
import { builder } from '../builder';

// What answers used and cost (docs/engines.md, "Costs"). Costs are US dollars by the price
// table when each answer was stored; an answer whose model has no price counts as unpriced,
// never as free.

export type UsageTotals = {
  inputTokens: number | null;
  outputTokens: number | null;
  searchCalls: number | null;
};

export const UsageType = builder.objectRef<UsageTotals>('Usage').implement({
  description: 'Tokens and searches a provider reported (null where it reported none).',
  fields: (t) => ({
    inputTokens: t.exposeFloat('inputTokens', { nullable: true }),
    outputTokens: t.exposeFloat('outputTokens', { nullable: true }),
    searchCalls: t.exposeFloat('searchCalls', {
      nullable: true,
      description: 'Web searches or grounding calls the provider made (priced per call).',
    }),
  }),
});

export type CostTotals = { usd: number; unpricedAnswers: number };

export const CostType = builder.objectRef<CostTotals>('Cost').implement({
  description:
    'US dollars of answers by the price table. `usd` adds the answers with a known price; ' +
    '`unpricedAnswers` counts the others (a model the table does not list), which are not free.',
  fields: (t) => ({
    usd: t.exposeFloat('usd'),
    unpricedAnswers: t.exposeInt('unpricedAnswers'),
    complete: t.boolean({
      description: 'True when every answer had a price.',
      resolve: (c) => c.unpricedAnswers === 0,
    }),
  }),
});

/** Sums cost rows (engines of a run, of a month). */
export function sumCosts(rows: readonly { costUsd: number; unpriced: number }[]): CostTotals {
  return {
    usd: roundUsd(rows.reduce((sum, r) => sum + r.costUsd, 0)),
    unpricedAnswers: rows.reduce((sum, r) => sum + r.unpriced, 0),
  };
}
