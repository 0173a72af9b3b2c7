import { IngestPublishedItemJob } from './definitions';
import { enqueue, removeFinishedJob } from './enqueue';
import type { Queues } from './queues';

export function ingestJobId(publishedItemId: string): string {
  return `ingest-${publishedItemId}`;
}

/** The item's finished ingest job goes, before its row is asked for again (`removeFinishedJob`). */
export function clearFinishedIngestJob(queues: Queues, publishedItemId: string): Promise<void> {
  return removeFinishedJob(queues[IngestPublishedItemJob.queue], ingestJobId(publishedItemId));
}

/**
 * Reads a published item's page into the corpus and measures its prompts again
 * (docs/closed-loop.md, "Ingestion"). Call it after the item is committed, on every publication
 * and update.
 */
export async function enqueueIngestPublishedItem(
  queues: Queues,
  publishedItemId: string,
): Promise<string> {
  await clearFinishedIngestJob(queues, publishedItemId);
  return enqueue(
    queues,
    IngestPublishedItemJob,
    { publishedItemId },
    { jobId: ingestJobId(publishedItemId) },
  );
}
