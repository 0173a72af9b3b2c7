import { ExpireQuickScoresJob, QuickScoreJob, SystemPingJob } from '@lumen/jobs/definitions';
import type { QueueName } from '@lumen/jobs/queues';
import type { Processor } from '../deps';
import { processExpireQuickScores } from './expire-quick-scores.processor';
import { processQuickScore } from './quick-score.processor';
import { processSystemPing } from './system-ping.processor';

/** Job name → processor, per queue. A job whose name is not here fails loudly. */
export const PROCESSORS: Partial<Record<QueueName, Record<string, Processor>>> = {
  [SystemPingJob.queue]: {
    [SystemPingJob.name]: processSystemPing,
    [ExpireQuickScoresJob.name]: processExpireQuickScores,
  },
  [QuickScoreJob.queue]: {
    [QuickScoreJob.name]: processQuickScore,
  },
};
