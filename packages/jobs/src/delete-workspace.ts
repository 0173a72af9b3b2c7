import { DeleteWorkspaceJob } from './definitions';
import { enqueue } from './enqueue';
import type { Queues } from './queues';

/** A requested workspace deletion: job id = its row's id, so the reconciler can add it again. */
export function enqueueWorkspaceDeletion(queues: Queues, deletionId: string): Promise<string> {
  return enqueue(queues, DeleteWorkspaceJob, { deletionId }, { jobId: deletionId });
}
