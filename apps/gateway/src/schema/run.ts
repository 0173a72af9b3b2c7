import { findBrand } from '@lumen/db/repositories/brand.repository';
import {
  BUDGET_STOPPED_PREFIX,
  countBudgetStopped,
} from '@lumen/db/repositories/budget.repository';
import {
  databaseNow,
  findRun,
  listRunsFinishedSince,
  listRunsOfBrand,
  type RunRow,
} from '@lumen/db/repositories/run-query.repository';
import { runChange } from '@lumen/domain/metrics/run-change';
import { runStatus } from '@lumen/domain/status/run-status';
import { TOPIC } from '@lumen/jobs/events';
import { builder } from '../builder';
import type { Context } from '../context';
import { notFound } from '../errors';
import { runLoaders } from '../loaders/run-loaders';
import { activityExtension } from '../services/activity.service';
import { runEngineProgress } from '../services/run-progress';
import { cancelRun, startRun } from '../services/start-run.service';
import { rowStream } from '../subscriptions/row-stream';
import { requestStream } from '../subscriptions/stream-limits';
import { findOwned, findOwnedOrNull } from '../workspace-scope';
import { connectionType, newestFirst, pageArgs } from './connection';
import { CostType, sumCosts, UsageType } from './cost';
import { BrandType, RunType } from './refs';
import { ChangeVerdictEnum, JobStatusEnum } from './shared';

// Runs of a brand: start, cancel, read, page through, and follow live (docs/brands.md, "Runs").
// Another workspace's id answers exactly like a missing one. A run's answers are in answer.ts.

export const RunTriggerEnum = builder.enumType('RunTrigger', {
  values: ['SCHEDULED', 'MANUAL', 'QUICK_SCORE', 'TARGETED'] as const,
});
type EngineProgress = ReturnType<typeof runEngineProgress>[number];

const RunEngineProgressType = builder.objectRef<EngineProgress>('RunEngineProgress').implement({
  description: 'One engine’s part of a run: answers stored and queries failed out of total.',
  fields: (t) => ({
    engine: t.exposeString('engine'),
    label: t.exposeString('label'),
    done: t.exposeInt('done'),
    failed: t.exposeInt('failed'),
    total: t.exposeInt('total'),
    costUsd: t.exposeFloat('costUsd', {
      description: 'US dollars of its answers with a known price (docs/engines.md, "Costs").',
    }),
    unpricedAnswers: t.exposeInt('unpriced', {
      description: 'Its answers whose model has no price: not in `costUsd`, and not free.',
    }),
  }),
});

const OPEN = new Set(['QUEUED', 'RUNNING']);

type RunChange = NonNullable<ReturnType<typeof runChange>> & {
  previous: NonNullable<RunRow['previous']>;
};

const RunChangeType = builder.objectRef<RunChange>('RunChange').implement({
  description:
    'Against the brand’s previous full run, with the verdict of the KPI tiles: moved only when ' +
    'the two runs’ 95 % intervals of the mention rate do not overlap.',
  fields: (t) => ({
    score: t.exposeInt('score', { description: 'Score points, this run − the previous one.' }),
    mentionRate: t.exposeFloat('mentionRate', {
      description: 'Mention-rate change in rate points (0–1).',
    }),
    verdict: t.field({ type: ChangeVerdictEnum, resolve: (c) => c.verdict }),
    previousScore: t.int({ resolve: (c) => c.previous.score }),
    previousAnswers: t.int({ resolve: (c) => c.previous.metrics?.answers ?? 0 }),
  }),
});

RunType.implement({
  description: 'One measurement of a brand: its prompts asked on its engines.',
  fields: (t) => ({
    id: t.exposeID('id'),
    brand: t.field({
      type: BrandType,
      nullable: true,
      resolve: (r, _args, ctx) => runLoaders(ctx).brand.load(r.brandId),
    }),
    trigger: t.field({ type: RunTriggerEnum, resolve: (r) => r.trigger }),
    status: t.field({ type: JobStatusEnum, resolve: (r) => r.status }),
    total: t.exposeInt('total', { description: 'Prompts × engines × samples asked.' }),
    samples: t.exposeInt('samples', {
      description:
        'Answers asked of each prompt × engine: the brand’s samples, or more for a re-measure after a publication.',
    }),
    done: t.exposeInt('done', { description: 'Answers stored.' }),
    failed: t.exposeInt('failed', { description: 'Queries that failed after their retries.' }),
    engines: t.field({
      type: [RunEngineProgressType],
      resolve: async (r, _args, ctx) => {
        const loaders = runLoaders(ctx);
        const [counts, brand] = await Promise.all([
          loaders.engineCounts.load(r.id),
          loaders.brand.load(r.brandId),
        ]);
        return runEngineProgress({
          open: OPEN.has(r.status),
          total: r.total,
          brandEngines: brand?.engines ?? [],
          counts,
          label: loaders.engineLabel,
        });
      },
    }),
    cost: t.field({
      type: CostType,
      description: 'What its answers cost so far, by the price table when each was stored.',
      resolve: async (r, _args, ctx) => sumCosts(await runLoaders(ctx).engineCounts.load(r.id)),
    }),
    usage: t.field({
      type: UsageType,
      description: 'Tokens and searches its answers used, summed over engines.',
      resolve: async (r, _args, ctx) => {
        const counts = await runLoaders(ctx).engineCounts.load(r.id);
        const sum = (pick: (c: (typeof counts)[number]) => number) =>
          counts.reduce((total, c) => total + pick(c), 0);
        return {
          inputTokens: sum((c) => c.inputTokens),
          outputTokens: sum((c) => c.outputTokens),
          searchCalls: sum((c) => c.searchCalls),
        };
      },
    }),
    budgetStopped: t.int({
      description:
        'Queries the monthly budget stopped before they were asked (counted in `failed`; ' +
        'docs/engines.md, "Budget"). 0 for a run the budget never touched.',
      resolve: (r, _args, ctx) =>
        OPEN.has(r.status) || r.error?.startsWith(BUDGET_STOPPED_PREFIX)
          ? countBudgetStopped(ctx.deps.db, r.id)
          : 0,
    }),
    score: t.exposeInt('score', {
      nullable: true,
      description: 'Visibility score 0–100 over the non-branded answers; null until completed.',
    }),
    scoreChange: t.int({
      nullable: true,
      description:
        'Score minus the previous full run’s; null without one and for a targeted re-measure. ' +
        'Show it with `change.verdict`: a difference inside the noise is not a change.',
      resolve: (r) =>
        r.score === null || r.previous === null || r.trigger === 'TARGETED'
          ? null
          : r.score - r.previous.score,
    }),
    change: t.field({
      type: RunChangeType,
      nullable: true,
      description:
        'Null while open, without a previous full run, and always for a targeted re-measure ' +
        '(a few prompts are never compared with a full run).',
      resolve: (r) => {
        const change = r.previous ? runChange(r, r.previous) : null;
        return change && r.previous ? { ...change, previous: r.previous } : null;
      },
    }),
    promptCount: t.exposeInt('promptCount', {
      nullable: true,
      description: 'The prompts a targeted run asks; null for a run of every active prompt.',
    }),
    startedAt: t.expose('startedAt', { type: 'DateTime', nullable: true }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
    error: t.exposeString('error', {
      nullable: true,
      description:
        'Why a FAILED run stopped ("Cancelled" when a person cancelled it); on a COMPLETED run, ' +
        'why answers are missing ("Stopped at the monthly budget: …").',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const RunConnectionType = connectionType('Run', RunType);

builder.mutationField('startRun', (t) =>
  t.field({
    type: RunType,
    authScopes: { editor: true },
    description:
      'Measures the brand now: its active prompts on its engines. CONFLICT while the brand has a run queued or running.',
    args: { brandId: t.arg.id({ required: true }) },
    extensions: activityExtension('run.started'),
    resolve: async (_root, { brandId }, ctx) =>
      startRun(ctx.deps, (await ctx.workspace()).id, await ctx.acting(), String(brandId)),
  }),
);

builder.mutationField('cancelRun', (t) =>
  t.field({
    type: RunType,
    authScopes: { editor: true },
    description:
      'Stops a queued or running run (FAILED, error "Cancelled"); a finished run is left as it is.',
    args: { id: t.arg.id({ required: true }) },
    extensions: activityExtension('run.cancelled'),
    resolve: async (_root, { id }, ctx) =>
      cancelRun(ctx.deps, (await ctx.workspace()).id, await ctx.acting(), String(id)),
  }),
);

builder.queryField('run', (t) =>
  t.field({
    type: RunType,
    nullable: true,
    authScopes: { member: true },
    description: 'Null for a missing id and for another workspace’s run alike.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => findOwnedOrNull(ctx, id, findRun),
  }),
);

async function requireBrand(ctx: Context, brandId: string): Promise<string> {
  return (await findOwned(ctx, 'Brand', brandId, findBrand)).workspaceId;
}

builder.queryField('runs', (t) =>
  t.field({
    type: RunConnectionType,
    authScopes: { member: true },
    description: 'The brand’s runs, newest first.',
    args: {
      brandId: t.arg.id({ required: true }),
      first: t.arg.int({ description: '1–100, default 20.' }),
      after: t.arg.string(),
    },
    resolve: async (_root, args, ctx) => {
      const page = pageArgs(args, newestFirst);
      const workspaceId = await requireBrand(ctx, String(args.brandId));
      const rows = await listRunsOfBrand(ctx.deps.db, workspaceId, String(args.brandId), page);
      return page.connection(rows);
    },
  }),
);

builder.subscriptionField('runUpdated', (t) =>
  t.field({
    type: RunType,
    authScopes: { member: true },
    description: 'The run’s current state at once, then every change until COMPLETED or FAILED.',
    args: { id: t.arg.id({ required: true }) },
    subscribe: async (_root, { id }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      // Checked before the stream opens, so another workspace's id fails like a missing one.
      await findOwned(ctx, 'Run', id, findRun);
      return requestStream(ctx, (signal) => runUpdates(ctx, workspaceId, String(id), signal));
    },
    resolve: (row) => row,
  }),
);

builder.subscriptionField('runFinished', (t) =>
  t.field({
    type: RunType,
    authScopes: { member: true },
    description:
      'Each run of the workspace that finishes (COMPLETED or FAILED) from now on: the app’s “run finished” toasts.',
    subscribe: async (_root, _args, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      return requestStream(ctx, (signal) => finishedRuns(ctx, workspaceId, signal));
    },
    resolve: (row) => row,
  }),
);

/** A frame's identity: what the subscriber sees change. */
async function runKey(ctx: Context, run: RunRow): Promise<string> {
  const counts = await runLoaders(ctx).engineCounts.load(run.id);
  return JSON.stringify([run.status, run.done, run.failed, run.score, run.error, counts]);
}

function runUpdates(ctx: Context, workspaceId: string, id: string, signal: AbortSignal) {
  const loaders = runLoaders(ctx);
  return rowStream({
    events: ctx.deps.events,
    topic: TOPIC.run(id),
    signal,
    read: () => findRun(ctx.deps.db, workspaceId, id),
    missing: () => notFound('Run'),
    key: (run) => runKey(ctx, run),
    isFinal: (run) => runStatus.isFinal(run.status),
    beforeRead: () => {
      loaders.engineCounts.clearAll();
      loaders.run.clearAll();
    },
  });
}

async function* finishedRuns(
  ctx: Context,
  workspaceId: string,
  signal: AbortSignal,
): AsyncGenerator<RunRow> {
  const events = ctx.deps.events.subscribe(TOPIC.workspace(workspaceId), signal);
  const loaders = runLoaders(ctx);
  // Postgres' clock stamps finished_at, so it also starts the window (no skew loses a run).
  let since = await databaseNow(ctx.deps.db);
  try {
    while (true) {
      const next = await events.next();
      if (next.done) return;
      loaders.engineCounts.clearAll();
      loaders.brand.clearAll();
      for (const run of await listRunsFinishedSince(ctx.deps.db, workspaceId, since)) {
        if (run.finishedAt && run.finishedAt > since) since = run.finishedAt;
        yield run;
      }
    }
  } finally {
    await events.return?.();
  }
}
