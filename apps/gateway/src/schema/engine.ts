import { findWorkspacePlan } from '@lumen/db/repositories/brand.repository';
import { PLAN_LIMITS } from '@lumen/domain/brands/plan-limits';
import { defaultEngineIds, listEngines } from '@lumen/engines/registry';
import { builder } from '../builder';
import { engineEnv } from '../services/brand-rules';
import { planName } from '../services/plan-name';
import { CadenceEnum } from './brand';

type EngineInfo = { id: string; label: string; provider: string; offline: boolean };

const EngineType = builder.objectRef<EngineInfo>('Engine').implement({
  description: 'An answer engine this server can ask.',
  fields: (t) => ({
    id: t.exposeID('id'),
    label: t.exposeString('label'),
    provider: t.exposeString('provider'),
    offline: t.exposeBoolean('offline', {
      description: 'Answers from the local corpus without network or keys.',
    }),
  }),
});

builder.queryField('engines', (t) =>
  t.field({
    type: [EngineType],
    authScopes: { public: true },
    description: 'The configured AI providers, then the local (offline) engines.',
    resolve: (_root, _args, ctx) => listEngines(engineEnv(ctx.deps)),
  }),
);

builder.queryField('quickScoreEngines', (t) =>
  t.field({
    type: [EngineType],
    authScopes: { public: true },
    description:
      'The engines a quick check asks right now: every configured provider, else the offline engines.',
    resolve: (_root, _args, ctx) => {
      const env = engineEnv(ctx.deps);
      const byId = new Map(listEngines(env).map((e) => [e.id, e]));
      return defaultEngineIds(env).flatMap((id) => byId.get(id) ?? []);
    },
  }),
);

type Limits = (typeof PLAN_LIMITS)[keyof typeof PLAN_LIMITS] & {
  plan: string;
  planName: string | null;
};

export const PlanLimitsType = builder.objectRef<Limits>('PlanLimits').implement({
  description: 'What the workspace’s plan allows; the API answers QUOTA_EXCEEDED beyond it.',
  fields: (t) => ({
    plan: t.exposeString('plan'),
    planName: t.exposeString('planName', {
      nullable: true,
      description: 'The plan to show people; null when this instance sells no plans.',
    }),
    brands: t.exposeInt('brands'),
    prompts: t.exposeInt('prompts', { description: 'Active prompts across all brands.' }),
    engines: t.exposeInt('engines', { description: 'Engines per brand.' }),
    seats: t.exposeInt('seats', { description: 'Members plus pending invitations.' }),
    answersPerMonth: t.exposeInt('answersPerMonth', {
      description: 'Answers from paid providers per calendar month (UTC); local answers are free.',
    }),
    cadences: t.field({ type: [CadenceEnum], resolve: (l) => [...l.cadences] }),
  }),
});

builder.queryField('planLimits', (t) =>
  t.field({
    type: PlanLimitsType,
    authScopes: { member: true },
    resolve: async (_root, _args, ctx) => {
      const workspace = await ctx.workspace();
      const plan = await findWorkspacePlan(ctx.deps.db, workspace.id);
      return {
        ...PLAN_LIMITS[plan],
        plan: plan.toUpperCase(),
        planName: planName(plan, ctx.deps.env),
      };
    },
  }),
);
