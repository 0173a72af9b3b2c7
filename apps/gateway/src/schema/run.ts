import { findBrand } from '@lumen/db/repositories/brand.repository';
import {
  databaseNow,
  findRun,
  listAnswers,
  listRunsFinishedSince,
  listRunsOfBrand,
  type RunRow,
} from '@lumen/db/repositories/run-query.repository';
import { TOPIC } from '@lumen/jobs/events';
import { builder } from '../builder';
import type { Context } from '../context';
import { LumenError, notFound } from '../errors';
import { runLoaders } from '../loaders/run-loaders';
import { isUuid } from '../services/brand-rules';
import { cancelRun, startRun } from '../services/start-run.service';
import { requestStream } from '../subscriptions/stream-limits';
import { pageArgs, toConnection } from './connection';
import { AnswerConnectionType, RunConnectionType, RunType } from './run-types';

// Runs of a brand: start, cancel, read, page through, and follow live (docs/brands.md, "Runs").
// Another workspace's id answers exactly like a missing one.

builder.mutationField('startRun', (t) =>
  t.field({
    type: RunType,
    authScopes: { editor: true },
    description:
      'Measures the brand now: its active prompts on its engines. CONFLICT while the brand has a run queued or running.',
    args: { brandId: t.arg.id({ required: true }) },
    resolve: async (_root, { brandId }, ctx) =>
      startRun(ctx.deps, (await ctx.workspace()).id, String(brandId)),
  }),
);

builder.mutationField('cancelRun', (t) =>
  t.field({
    type: RunType,
    authScopes: { editor: true },
    description:
      'Stops a queued or running run (FAILED, error "Cancelled"); a finished run is left as it is.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) =>
      cancelRun(ctx.deps, (await ctx.workspace()).id, String(id)),
  }),
);

builder.queryField('run', (t) =>
  t.field({
    type: RunType,
    nullable: true,
    authScopes: { member: true },
    description: 'Null for a missing id and for another workspace’s run alike.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) =>
      isUuid(String(id)) ? findRun(ctx.deps.db, (await ctx.workspace()).id, String(id)) : null,
  }),
);

async function requireBrand(ctx: Context, brandId: string): Promise<string> {
  const workspaceId = (await ctx.workspace()).id;
  if (!isUuid(brandId) || !(await findBrand(ctx.deps.db, workspaceId, brandId))) {
    throw notFound('Brand');
  }
  return workspaceId;
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
      const page = pageArgs(args);
      const workspaceId = await requireBrand(ctx, String(args.brandId));
      const rows = await listRunsOfBrand(ctx.deps.db, workspaceId, String(args.brandId), page);
      return toConnection(rows, page.first);
    },
  }),
);

builder.queryField('answers', (t) =>
  t.field({
    type: AnswerConnectionType,
    authScopes: { member: true },
    description: 'The brand’s answers newest first, optionally of one run, prompt or engine.',
    args: {
      brandId: t.arg.id({ required: true }),
      runId: t.arg.id(),
      promptId: t.arg.id(),
      engine: t.arg.string(),
      first: t.arg.int({ description: '1–100, default 20.' }),
      after: t.arg.string(),
    },
    resolve: async (_root, args, ctx) => {
      const page = pageArgs(args);
      const workspaceId = await requireBrand(ctx, String(args.brandId));
      for (const [name, value] of [
        ['runId', args.runId],
        ['promptId', args.promptId],
      ] as const) {
        if (value != null && !isUuid(String(value))) {
          throw new LumenError('BAD_USER_INPUT', `${name}: not an id.`, {
            fields: { [name]: 'Not an id.' },
          });
        }
      }
      const rows = await listAnswers(
        ctx.deps.db,
        workspaceId,
        {
          brandId: String(args.brandId),
          runId: args.runId == null ? null : String(args.runId),
          promptId: args.promptId == null ? null : String(args.promptId),
          engine: args.engine ?? null,
        },
        page,
      );
      return toConnection(rows, page.first);
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
      if (!isUuid(String(id))) throw notFound('Run');
      // Checked before the stream opens, so another workspace's id fails like a missing one.
      if (!(await findRun(ctx.deps.db, workspaceId, String(id)))) throw notFound('Run');
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

const FINAL = new Set(['COMPLETED', 'FAILED']);

/** A frame's identity: what the subscriber sees change. */
async function runKey(ctx: Context, run: RunRow): Promise<string> {
  const counts = await runLoaders(ctx).engineCounts.load(run.id);
  return JSON.stringify([run.status, run.done, run.failed, run.score, run.error, counts]);
}

async function* runUpdates(
  ctx: Context,
  workspaceId: string,
  id: string,
  signal: AbortSignal,
): AsyncGenerator<RunRow> {
  // Subscribe before the first read so no change between the two is missed.
  const events = ctx.deps.events.subscribe(TOPIC.run(id), signal);
  const loaders = runLoaders(ctx);
  try {
    let run = await findRun(ctx.deps.db, workspaceId, id);
    if (!run) throw notFound('Run');
    let last = await runKey(ctx, run);
    yield run;
    while (!FINAL.has(run.status)) {
      const next = await events.next();
      if (next.done) return;
      // One subscription keeps one context: drop what the previous frame cached.
      loaders.engineCounts.clearAll();
      loaders.run.clearAll();
      const fresh = await findRun(ctx.deps.db, workspaceId, id);
      if (!fresh) return;
      run = fresh;
      const key = await runKey(ctx, run);
      if (key !== last) yield run;
      last = key;
    }
  } finally {
    await events.return?.();
  }
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
