import {
  deleteAnswerSlice,
  failWorkspaceDeletion,
  findWorkspaceDeletion,
  finishWorkspaceDeletion,
  listOpenWorkspaceDeletions,
  startWorkspaceDeletion,
  type WorkspaceDeletion,
} from '@lumen/db/repositories/workspace-deletion.repository';
import { DeleteWorkspaceJob } from '@lumen/jobs/definitions';
import { TOPIC } from '@lumen/jobs/events';
import { defineProcessor } from '../define-processor';
import type { StatusRow } from '../status-row';

/** Answers deleted per transaction (their mentions and citations go with them). */
const SLICE = 2_000;

export const deleteWorkspaceStatusRow: StatusRow<WorkspaceDeletion> = {
  definition: DeleteWorkspaceJob,
  rowIdOf: (payload) => String(payload.deletionId),
  payloadFor: (deletionId) => ({ deletionId }),
  fail: failWorkspaceDeletion,
  listOpen: listOpenWorkspaceDeletions,
  topic: TOPIC.workspaceDeletion,
  claim: async (deps, deletionId) => {
    const row = await findWorkspaceDeletion(deps.db, deletionId);
    if (!row) return { movedOn: 'MISSING' };
    if (!(await startWorkspaceDeletion(deps.db, deletionId))) return { movedOn: row.status };
    await deps.publish(TOPIC.workspaceDeletion(deletionId), { status: 'RUNNING' });
    return { row };
  },
  failedMessage: 'Deleting the workspace failed; an operator can run it again from the queue.',
  stoppedMessage: 'Deleting the workspace stopped before it finished.',
};

/**
 * A closed workspace's rows removed (docs/security.md, "Exporting and deleting a workspace"):
 * its answers in slices, then the workspace row, whose cascades take everything else. Posts on
 * WordPress are not touched. A second delivery carries on where the first stopped.
 */
export const deleteWorkspaceProcessor = defineProcessor(
  DeleteWorkspaceJob,
  async ({ deletionId }, { deps, row }) => {
    let answers = 0;
    for (;;) {
      const deleted = await deleteAnswerSlice(deps.db, row.workspaceId, SLICE);
      answers += deleted;
      if (deleted < SLICE) break;
    }
    await deps.db.transaction((tx) => finishWorkspaceDeletion(tx, deletionId, row.workspaceId));
    await deps.publish(TOPIC.workspaceDeletion(deletionId), { status: 'COMPLETED' });
    deps.logger.info({ deletionId, answers }, 'workspace deleted');
    return { status: 'COMPLETED', answers };
  },
  { statusRow: deleteWorkspaceStatusRow },
);
