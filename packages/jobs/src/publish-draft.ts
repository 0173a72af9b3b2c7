import { PublishDraftJob } from './definitions';
import { enqueue, removeFinishedJob } from './enqueue';
import type { Queues } from './queues';

/** The one job of a draft's publication (docs/publishing.md, "Publishing a draft"). */
export function publishJobId(draftId: string): string {
  return `publish-${draftId}`;
}

/**
 * Adds the draft's publish job, now or after `delayMs` (a scheduled publication). A finished or
 * still-delayed job of an earlier publication is removed first, so publishing again (an update
 * from the latest draft, a new time) is not swallowed by the old job's id. A job that is running
 * is left alone: adding is then a no-op, and the reconciler enqueues again should the draft be
 * left open once it ends.
 */
export async function enqueuePublishDraft(
  queues: Queues,
  draftId: string,
  delayMs = 0,
): Promise<string> {
  const jobId = publishJobId(draftId);
  await removeFinishedJob(queues[PublishDraftJob.queue], jobId, ['delayed']);
  return enqueue(
    queues,
    PublishDraftJob,
    { draftId },
    { jobId, ...(delayMs > 0 ? { delay: delayMs } : {}) },
  );
}

/** The draft's finished publish job goes, before the draft is asked for again (`removeFinishedJob`). */
export function clearFinishedPublishJob(queues: Queues, draftId: string): Promise<void> {
  return removeFinishedJob(queues[PublishDraftJob.queue], publishJobId(draftId));
}

/** Unscheduling: the delayed job goes; false when there was none to remove. */
export async function removePublishDraftJob(queues: Queues, draftId: string): Promise<boolean> {
  const job = await queues[PublishDraftJob.queue].getJob(publishJobId(draftId));
  if (!job) return false;
  const state = await job.getState();
  if (state === 'active') return false;
  await job.remove();
  return true;
}
