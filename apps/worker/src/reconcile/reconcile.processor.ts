import { ReconcileJobsJob } from '@lumen/jobs/definitions';
import { enqueue } from '@lumen/jobs/enqueue';
import { defineProcessor, describeError, failRow } from '../define-processor';
import type { WorkerDeps } from '../deps';
import type { StatusRow } from '../status-row';
import { type JobState, reconcileAction } from './reconcile-action';

/** Rows looked at per kind and run; the next run takes the rest. */
const BATCH = 200;

export type ReconcileSummary = { enqueued: number; failed: number; kept: number };

/**
 * The reconciler (a BullMQ job scheduler, every RECONCILE_INTERVAL_MS): makes every unfinished
 * status row agree with its queue. Rows younger than one period are skipped, so a request that
 * is still between its insert and its enqueue is left alone; even if it were not, the job id is
 * the row id and a second add is a no-op.
 */
export function createReconcileProcessor(statusRows: readonly StatusRow[]) {
  return defineProcessor(ReconcileJobsJob, async (_payload, { deps }) => {
    const summary: ReconcileSummary = { enqueued: 0, failed: 0, kept: 0 };
    for (const statusRow of statusRows) await reconcileKind(deps, statusRow, summary);
    if (summary.enqueued > 0 || summary.failed > 0)
      deps.logger.info(summary, 'reconciler repaired status rows');
    return summary;
  });
}

async function reconcileKind(deps: WorkerDeps, statusRow: StatusRow, summary: ReconcileSummary) {
  const { definition } = statusRow;
  const now = Date.now();
  const rows = await statusRow.listOpen(
    deps.db,
    new Date(now - deps.env.RECONCILE_INTERVAL_MS),
    BATCH,
  );
  const queue = deps.queues[definition.queue];
  for (const row of rows) {
    const jobId = statusRow.jobIdOf?.(row.id) ?? row.id;
    const job = await queue.getJob(jobId);
    const jobState: JobState = job ? ((await job.getState()) as JobState) : 'missing';
    const decision = reconcileAction({
      jobState,
      ageMs: now - row.createdAt.getTime(),
      deadlineMs: definition.deadlineMinutes * 60_000,
    });
    const context = { job: definition.name, rowId: row.id, status: row.status, jobState };
    try {
      if (decision.action === 'keep') {
        summary.kept++;
      } else if (decision.action === 'fail') {
        // Whatever the cause, the reconciler did not see the error: the row says it stopped.
        if (await failRow(deps, statusRow, row.id, statusRow.stoppedMessage)) summary.failed++;
        deps.logger.warn({ ...context, reason: decision.reason }, 'reconciler failed a row');
      } else {
        if (decision.action === 'replace') await job?.remove();
        await enqueue(deps.queues, definition, statusRow.payloadFor(row.id), { jobId });
        summary.enqueued++;
        deps.logger.warn(context, 'reconciler enqueued a row that had no job');
      }
    } catch (error) {
      // One row that cannot be repaired now does not stop the others; the next run tries again.
      deps.logger.warn({ ...context, ...describeError(error, deps) }, 'reconciler skipped a row');
    }
  }
}
