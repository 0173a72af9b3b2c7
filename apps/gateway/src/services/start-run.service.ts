import { findBrand } from '@lumen/db/repositories/brand.repository';
import { findRun, type RunRow } from '@lumen/db/repositories/run-query.repository';
import { cancelOpenRun, startBrandRun } from '@lumen/db/repositories/run-start.repository';
import { quoted } from '@lumen/domain/activity/activity-entry';
import { enqueueBrandRun, removeBrandRunJobs } from '@lumen/jobs/brand-run';
import { publishEvent, TOPIC } from '@lumen/jobs/events';
import type { Acting, GatewayDeps } from '../context';
import { LumenError, notFound } from '../errors';
import { findOwned } from '../workspace-scope';
import { logActivity } from './activity.service';

type Deps = Pick<GatewayDeps, 'db' | 'queues' | 'redis' | 'env'>;

/**
 * A manual run of a brand: one open run per brand (CONFLICT names the open one), within the
 * plan's answer quota, then the `brand-run` job with job id = run id, after the row commits
 * (docs/jobs.md, "The contract").
 */
export async function startRun(
  deps: Deps,
  workspaceId: string,
  acting: Acting,
  brandId: string,
): Promise<RunRow> {
  const runId = await deps.db.transaction(async (tx) => {
    const outcome = await findOwned(
      { db: tx, workspaceId },
      'Brand',
      brandId,
      async (db, ws, id) => {
        const started = await startBrandRun(db, {
          trigger: 'MANUAL',
          brandId: id,
          workspaceId: ws,
          plans: Boolean(deps.env.PLANS),
        });
        return started.kind === 'no-brand' ? null : started;
      },
    );
    switch (outcome.kind) {
      case 'busy':
        throw new LumenError(
          'CONFLICT',
          'This brand is already being measured; wait for that run to finish or cancel it.',
          { runId: outcome.runId },
        );
      case 'nothing-to-ask':
        throw new LumenError(
          'BAD_USER_INPUT',
          'This brand has no active prompts or no engines, so a run would ask nothing.',
        );
      case 'quota-exceeded': {
        const { quota } = outcome;
        throw new LumenError(outcome.code, outcome.message, {
          plan: quota.plan.toUpperCase(),
          resource: 'answers',
          limit: quota.limit,
          remaining: quota.remaining,
          needed: quota.needed,
        });
      }
      case 'started': {
        const brand = await findBrand(tx, workspaceId, brandId);
        await logActivity(tx, acting, {
          workspaceId,
          kind: 'run.started',
          message: `Started a run of ${quoted(brand?.name ?? 'a brand')}`,
          subjectType: 'run',
          subjectId: outcome.runId,
          brandId,
          data: { trigger: 'MANUAL' },
        });
        return outcome.runId;
      }
    }
  });
  await enqueueBrandRun(deps.queues, runId);
  await announce(deps, workspaceId, runId);
  const run = await findRun(deps.db, workspaceId, runId);
  if (!run) throw notFound('Run');
  return run;
}

/** Cancels an open run; a finished run is returned as it is (cancelling twice is harmless). */
export async function cancelRun(
  deps: Deps,
  workspaceId: string,
  acting: Acting,
  runId: string,
): Promise<RunRow> {
  const before = await findOwned({ db: deps.db, workspaceId }, 'Run', runId, findRun);
  const changed = await deps.db.transaction(async (tx) => {
    const cancelled = await cancelOpenRun(tx, workspaceId, runId);
    if (cancelled) {
      const brand = await findBrand(tx, workspaceId, before.brandId);
      await logActivity(tx, acting, {
        workspaceId,
        kind: 'run.cancelled',
        message: `Cancelled a run of ${quoted(brand?.name ?? 'a brand')}`,
        subjectType: 'run',
        subjectId: runId,
        brandId: before.brandId,
        data: { status: { from: before.status, to: 'FAILED' } },
      });
    }
    return cancelled;
  });
  if (changed) {
    // The worker re-reads the row and stores nothing more for a FAILED run; the parent and
    // the children not started yet are dropped from Redis too.
    await removeBrandRunJobs(deps.queues, runId);
    await announce(deps, workspaceId, runId);
  }
  const run = await findRun(deps.db, workspaceId, runId);
  if (!run) throw notFound('Run');
  return run;
}

async function announce(deps: Deps, workspaceId: string, runId: string): Promise<void> {
  const prefix = deps.env.REDIS_PREFIX;
  await Promise.all([
    publishEvent(deps.redis, prefix, TOPIC.run(runId), { runId }),
    publishEvent(deps.redis, prefix, TOPIC.workspace(workspaceId), { runId }),
  ]);
}
