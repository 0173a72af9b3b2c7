import { pruneActivity } from '@lumen/db/repositories/activity.repository';
import { PruneActivityJob } from '@lumen/jobs/definitions';
import { defineProcessor } from '../define-processor';

/** Maintenance: activity rows older than ACTIVITY_RETENTION_DAYS go (docs/activity.md). */
export const pruneActivityProcessor = defineProcessor(
  PruneActivityJob,
  async (_payload, { deps }) => {
    const before = new Date(Date.now() - deps.env.ACTIVITY_RETENTION_DAYS * 24 * 60 * 60 * 1000);
    const pruned = await pruneActivity(deps.db, before);
    if (pruned > 0) deps.logger.info({ pruned }, 'activity log pruned');
    return { pruned };
  },
);
