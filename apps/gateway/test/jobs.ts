import type { Queue } from 'bullmq';

/**
 * Removes a job once BullMQ has filed it as completed or failed. The row a job writes is often
 * visible (a mail received, a status set) a moment before the job is filed, and an active job is
 * locked: removing it then throws, or leaves it in place so that a re-enqueue with the same id is
 * silently a no-op. The test's own timeout bounds the wait.
 */
export async function removeFiledJob(queue: Queue, jobId: string): Promise<void> {
  for (;;) {
    const job = await queue.getJob(jobId);
    if (!job) throw new Error(`job ${jobId} is not in the queue`);
    const state = await job.getState();
    if (state === 'completed' || state === 'failed') {
      await job.remove();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
