import { IngestPublishedItemJob } from './definitions';
import { enqueue } from './enqueue';
import type { Queues } from './queues';

export function ingestJobId(publishedItemId: string): string {
  return `ingest-${publishedItemId}`;
}

/**
 * Reads a published item's page into the corpus and measures its prompts again
 * (docs/closed-loop.md, "Ingestion"). Call it after the item is committed, on every publication
 * and update: a finished job of an earlier publication is removed first so the new one runs; one
 * still waiting or running is the same work and is left to do it.
 */
export async function enqueueIngestPublishedItem(
  queues: Queues,
  publishedItemId: string,
): Promise<string> {
  const jobId = ingestJobId(publishedItemId);
  const existing = await queues[IngestPublishedItemJob.queue].getJob(jobId);
  if (existing) {
    const state = await existing.getState();
    if (state === 'completed' || state === 'failed') await existing.remove();
  }
  return enqueue(queues, IngestPublishedItemJob, { publishedItemId }, { jobId });
}
