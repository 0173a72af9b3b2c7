import { countBrands, findWorkspacePlan } from '@lumen/db/repositories/brand.repository';
import { countActivePrompts } from '@lumen/db/repositories/keyword.repository';
import { countSeats } from '@lumen/db/repositories/team.repository';
import { answersInMonth } from '@lumen/db/repositories/usage.repository';
import type { MemberWorkspace } from '@lumen/db/repositories/workspace.repository';
import { isPaidEngine } from '@lumen/domain/brands/answer-quota';
import { PLAN_LIMITS } from '@lumen/domain/brands/plan-limits';
import { parseUsageMonth } from '@lumen/domain/brands/usage-month';
import { builder } from '../builder';
import { LumenError } from '../errors';
import { engineLabels } from '../services/brand-metrics.service';
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
      const [engines, brands, prompts, seats, plan] = await Promise.all([
        answersInMonth(db, workspace.id, parsed.start),
        countBrands(db, workspace.id),
        countActivePrompts(db, workspace.id),
        countSeats(db, workspace.id, new Date()),
        findWorkspacePlan(db, workspace.id),
      ]);
      const labels = engineLabels(ctx);
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
