import {
  claimRun,
  failRun,
  listOpenRuns,
  listRunPlan,
  promptTexts,
  recordServedModelChanges,
  settleRunCounts,
  storeEngineAnswer,
} from '@lumen/db/repositories/run.repository';
import { findRun } from '@lumen/db/repositories/run-query.repository';
import { NOTHING_TO_ASK_MESSAGE } from '@lumen/db/repositories/run-start.repository';
import { planQueries } from '@lumen/domain/brands/samples';
import { defaultEngineIds } from '@lumen/engines/registry';
import { addEngineQueries, parseEngineQueryJobId } from '@lumen/jobs/brand-run';
import { BrandRunJob } from '@lumen/jobs/definitions';
import { TOPIC } from '@lumen/jobs/events';
import { enqueueNotify } from '@lumen/jobs/notify';
import { type Job, WaitingChildrenError } from 'bullmq';
import { activityAdded, failWithOutcome } from '../activity/job-outcome';
import { engineEnvOf } from '../answers/engine-env';
import { defineProcessor, JobFailure } from '../define-processor';
import type { WorkerDeps } from '../deps';
import { finalizeBrandRun } from '../runs/finalize-brand-run';
import type { StatusRow } from '../status-row';

export const brandRunStatusRow: StatusRow = {
  definition: BrandRunJob,
  rowIdOf: (payload) => String(payload.runId),
  payloadFor: (runId) => ({ runId }),
  fail: failWithOutcome(failRun, 'run.failed'),
  listOpen: listOpenRuns,
  topic: TOPIC.run,
  afterFail: async (deps, runId) => {
    const run = await findRun(deps.db, null, runId);
    if (run) {
      await deps.publish(TOPIC.workspace(run.workspaceId), { runId, status: 'FINISHED' });
      await activityAdded(deps, run.workspaceId);
    }
    await enqueueNotify(deps.queues, 'run', runId);
  },
  failedMessage: 'The run could not be completed. Please run it again.',
  stoppedMessage: 'This run stopped before it finished. Please run it again.',
};

/** Stored on a query that failed for good before it could store anything itself. */
export const QUERY_STOPPED_MESSAGE = 'This engine query could not be completed.';

/**
 * A brand run, as a BullMQ flow parent in two steps (docs/jobs.md, "Brand runs"):
 * 1. QUEUED → RUNNING with total = active prompts × engines × the run's samples, then one
 *    `engine-query` child per query on its provider's queue; the job waits for its children.
 * 2. When every child is done: children that failed for good are stored as failed answers, the
 *    counters are settled, served-model changes recorded, and `finalizeBrandRun` ends the run.
 * Each step is safe to repeat: child ids are deterministic and every write is guarded.
 */
export const brandRunProcessor = defineProcessor(
  BrandRunJob,
  async ({ runId }, { deps, job, runtime }) => {
    const run = await findRun(deps.db, null, runId);
    const waiting = (job.data as { step?: string }).step === 'waiting';
    if (!run || run.status === 'COMPLETED' || run.status === 'FAILED') {
      // Cancelled (or failed by the reconciler) while its queries ran: they are done now, so
      // the row's counters can say what was answered before it stopped.
      if (waiting && run?.status === 'FAILED') await settleRunCounts(deps.db, runId);
      // Completed by an earlier attempt that stopped after the commit (a Redis blip while adding
      // the gap analysis): finalizing again only adds the missing `gap-<runId>`.
      if (waiting && run?.status === 'COMPLETED') await finalizeBrandRun(deps, runId);
      return { status: run?.status ?? 'MISSING' };
    }
    if (!waiting) {
      const plan = await listRunPlan(deps.db, runId);
      const engines =
        plan.engines.length > 0 ? plan.engines : defaultEngineIds(engineEnvOf(deps.env));
      const children = planQueries(plan.promptIds, engines, plan.samples);
      if (children.length === 0) {
        throw new JobFailure(NOTHING_TO_ASK_MESSAGE);
      }
      if (!(await claimRun(deps.db, runId, children.length))) return { status: 'MOVED_ON' };
      await deps.publish(TOPIC.run(runId));
      await deps.publish(TOPIC.workspace(run.workspaceId), { runId, status: 'RUNNING' });
      await addEngineQueries(
        deps.queues,
        { id: job.id ?? runId, queue: job.queueQualifiedName },
        runId,
        children,
      );
      await job.updateData({ ...job.data, step: 'waiting' });
    }
    if (!runtime.token) throw new Error('brand-run needs its lock token to wait for children');
    if (await job.moveToWaitingChildren(runtime.token)) throw new WaitingChildrenError();

    await storeStoppedQueries(deps, job, runId);
    await settleRunCounts(deps.db, runId);
    const changes = await recordServedModelChanges(deps.db, runId);
    if (changes.length > 0) deps.logger.info({ runId, changes }, 'served model changed');
    await finalizeBrandRun(deps, runId);
    return { status: 'FINISHED' };
  },
  { statusRow: brandRunStatusRow },
);

/**
 * Children BullMQ failed for good (their last attempt threw, or their worker died twice) never
 * stored their answer: each becomes a failed answer, so every query of the run is accounted for
 * and progress per engine adds up.
 */
async function storeStoppedQueries(deps: WorkerDeps, job: Job, runId: string): Promise<void> {
  const failures = await job.getIgnoredChildrenFailures();
  const queries = Object.keys(failures).flatMap((key) => {
    const query = parseEngineQueryJobId(key);
    return query?.runId === runId ? [query] : [];
  });
  if (queries.length === 0) return;
  const run = await findRun(deps.db, null, runId);
  if (!run) return;
  const texts = await promptTexts(
    deps.db,
    queries.map((q) => q.promptId),
  );
  for (const q of queries) {
    const promptText = texts.get(q.promptId);
    if (promptText === undefined) continue;
    await storeEngineAnswer(
      deps.db,
      runId,
      run.workspaceId,
      {
        promptId: q.promptId,
        promptText,
        engine: q.engine,
        sample: q.sample,
        requestedModel: null,
        servedModel: null,
        text: null,
        citations: [],
        latencyMs: null,
        usage: null,
        error: QUERY_STOPPED_MESSAGE,
      },
      () => ({ mentions: [], citations: [] }),
    );
  }
}
