import { findBrand } from '@lumen/db/repositories/brand.repository';
import { latestCompletedRunId } from '@lumen/db/repositories/opportunity-query.repository';
import { findRun, type RunRow } from '@lumen/db/repositories/run-query.repository';
import { quoted } from '@lumen/domain/activity/activity-entry';
import { GapAnalysisJob } from '@lumen/jobs/definitions';
import { enqueue } from '@lumen/jobs/enqueue';
import type { Queues } from '@lumen/jobs/queues';
import type { Acting, GatewayDeps } from '../context';
import { LumenError, notFound } from '../errors';
import { findOwned } from '../workspace-scope';
import { logActivity } from './activity.service';

type Deps = Pick<GatewayDeps, 'db' | 'queues' | 'logger'>;

export const gapJobId = (runId: string) => `gap-${runId}`;

/**
 * Analyses the brand's gaps again now (docs/opportunities.md, "Analyse gaps"): the gap-analysis
 * job of its latest completed run, with the job id the worker uses after a run (`gap-<runId>`).
 * A finished job of that id is removed first so the analysis runs again; a waiting or running
 * one is left alone, so clicking twice still runs one analysis.
 */
export async function analyzeGaps(
  deps: Deps,
  workspaceId: string,
  acting: Acting,
  brandId: string,
): Promise<RunRow> {
  const brand = await findOwned({ db: deps.db, workspaceId }, 'Brand', brandId, findBrand);
  const runId = await latestCompletedRunId(deps.db, workspaceId, brandId);
  if (!runId) {
    throw new LumenError(
      'BAD_USER_INPUT',
      'This brand has no completed run yet. Run it first; its gaps are analysed from the answers.',
    );
  }
  const queue = deps.queues[GapAnalysisJob.queue];
  const existing = await queue.getJob(gapJobId(runId));
  if (existing) {
    const state = await existing.getState();
    if (state === 'completed' || state === 'failed') {
      // A concurrent request may have removed it already: either way it is gone.
      await existing.remove().catch((error: unknown) => {
        deps.logger.debug({ err: error, runId }, 'gap analysis job already removed');
      });
    }
  }
  // The request is the change a person made; the analysis's own changes are the worker's.
  await deps.db.transaction((tx) =>
    logActivity(tx, acting, {
      workspaceId,
      kind: 'run.gaps_requested',
      message: `Asked for a new gap analysis of ${quoted(brand.name)}`,
      subjectType: 'run',
      subjectId: runId,
      brandId,
    }),
  );
  await enqueue(deps.queues, GapAnalysisJob, { runId }, { jobId: gapJobId(runId) });
  const run = await findRun(deps.db, workspaceId, runId);
  if (!run) throw notFound('Run');
  return run;
}

export type GapAnalysisState = {
  status: 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED';
  progress: number;
  created: number;
  updated: number;
  resolved: number;
  reopened: number;
  finishedAt: Date | null;
};

/**
 * Where a run's gap analysis stands, from its BullMQ job: progress for the button that started
 * it. The opportunities themselves are rows; this is only "is it done yet" (null once Redis has
 * trimmed the finished job, after a day).
 */
export async function gapAnalysisState(
  queues: Queues,
  runId: string,
): Promise<GapAnalysisState | null> {
  const queue = queues[GapAnalysisJob.queue];
  // The state first, then the job: read the other way round, a job finishing in between reads
  // as completed with the counts of its unfinished copy (all zero).
  const state = await queue.getJobState(gapJobId(runId));
  if (state === 'unknown') return null;
  const job = await queue.getJob(gapJobId(runId));
  if (!job) return null;
  const result = (job.returnvalue ?? {}) as Partial<Record<string, number>>;
  const count = (key: string) => (typeof result[key] === 'number' ? result[key] : 0);
  const status =
    state === 'completed'
      ? 'COMPLETED'
      : state === 'failed'
        ? 'FAILED'
        : state === 'active'
          ? 'RUNNING'
          : 'QUEUED';
  return {
    status,
    progress: status === 'COMPLETED' || status === 'FAILED' ? 100 : status === 'RUNNING' ? 50 : 0,
    created: count('created'),
    updated: count('updated'),
    resolved: count('resolved'),
    reopened: count('reopened'),
    finishedAt: job.finishedOn ? new Date(job.finishedOn) : null,
  };
}
