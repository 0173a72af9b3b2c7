import { GapAnalysisJob } from './definitions';
import { enqueue } from './enqueue';
import type { Queues } from './queues';

/**
 * A completed run's gap analysis (docs/jobs.md, "After a run"): job id `gap-<runId>`, so adding
 * it again (a second finalize, a retried claim) adds nothing.
 */
export function enqueueGapAnalysis(queues: Queues, runId: string): Promise<string> {
  return enqueue(queues, GapAnalysisJob, { runId }, { jobId: `gap-${runId}` });
}
