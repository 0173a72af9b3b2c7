import { findBrand } from '@lumen/db/repositories/brand.repository';
import { countBrandActivePrompts } from '@lumen/db/repositories/keyword.repository';
import { brandCostByEngine } from '@lumen/db/repositories/usage.repository';
import { type CostEstimate, estimateRunCost, roundUsd } from '@lumen/domain/costs/answer-cost';
import { loadPriceTable, typicalCost } from '@lumen/engines/pricing/price-table';
import { builder } from '../builder';
import { badInput } from '../errors';
import { runLoaders } from '../loaders/run-loaders';
import { parseFilter } from '../services/brand-metrics.service';
import { workspaceEngines } from '../services/brand-rules';
import { findOwned } from '../workspace-scope';
import { MetricsFilterInput } from './metrics';
import { BrandType } from './refs';

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

type EstimateView = CostEstimate & {
  prompts: number;
  samples: number;
  byEngine: (CostEstimate['byEngine'][number] & { label: string })[];
};

const EngineEstimateType = builder
  .objectRef<EstimateView['byEngine'][number]>('EngineCostEstimate')
  .implement({
    fields: (t) => ({
      engine: t.exposeString('engine'),
      label: t.exposeString('label'),
      answers: t.exposeInt('answers'),
      costUsd: t.exposeFloat('costUsd', {
        nullable: true,
        description: 'Null when the engine’s model has no price (not free: unknown).',
      }),
    }),
  });

const CostEstimateType = builder.objectRef<EstimateView>('CostEstimate').implement({
  description:
    'What one run would ask and cost before anything is spent: prompts × engines × samples, ' +
    'each engine at its typical answer (docs/engines.md, "Estimates").',
  fields: (t) => ({
    prompts: t.exposeInt('prompts'),
    samples: t.exposeInt('samples'),
    answers: t.exposeInt('answers'),
    costUsd: t.exposeFloat('costUsd', { description: 'Over the engines with a price.' }),
    unpricedEngines: t.exposeStringList('unpricedEngines'),
    byEngine: t.field({ type: [EngineEstimateType], resolve: (e) => e.byEngine }),
  }),
});

builder.queryField('costEstimate', (t) =>
  t.field({
    type: CostEstimateType,
    authScopes: { member: true },
    description:
      'The answers and the cost of one run, before it starts. With `brandId`: that brand’s ' +
      'active prompts, engines and samples; `engines`, `samples` and `prompts` replace them ' +
      '(the brand form asks with what is being typed).',
    args: {
      brandId: t.arg.id({ required: false }),
      engines: t.arg.stringList({ required: false }),
      samples: t.arg.int({ required: false }),
      prompts: t.arg.int({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const brand =
        args.brandId == null ? null : await findOwned(ctx, 'Brand', args.brandId, findBrand);
      const workspaceId = brand?.workspaceId ?? (await ctx.workspace()).id;
      const samples = args.samples ?? brand?.samples ?? 1;
      if (!Number.isInteger(samples) || samples < 1 || samples > 5) {
        throw badInput([{ path: ['samples'], message: 'Samples are 1 to 5.' }]);
      }
      const prompts =
        args.prompts ??
        (brand ? await countBrandActivePrompts(ctx.deps.db, workspaceId, brand.id) : 0);
      if (!Number.isInteger(prompts) || prompts < 0 || prompts > 10_000) {
        throw badInput([{ path: ['prompts'], message: 'Prompts are 0 to 10,000.' }]);
      }
      const listed = await workspaceEngines(ctx.deps.db, ctx.deps, workspaceId);
      const byId = new Map(listed.map((e) => [e.id, e]));
      const engineIds = [...new Set(args.engines ?? brand?.engines ?? [])].slice(0, 50);
      const prices = loadPriceTable(ctx.deps.env);
      const estimate = estimateRunCost(
        engineIds.map((engine) => {
          const info = byId.get(engine);
          return {
            engine,
            answers: prompts * samples,
            answerCostUsd: info ? typicalCost(prices, info.provider, info.model) : null,
          };
        }),
      );
      const label = runLoaders(ctx).engineLabel;
      return {
        ...estimate,
        prompts,
        samples,
        byEngine: estimate.byEngine.map((e) => ({
          ...e,
          label: byId.get(e.engine)?.label ?? label(e.engine),
        })),
      };
    },
  }),
);

type EngineCost = {
  engine: string;
  label: string;
  answers: number;
  costUsd: number;
  unpriced: number;
};

const EngineCostType = builder.objectRef<EngineCost>('EngineCost').implement({
  description: 'What one engine’s answers cost over a period (docs/engines.md, "Costs").',
  fields: (t) => ({
    engine: t.exposeString('engine'),
    label: t.exposeString('label'),
    answers: t.exposeInt('answers', { description: 'Stored answers (failures cost nothing).' }),
    costUsd: t.exposeFloat('costUsd', {
      description: 'US dollars of its answers with a known price.',
    }),
    unpricedAnswers: t.exposeInt('unpriced', {
      description: 'Its answers whose model has no price: not in `costUsd`, and not free.',
    }),
  }),
});

builder.objectField(BrandType, 'costByEngine', (t) =>
  t.field({
    type: [EngineCostType],
    description:
      'What the brand’s answers cost per engine over the filter’s days (its period, in the ' +
      'brand’s time zone; the other filters do not apply to costs). Most expensive first.',
    args: { filter: t.arg({ type: MetricsFilterInput, required: true }) },
    resolve: async (b, { filter }, ctx) => {
      const f = parseFilter(filter, b);
      const rows = await brandCostByEngine(ctx.deps.db, b.workspaceId, b.id, {
        from: f.from,
        to: f.to,
        timezone: b.schedule.timezone,
      });
      const label = runLoaders(ctx).engineLabel;
      return rows.map((r) => ({ ...r, label: label(r.engine) }));
    },
  }),
);
