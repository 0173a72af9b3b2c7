import type { Tx } from '@lumen/db/client';
import { type JobOutcome, recordJobOutcome } from '@lumen/db/repositories/activity.repository';
import { TOPIC } from '@lumen/jobs/events';
import type { WorkerDeps } from '../deps';
import type { StatusRow } from '../status-row';

// Job outcomes in the workspace's activity log (docs/activity.md, "Job outcomes"): a status
// row's failure and its log row are written in one transaction.

/** `fail` that also logs the outcome when it moved the row. */
export function failWithOutcome(
  fail: (db: Tx, rowId: string, message: string) => Promise<boolean>,
  outcome: JobOutcome,
): StatusRow['fail'] {
  return (db, rowId, message) =>
    db.transaction(async (tx) => {
      const failed = await fail(tx, rowId, message);
      if (failed) await recordJobOutcome(tx, outcome, rowId, { message });
      return failed;
    });
}

/** Tells the workspace's live tail (activityAdded) that its log has a new row. */
export async function activityAdded(deps: WorkerDeps, workspaceId: string | null): Promise<void> {
  if (workspaceId) await deps.publish(TOPIC.activity(workspaceId), { workspaceId });
}
