import { ReadCitedPagesJob } from './definitions';
import { enqueue } from './enqueue';
import type { Queues } from './queues';

/**
 * A requested scan of a brand's cited pages (docs/sources.md): job id = its row's id, so a second
 * request while the brand's scan is open adds nothing, and the reconciler adds a lost one again.
 */
export function enqueueCitedPageScan(queues: Queues, scanId: string): Promise<string> {
  return enqueue(queues, ReadCitedPagesJob, { scanId }, { jobId: scanId });
}
