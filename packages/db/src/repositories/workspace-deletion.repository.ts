import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { apiKeys, workspaceInvitations, workspaceMembers } from '../schema/tenancy';
import { workspaceDeletions } from '../schema/workspace-deletions';
import { listOpenRows, type OpenRow } from './open-rows';

// Deleting a workspace (docs/security.md, "Exporting and deleting a workspace"): the request
// closes the workspace at once (nobody is in it, no invitation or API key opens it again), and
// the job removes its rows in batches afterwards.

export type WorkspaceDeletion = {
  id: string;
  workspaceId: string;
  workspaceName: string;
  status: 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED';
  error: string | null;
};

const columns = {
  id: workspaceDeletions.id,
  workspaceId: workspaceDeletions.workspaceId,
  workspaceName: workspaceDeletions.workspaceName,
  status: workspaceDeletions.status,
  error: workspaceDeletions.error,
};

/**
 * Closes the workspace and records its deletion, in the caller's transaction (which holds the
 * workspace's member lock): memberships, pending invitations and API keys go now, so the very
 * next request of anyone in it, and any open subscription, finds it gone.
 */
export async function requestWorkspaceDeletion(
  db: Tx,
  input: { workspaceId: string; workspaceName: string; requestedBy: string },
): Promise<string> {
  await db.delete(workspaceMembers).where(eq(workspaceMembers.workspaceId, input.workspaceId));
  await db
    .delete(workspaceInvitations)
    .where(eq(workspaceInvitations.workspaceId, input.workspaceId));
  await db.delete(apiKeys).where(eq(apiKeys.workspaceId, input.workspaceId));
  const [row] = await db
    .insert(workspaceDeletions)
    .values(input)
    .returning({ id: workspaceDeletions.id });
  return row!.id;
}

export async function findWorkspaceDeletion(db: Tx, id: string): Promise<WorkspaceDeletion | null> {
  const rows = await db
    .select(columns)
    .from(workspaceDeletions)
    .where(eq(workspaceDeletions.id, id));
  return rows[0] ?? null;
}

/** QUEUED → RUNNING (a second delivery finds it RUNNING and carries on); false once final. */
export async function startWorkspaceDeletion(db: Tx, id: string): Promise<boolean> {
  const rows = await db
    .update(workspaceDeletions)
    .set({ status: 'RUNNING' })
    .where(
      and(eq(workspaceDeletions.id, id), inArray(workspaceDeletions.status, ['QUEUED', 'RUNNING'])),
    )
    .returning({ id: workspaceDeletions.id });
  return rows.length > 0;
}

/**
 * Deletes up to `limit` of the workspace's answers (their mentions and citations go with them by
 * cascade); returns how many. The biggest table goes in slices so no transaction holds millions
 * of rows; what is left afterwards goes with the workspace row.
 */
export async function deleteAnswerSlice(db: Tx, workspaceId: string, limit: number) {
  const rows = await db.execute<{ id: string }>(sql`
    delete from answers where id in (
      select id from answers where workspace_id = ${workspaceId} limit ${limit})
    returning id`);
  return rows.length;
}

/** The workspace row and, through the foreign keys' cascades, everything still in it; then done. */
export async function finishWorkspaceDeletion(db: Tx, id: string, workspaceId: string) {
  await db.execute(sql`delete from workspaces where id = ${workspaceId}`);
  await db
    .update(workspaceDeletions)
    .set({ status: 'COMPLETED', finishedAt: sql`now()` })
    .where(eq(workspaceDeletions.id, id));
}

export async function failWorkspaceDeletion(db: Tx, id: string, message: string): Promise<boolean> {
  const rows = await db
    .update(workspaceDeletions)
    .set({ status: 'FAILED', error: message, finishedAt: sql`now()` })
    .where(
      and(eq(workspaceDeletions.id, id), inArray(workspaceDeletions.status, ['QUEUED', 'RUNNING'])),
    )
    .returning({ id: workspaceDeletions.id });
  return rows.length > 0;
}

/** Unfinished deletions created before `before`, oldest first (for the reconciler). */
export function listOpenWorkspaceDeletions(
  db: Tx,
  before: Date,
  limit: number,
): Promise<OpenRow[]> {
  return listOpenRows(db, workspaceDeletions, before, limit);
}
