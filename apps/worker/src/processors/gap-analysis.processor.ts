import { findRunRollupScope } from '@lumen/db/repositories/metric-snapshot.repository';
import { GapAnalysisJob } from '@lumen/jobs/definitions';
import { TOPIC } from '@lumen/jobs/events';
import { enqueueNotify } from '@lumen/jobs/notify';
import { defineProcessor } from '../define-processor';
import { analyzeRunGaps } from '../runs/gap-analysis';

/**
 * After a brand run completes: its gaps become opportunities (docs/jobs.md, "After a run").
 * Idempotent: a second delivery finds the same gaps and only refreshes them.
 */
export const gapAnalysisProcessor = defineProcessor(GapAnalysisJob, async ({ runId }, { deps }) => {
  const run = await findRunRollupScope(deps.db, runId);
  // Only a completed run says what engines answer now; anything else has nothing to analyse.
  if (run?.status !== 'COMPLETED') return { status: run?.status ?? 'MISSING' };
  const result = await analyzeRunGaps(deps.db, {
    workspaceId: run.workspaceId,
    brandId: run.brandId,
    runId,
  });
  // The sidebar's opportunity badge and open lists re-read their counts.
  await deps.publish(TOPIC.workspace(run.workspaceId), { kind: 'opportunities', runId });
  // New opportunities above the workspace's threshold reach people (docs/notifications.md).
  await enqueueNotify(deps.queues, 'gaps', runId);
  return result;
});
