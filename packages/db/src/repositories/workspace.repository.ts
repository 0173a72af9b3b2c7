import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { workspaceMembers, workspaces } from '../schema/tenancy';

export type WorkspaceRole = (typeof workspaceMembers.$inferSelect)['role'];
export type WorkspacePlan = (typeof workspaces.$inferSelect)['plan'];

export type MemberWorkspace = {
  id: string;
  name: string;
  plan: WorkspacePlan;
  role: WorkspaceRole;
  personal: boolean;
  createdAt: Date;
};

/** The user's personal workspace with them as owner; idempotent on personal_owner_id. */
export async function createPersonalWorkspace(
  db: Tx,
  input: { ownerId: string; name: string; plan?: 'free' | 'pro' | 'business' },
): Promise<string> {
  const inserted = await db
    .insert(workspaces)
    .values({
      name: input.name,
      personalOwnerId: input.ownerId,
      ...(input.plan ? { plan: input.plan } : {}),
    })
    .onConflictDoNothing({ target: workspaces.personalOwnerId })
    .returning({ id: workspaces.id });
  let id = inserted[0]?.id;
  if (!id) {
    const [existing] = await db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.personalOwnerId, input.ownerId));
    if (!existing) throw new Error('personal workspace vanished during creation');
    id = existing.id;
  }
  await db
    .insert(workspaceMembers)
    .values({ workspaceId: id, userId: input.ownerId, role: 'owner' })
    .onConflictDoNothing();
  return id;
}

/** Every workspace the user belongs to, personal first, then oldest first. */
export async function listWorkspacesForUser(db: Tx, userId: string): Promise<MemberWorkspace[]> {
  const rows = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      plan: workspaces.plan,
      role: workspaceMembers.role,
      personalOwnerId: workspaces.personalOwnerId,
      createdAt: workspaces.createdAt,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaces.createdAt), asc(workspaces.id));
  return rows
    .map(({ personalOwnerId, ...w }) => ({ ...w, personal: personalOwnerId === userId }))
    .sort((a, b) => Number(b.personal) - Number(a.personal));
}

/** The member's role in one workspace, or null when they are not a member. */
export async function findMembership(
  db: Tx,
  workspaceId: string,
  userId: string,
): Promise<WorkspaceRole | null> {
  const rows = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return rows[0]?.role ?? null;
}

/** The workspace's first owner: who product events about the workspace's own work belong to. */
export async function findWorkspaceOwnerId(db: Tx, workspaceId: string): Promise<string | null> {
  const rows = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')))
    .orderBy(asc(workspaceMembers.createdAt))
    .limit(1);
  return rows[0]?.userId ?? null;
}
