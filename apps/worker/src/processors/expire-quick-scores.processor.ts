import { expireQuickScores } from '@lumen/db/repositories/quick-score.repository';
import { ExpireQuickScoresJob } from '@lumen/jobs/definitions';
import { defineProcessor } from '../define-processor';

/**
 * Maintenance: quick checks older than 30 days lose their answers and results; the row stays
 * so the results page can say the check expired and offer a new one.
 */
export const expireQuickScoresProcessor = defineProcessor(
  ExpireQuickScoresJob,
  async (_payload, { deps }) => {
    const expired = await expireQuickScores(deps.db);
    if (expired > 0) deps.logger.info({ expired }, 'quick scores expired');
    return { expired };
  },
);
