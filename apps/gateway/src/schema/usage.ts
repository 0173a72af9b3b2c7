import { countBrands, findWorkspacePlan } from '@lumen/db/repositories/brand.repository';
import { type MonthSpend, monthSpend } from '@lumen/db/repositories/budget.repository';
import { countActivePrompts } from '@lumen/db/repositories/keyword.repository';
import { countSeats } from '@lumen/db/repositories/team.repository';
import { answersInMonth } from '@lumen/db/repositories/usage.repository';
import type { MemberWorkspace } from '@lumen/db/repositories/workspace.repository';
import { isPaidEngine } from '@lumen/domain/brands/answer-quota';
import { PLAN_LIMITS } from '@lumen/domain/brands/plan-limits';
import { parseUsageMonth } from '@lumen/domain/brands/usage-month';
import { builder } from '../builder';
import { LumenError, unauthenticated } from '../errors';
import { activityExtension } from '../services/activity.service';
import { workspaceEngineLabels } from '../services/brand-metrics.service';
import { setMonthlyBudgetAs } from '../services/budget.service';
import { planName } from '../services/plan-name';
import { type CostTotals, CostType, sumCosts } from './cost';
import { PlanLimitsType } from './engine';
import { WorkspaceType } from './me';

// Settings → Plan and usage (docs/brands.md, "Answer quota"): what the workspace used in a
// month against what its plan allows. A Workspace object is only ever handed to its members
// (me.workspaces, currentWorkspace), so its usage is theirs to read, whatever their role.

type EngineUsage = {
  engine: string;
  label: string;
  answers: number;
  paid: boolean;
  costUsd: number;
  unpriced: number;
};

type WorkspaceUsage = {
  month: string;
  resetsOn: string;
  byEngine: EngineUsage[];
  answers: number;
  paidAnswers: number;
  cost: CostTotals;
  budget: MonthSpend;
  brands: number;
  prompts: number;
  seats: number;
  limits: (typeof PLAN_LIMITS)[keyof typeof PLAN_LIMITS] & {
    plan: string;
    planName: string | null;
  };
};

const EngineUsageType = builder.objectRef<EngineUsage>('EngineUsage').implement({
  description: 'Answers one engine gave the workspace in a month.',
  fields: (t) => ({
    engine: t.exposeString('engine'),
    label: t.exposeString('label'),
    answers: t.exposeInt('answers'),
    paid: t.exposeBoolean('paid', {
      description: 'Counts against the monthly answer quota (the local engine never does).',
    }),
    costUsd: t.exposeFloat('costUsd', {
      description: 'US dollars of its answers with a known price (docs/engines.md, "Costs").',
    }),
    unpricedAnswers: t.exposeInt('unpriced', {
      description: 'Its answers whose model has no price: not in `costUsd`, and not free.',
    }),
  }),
});

const BudgetType = builder.objectRef<MonthSpend>('MonthlyBudget').implement({
  description:
    'The month’s spend on paid answers against the workspace’s budget (docs/engines.md, "Budget").',
  fields: (t) => ({
    budgetUsd: t.exposeFloat('budgetUsd', {
      nullable: true,
      description: 'US dollars a month; null: no budget.',
    }),
    spentUsd: t.exposeFloat('spentUsd', {
      description: 'Charged this month: the known costs of stored answers.',
    }),
    heldUsd: t.exposeFloat('heldUsd', {
      description: 'Held for paid answers being asked now (their typical cost each).',
    }),
    warnedAt: t.expose('warnedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When 80 % was reached this month.',
    }),
    reachedAt: t.expose('reachedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When the budget stopped paid answers this month.',
    }),
  }),
});

const WorkspaceUsageType = builder.objectRef<WorkspaceUsage>('WorkspaceUsage').implement({
  description: 'What the workspace used in one calendar month (UTC) against its plan.',
  fields: (t) => ({
    month: t.exposeString('month', { description: '"YYYY-MM", in UTC.' }),
    resetsOn: t.expose('resetsOn', {
      type: 'Date',
      description: 'The day the monthly answer quota starts again.',
    }),
    byEngine: t.field({ type: [EngineUsageType], resolve: (u) => u.byEngine }),
    answers: t.exposeInt('answers', { description: 'Every stored answer of the month.' }),
    paidAnswers: t.exposeInt('paidAnswers', {
      description: 'Answers from paid providers: what the quota counts.',
    }),
    cost: t.field({
      type: CostType,
      description: 'What the month’s answers cost, over every engine.',
      resolve: (u) => u.cost,
    }),
    budget: t.field({ type: BudgetType, resolve: (u) => u.budget }),
    brands: t.exposeInt('brands', { description: 'Brands now.' }),
    prompts: t.exposeInt('prompts', { description: 'Active prompts now, across all brands.' }),
    seats: t.exposeInt('seats', { description: 'Members plus pending invitations now.' }),
    limits: t.field({ type: PlanLimitsType, resolve: (u) => u.limits }),
  }),
});

builder.objectField(WorkspaceType, 'usage', (t) =>
  t.field({
    type: WorkspaceUsageType,
    description:
      'Answers per engine in a month ("YYYY-MM", UTC; this month by default), and brands, prompts and seats now, with the plan’s limits.',
    args: { month: t.arg.string({ required: false }) },
    resolve: async (workspace: MemberWorkspace, { month }, ctx) => {
      const parsed = parseUsageMonth(month, new Date());
      if (!parsed) {
        throw new LumenError('BAD_USER_INPUT', 'A month is written YYYY-MM, for example 2026-11.', {
          fields: { month: 'Write the month as YYYY-MM.' },
        });
      }
      const db = ctx.deps.db;
      const [engines, brands, prompts, seats, plan, budget] = await Promise.all([
        answersInMonth(db, workspace.id, parsed.start),
        countBrands(db, workspace.id),
        countActivePrompts(db, workspace.id),
        countSeats(db, workspace.id, new Date()),
        findWorkspacePlan(db, workspace.id),
        monthSpend(db, workspace.id, parsed.month),
      ]);
      const labels = await workspaceEngineLabels(ctx);
      const byEngine = engines.map((e) => ({
        ...e,
        label: labels.get(e.engine) ?? e.engine,
        paid: isPaidEngine(e.engine),
      }));
      return {
        month: parsed.month,
        resetsOn: parsed.resetsOn,
        byEngine,
        answers: byEngine.reduce((sum, e) => sum + e.answers, 0),
        paidAnswers: byEngine.reduce((sum, e) => sum + (e.paid ? e.answers : 0), 0),
        cost: sumCosts(byEngine),
        budget,
        brands,
        prompts,
        seats,
        limits: {
          ...PLAN_LIMITS[plan],
          plan: plan.toUpperCase(),
          planName: planName(plan, ctx.deps.env),
        },
      };
    },
  }),
);

builder.mutationField('setMonthlyBudget', (t) =>
  t.field({
    type: WorkspaceType,
    description:
      'Owners and admins: the monthly budget for paid answers in US dollars; `usd: null` removes ' +
      'it. From 80 % the log and the `budget.warning` event say so; at 100 % no new paid answer ' +
      'starts until the next month (UTC).',
    authScopes: { member: true },
    args: {
      workspaceId: t.arg.id({ required: true }),
      usd: t.arg.float({ required: false }),
    },
    extensions: activityExtension('workspace.budget_changed'),
    resolve: async (_root, args, ctx) => {
      if (!ctx.user) throw unauthenticated();
      return setMonthlyBudgetAs(
        ctx.deps,
        ctx.user,
        await ctx.acting(),
        String(args.workspaceId),
        args.usd ?? null,
      );
    },
  }),
);
