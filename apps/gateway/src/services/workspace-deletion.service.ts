import { findWorkspaceRow, lockWorkspaceMembers } from '@lumen/db/repositories/team.repository';
import { requestWorkspaceDeletion } from '@lumen/db/repositories/workspace-deletion.repository';
import { teamAllows } from '@lumen/domain/auth/membership-rules';
import { enqueueWorkspaceDeletion } from '@lumen/jobs/delete-workspace';
import { publishEvent, TOPIC } from '@lumen/jobs/events';
import type { AuthUser, GatewayDeps } from '../context';
import { LumenError, notFound } from '../errors';
import { accessTo } from './team.service';

/**
 * Deletes a workspace (docs/security.md, "Exporting and deleting a workspace"): an owner types its
 * name; it closes at once for everyone in it, and a job removes its rows. A personal workspace
 * goes only with its person's account.
 */
export async function deleteWorkspaceAs(
  deps: GatewayDeps,
  user: AuthUser,
  workspaceId: string,
  confirmation: string,
): Promise<string> {
  const access = await accessTo(deps, user, workspaceId);
  if (!teamAllows(access.role, 'deleteWorkspace')) {
    throw new LumenError('FORBIDDEN', 'Only an owner can delete the workspace.');
  }
  const deletionId = await deps.db.transaction(async (tx) => {
    await lockWorkspaceMembers(tx, access.id);
    const row = await findWorkspaceRow(tx, access.id);
    if (!row) throw notFound('Workspace');
    if (row.personalOwnerId) {
      throw new LumenError(
        'PERSONAL_WORKSPACE',
        'A personal workspace is deleted only with its account (Settings → Profile).',
      );
    }
    if (confirmation.trim() !== row.name) {
      const message = 'Type the workspace’s name exactly to confirm.';
      throw new LumenError('BAD_USER_INPUT', message, { fields: { confirmation: message } });
    }
    return requestWorkspaceDeletion(tx, {
      workspaceId: row.id,
      workspaceName: row.name,
      requestedBy: user.id,
    });
  });
  // If Redis is away now, the reconciler enqueues the QUEUED row later.
  await enqueueWorkspaceDeletion(deps.queues, deletionId).catch((error: unknown) =>
    deps.logger.warn({ deletionId, err: error }, 'workspace deletion not enqueued yet'),
  );
  // Open subscriptions of the workspace check their caller again and end.
  await publishEvent(deps.redis, deps.env.REDIS_PREFIX, TOPIC.members(access.id), {
    workspaceId: access.id,
  });
  return access.id;
}
