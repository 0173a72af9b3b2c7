import { findWorkspacePlan } from '@lumen/db/repositories/brand.repository';
import { PLAN_LIMITS } from '@lumen/domain/brands/plan-limits';
import { engineLocation, engineLocationNote } from '@lumen/domain/engines/engine-location';
import {
  ENGINE_SURFACES,
  type ListedEngine,
  serverEngineList,
} from '@lumen/engines/connections/workspace-engines';
import { defaultEngineIds } from '@lumen/engines/registry';
import { builder } from '../builder';
import { engineEnv, workspaceEngines } from '../services/brand-rules';
import { planName } from '../services/plan-name';
import { CadenceEnum } from './brand';
import { ConnectionSourceEnum, ConnectionStatusEnum } from './engine-connection';

const EngineSurfaceEnum = builder.enumType('EngineSurface', {
  values: ENGINE_SURFACES,
  description:
    'MODEL_API: a provider’s model endpoint. ANSWER_PAGE: an answer on a results page (AI Overviews, AI Mode).',
});

const EngineLocationEnum = builder.enumType('EngineLocation', {
  values: ['COUNTRY_AND_LANGUAGE', 'COUNTRY', 'NONE'] as const,
  description:
    'Whether the engine is asked for the prompt’s place: COUNTRY_AND_LANGUAGE (a results page asked for both), COUNTRY (the web search gets an approximate user location), NONE (no location parameter: only the prompt’s language places the answer).',
});

const EngineType = builder.objectRef<ListedEngine>('Engine').implement({
  description: 'An answer engine the workspace (or, signed out, this server) can ask.',
  fields: (t) => ({
    id: t.exposeID('id'),
    label: t.exposeString('label'),
    provider: t.exposeString('provider'),
    offline: t.exposeBoolean('offline', {
      description: 'Answers from the local corpus without network or keys.',
    }),
    surface: t.field({ type: EngineSurfaceEnum, resolve: (e) => e.surface }),
    searchesWeb: t.exposeBoolean('searchesWeb', {
      description: 'Searches the web before it answers (its citations are pages it read).',
    }),
    location: t.field({
      type: EngineLocationEnum,
      resolve: (e) => engineLocation(e.id),
    }),
    locationNote: t.string({
      description: 'Whether the location is applied, and how or why not, in a sentence.',
      resolve: (e) => engineLocationNote(e.id, e.offline),
    }),
    source: t.field({
      type: ConnectionSourceEnum,
      description:
        'WORKSPACE: the workspace’s own connection answers ("your key"). SERVER: the server’s settings or the local engines ("from the server").',
      resolve: (e) => e.source,
    }),
    status: t.field({
      type: ConnectionStatusEnum,
      nullable: true,
      description:
        'The workspace connection’s last test; null for SERVER engines. A FAILING engine can still be picked: runs ask it and record its failures.',
      resolve: (e) => e.status,
    }),
  }),
});

builder.queryField('engines', (t) =>
  t.field({
    type: [EngineType],
    authScopes: { public: true },
    description:
      'The engines brands can pick: the configured AI providers (a workspace connection stands for the server’s settings of its kind), then the local (offline) engines. Signed out: the server’s.',
    resolve: async (_root, _args, ctx) => {
      if (!ctx.user) return serverEngineList(engineEnv(ctx.deps));
      return workspaceEngines(ctx.deps.db, ctx.deps, (await ctx.workspace()).id);
    },
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
      const byId = new Map(serverEngineList(env).map((e) => [e.id, e]));
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
