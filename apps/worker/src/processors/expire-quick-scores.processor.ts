import type { Job } from 'bullmq';
import type { WorkerDeps } from '../deps';

/** Maintenance: deletes quick scores (and their runs and answers) past their expiry date. */
export async function processExpireQuickScores(
  _job: Job,
  deps: WorkerDeps,
): Promise<{ deleted: number }> {
  const rows = await deps.db.sql`delete from quick_scores where expires_at < now() returning id`;
  if (rows.length > 0) deps.logger.info({ deleted: rows.length }, 'expired quick scores removed');
  return { deleted: rows.length };
}
