import { expireQuickScores } from '@lumen/db/repositories/quick-score.repository';
import type { Job } from 'bullmq';
import type { WorkerDeps } from '../deps';

/**
 * Maintenance: quick checks older than 30 days lose their answers and results; the row stays
 * so the results page can say the check expired and offer a new one.
 */
export async function processExpireQuickScores(
  _job: Job,
  deps: WorkerDeps,
): Promise<{ expired: number }> {
  const expired = await expireQuickScores(deps.db.sql);
  if (expired > 0) deps.logger.info({ expired }, 'quick scores expired');
  return { expired };
}
