import { recordJobOutcome } from '@lumen/db/repositories/activity.repository';
import { listRunAnalyzedAnswers } from '@lumen/db/repositories/analyzed-answer.repository';
import {
  budgetStoppedMessage,
  countBudgetStopped,
  releaseRunHolds,
} from '@lumen/db/repositories/budget.repository';
import { writeDailyRollups } from '@lumen/db/repositories/metric-snapshot.repository';
import { finishBrandRun } from '@lumen/db/repositories/run.repository';
import { findRun } from '@lumen/db/repositories/run-query.repository';
import { findWorkspaceOwnerId } from '@lumen/db/repositories/workspace.repository';
import { computeMetrics } from '@lumen/domain/metrics/compute-metrics';
import { TOPIC } from '@lumen/jobs/events';
import { enqueueGapAnalysis } from '@lumen/jobs/gap-analysis';
import { enqueueNotify } from '@lumen/jobs/notify';
import { activityAdded } from '../activity/job-outcome';
import type { WorkerDeps } from '../deps';

export const NO_ANSWERS_MESSAGE = 'None of the engines answered. Please run it again later.';

/**
 * Ends a brand run once every engine query is done (called by the `brand-run` parent; safe to
 * call twice). The run fails only when every query failed; otherwise it completes with its score
 * and metrics, computed from the stored analysis with the same functions as the quick check
 * (branded prompts excluded), which is what brand lists read (docs/brands.md, "Runs").
 * A completed run writes its day's rollups in the same transaction, then gets its gap analysis
 * (docs/jobs.md, "After a run").
 */
export async function finalizeBrandRun(deps: WorkerDeps, runId: string): Promise<void> {
  const run = await findRun(deps.db, null, runId);
  // Completed by an earlier call that stopped before the gap analysis was added: add it now.
  if (run?.status === 'COMPLETED') await enqueueGapAnalysis(deps.queues, runId);
  if (run?.status === 'COMPLETED' || run?.status === 'FAILED') {
    await enqueueNotify(deps.queues, 'run', runId);
  }
  // Queries that died without storing give back what they held of the month's budget.
  await releaseRunHolds(deps.db, runId);
  if (run?.status !== 'RUNNING') return;
  // Answers the monthly budget did not let start: the run says so (docs/engines.md, "Budget").
  const stopped = await countBudgetStopped(deps.db, runId);
  const notice = stopped > 0 ? budgetStoppedMessage(stopped, run.total) : null;
  let changed: boolean;
  if (run.done === 0) {
    const message = notice ?? NO_ANSWERS_MESSAGE;
    changed = await deps.db.transaction(async (tx) => {
      const failed = await finishBrandRun(tx, runId, { status: 'FAILED', error: message });
      if (failed) await recordJobOutcome(tx, 'run.failed', runId, { message });
      return failed;
    });
  } else {
    const items = await listRunAnalyzedAnswers(deps.db, runId);
    const metrics = computeMetrics(
      items.map((i) => ({
        analysis: i.analysis,
        engine: i.engine,
        promptId: i.promptId ?? i.id,
        branded: i.branded,
      })),
      { brandId: run.brandId },
    );
    changed = await deps.db.transaction(async (tx) => {
      const completed = await finishBrandRun(tx, runId, {
        status: 'COMPLETED',
        score: metrics.score,
        metrics: metrics as unknown as Record<string, unknown>,
        notice,
      });
      // Readers never see the run completed without its day's rollups.
      if (completed) await writeDailyRollups(tx, runId);
      // Some engines did not answer: the run is partial, and the log says so.
      if (completed && run.failed > 0) {
        await recordJobOutcome(tx, 'run.partial', runId, {
          message: notice ?? `${run.failed} of ${run.total} answers failed`,
          data: { failed: run.failed, total: run.total },
        });
      }
      return completed;
    });
    if (changed) await enqueueGapAnalysis(deps.queues, runId);
  }
  if (!changed) return;
  // What the run means for people (docs/notifications.md); its job id is the run's.
  await enqueueNotify(deps.queues, 'run', runId);
  await deps.publish(TOPIC.run(runId));
  await deps.publish(TOPIC.workspace(run.workspaceId), { runId, status: 'FINISHED' });
  if (run.done === 0 || run.failed > 0) await activityAdded(deps, run.workspaceId);
  await reportRunCompleted(deps, runId, run.workspaceId);
}

/** Product analytics: counts and Lumen's own ids, for the workspace's owner (no PII). */
async function reportRunCompleted(deps: WorkerDeps, runId: string, workspaceId: string) {
  if (!deps.analytics.enabled) return;
  const [finished, owner] = await Promise.all([
    findRun(deps.db, null, runId),
    findWorkspaceOwnerId(deps.db, workspaceId),
  ]);
  if (!finished || !owner) return;
  deps.analytics.capture(owner, 'run_completed', {
    workspace_id: workspaceId,
    brand_id: finished.brandId,
    run_id: runId,
    trigger: finished.trigger,
    status: finished.status,
    answers: finished.done,
    failed: finished.failed,
  });
}
