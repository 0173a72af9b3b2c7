import { ReanalyzeJob } from './definitions';
import { enqueue } from './enqueue';
import type { Queues } from './queues';

/**
 * A requested re-analysis (docs/jobs.md, "Re-analysis"): job id = its row's id, so the triggers
 * that coalesced into one waiting row add one job, and the reconciler adds a lost one again.
 */
export function enqueueReanalysis(queues: Queues, reanalysisId: string): Promise<string> {
  return enqueue(queues, ReanalyzeJob, { reanalysisId }, { jobId: reanalysisId });
}
