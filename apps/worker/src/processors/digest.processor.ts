import { hourStart } from '@lumen/domain/notifications/digest-schedule';
import { ChannelDigestJob, DigestSweepJob, SendDigestJob } from '@lumen/jobs/definitions';
import { channelDigest, sendDigest, sweepDigests } from '@lumen/jobs/digest';
import { defineProcessor } from '../define-processor';
import { emailDepsOf } from './notify.processor';

// Digests (docs/notifications.md, "Digests"). The sweep is a BullMQ job scheduler (cron on the
// hour, upserted by the worker like every `cron` definition), so however many workers run, one
// sweep runs per hour; what it adds carries a job id per period.

export const digestSweepProcessor = defineProcessor(
  DigestSweepJob,
  async ({ at }, { deps, job }) => {
    // A scheduler's job carries the time it was scheduled for; a late start still means that hour.
    const scheduled = (job.opts as { prevMillis?: number }).prevMillis;
    const hour = hourStart(at ? new Date(at) : new Date(scheduled ?? Date.now()));
    return { at: hour.toISOString(), ...(await sweepDigests(emailDepsOf(deps), hour)) };
  },
);

export const sendDigestProcessor = defineProcessor(SendDigestJob, async (target, { deps, job }) => {
  const outcome = await sendDigest(emailDepsOf(deps), target, job.attemptsMade + 1);
  // Retried on the job's own budget; each attempt is logged once.
  if (outcome.status === 'FAILED') throw new Error(`digest not sent: ${outcome.response}`);
  return outcome;
});

export const channelDigestProcessor = defineProcessor(ChannelDigestJob, (target, { deps }) =>
  channelDigest(emailDepsOf(deps), target),
);
