import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { profiles, workspaceInvitations, workspaceMembers, workspaces } from '../schema/tenancy';
import type { WorkspaceRole } from './workspace.repository';

// Members and invitations of a workspace (docs/security.md, "Roles"). Every function takes the
// workspace id first; the gateway has checked the caller's membership before calling.

export type MemberRow = {
  userId: string;
  email: string;
  displayName: string | null;
  userCreatedAt: Date;
  role: WorkspaceRole;
  joinedAt: Date;
};

export type InvitationRow = {
  id: string;
  workspaceId: string;
  email: string;
  role: WorkspaceRole;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
};

const invitationColumns = {
  id: workspaceInvitations.id,
  workspaceId: workspaceInvitations.workspaceId,
  email: workspaceInvitations.email,
  role: workspaceInvitations.role,
  expiresAt: workspaceInvitations.expiresAt,
  acceptedAt: workspaceInvitations.acceptedAt,
  revokedAt: workspaceInvitations.revokedAt,
};

/** A workspace of its own (not personal) with its creator as owner. */
export async function createTeamWorkspace(
  db: Tx,
  input: { ownerId: string; name: string; plan: 'free' | 'pro' | 'business' },
): Promise<string> {
  const [row] = await db
    .insert(workspaces)
    .values({ name: input.name, plan: input.plan })
    .returning({ id: workspaces.id });
  if (!row) throw new Error('workspace insert returned nothing');
  await db
    .insert(workspaceMembers)
    .values({ workspaceId: row.id, userId: input.ownerId, role: 'owner' });
  return row.id;
}

export async function renameWorkspace(db: Tx, workspaceId: string, name: string): Promise<void> {
  await db.update(workspaces).set({ name }).where(eq(workspaces.id, workspaceId));
}

export async function findWorkspaceRow(db: Tx, workspaceId: string) {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  return row ?? null;
}

/** What new brands of the workspace start with (BrandDefaultsSchema-shaped), or null. */
export async function setWorkspaceBrandDefaults(
  db: Tx,
  workspaceId: string,
  defaults: Record<string, unknown> | null,
): Promise<void> {
  await db
    .update(workspaces)
    .set({ brandDefaults: defaults })
    .where(eq(workspaces.id, workspaceId));
}

/** Serialises seat and owner-count changes of one workspace for the rest of the transaction. */
export async function lockWorkspaceMembers(db: Tx, workspaceId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`members:${workspaceId}`}))`);
}

export async function listMembers(db: Tx, workspaceId: string): Promise<MemberRow[]> {
  return db
    .select({
      userId: workspaceMembers.userId,
      email: sql<string>`coalesce(${profiles.email}, '')`,
      displayName: profiles.displayName,
      userCreatedAt:
        sql<Date>`coalesce(${profiles.createdAt}, ${workspaceMembers.createdAt})`.mapWith(
          (v: string | Date) => new Date(v),
        ),
      role: workspaceMembers.role,
      joinedAt: workspaceMembers.createdAt,
    })
    .from(workspaceMembers)
    .leftJoin(profiles, eq(profiles.userId, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.userId));
}

export async function findMember(
  db: Tx,
  workspaceId: string,
  userId: string,
): Promise<MemberRow | null> {
  const rows = await listMembers(db, workspaceId);
  return rows.find((m) => m.userId === userId) ?? null;
}

export async function countOwners(db: Tx, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')));
  return row?.n ?? 0;
}

/** Members plus pending (unused, unrevoked, unexpired) invitations: the seats in use. */
export async function countSeats(db: Tx, workspaceId: string, now: Date): Promise<number> {
  const [members] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  const [pending] = await db
    .select({ n: count() })
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), pendingAt(now)));
  return (members?.n ?? 0) + (pending?.n ?? 0);
}

export async function setMemberRole(
  db: Tx,
  workspaceId: string,
  userId: string,
  role: WorkspaceRole,
): Promise<void> {
  await db
    .update(workspaceMembers)
    .set({ role })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
}

export async function deleteMember(db: Tx, workspaceId: string, userId: string): Promise<void> {
  await db
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
}

/** Adds the member; false when they already were one. */
export async function addMember(
  db: Tx,
  input: { workspaceId: string; userId: string; role: WorkspaceRole },
): Promise<boolean> {
  const rows = await db
    .insert(workspaceMembers)
    .values(input)
    .onConflictDoNothing()
    .returning({ userId: workspaceMembers.userId });
  return rows.length === 1;
}

function pendingAt(now: Date) {
  return and(
    isNull(workspaceInvitations.acceptedAt),
    isNull(workspaceInvitations.revokedAt),
    gt(workspaceInvitations.expiresAt, now),
  );
}

export async function listPendingInvitations(
  db: Tx,
  workspaceId: string,
  now: Date,
): Promise<InvitationRow[]> {
  return db
    .select(invitationColumns)
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), pendingAt(now)))
    .orderBy(asc(workspaceInvitations.createdAt), asc(workspaceInvitations.id));
}

export async function findPendingInvitationForEmail(
  db: Tx,
  workspaceId: string,
  email: string,
  now: Date,
): Promise<InvitationRow | null> {
  const [row] = await db
    .select(invitationColumns)
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        eq(workspaceInvitations.email, email),
        pendingAt(now),
      ),
    );
  return row ?? null;
}

export async function insertInvitation(
  db: Tx,
  input: {
    workspaceId: string;
    email: string;
    role: WorkspaceRole;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  },
): Promise<InvitationRow> {
  const [row] = await db.insert(workspaceInvitations).values(input).returning(invitationColumns);
  if (!row) throw new Error('invitation insert returned nothing');
  return row;
}

/** An invitation of this workspace by id (any state), or null. */
export async function findInvitation(
  db: Tx,
  workspaceId: string,
  id: string,
): Promise<InvitationRow | null> {
  const [row] = await db
    .select(invitationColumns)
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.id, id)));
  return row ?? null;
}

/** The invitation a token hash names, locked for the rest of the transaction. */
export async function findInvitationByTokenHashForUpdate(
  db: Tx,
  tokenHash: string,
): Promise<InvitationRow | null> {
  const [row] = await db
    .select(invitationColumns)
    .from(workspaceInvitations)
    .where(eq(workspaceInvitations.tokenHash, tokenHash))
    .for('update');
  return row ?? null;
}

export async function revokeInvitation(db: Tx, workspaceId: string, id: string): Promise<void> {
  await db
    .update(workspaceInvitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.id, id)));
}

/** A new token (the old link stops working) and a new expiry. */
export async function renewInvitation(
  db: Tx,
  workspaceId: string,
  id: string,
  input: { tokenHash: string; expiresAt: Date },
): Promise<InvitationRow | null> {
  const [row] = await db
    .update(workspaceInvitations)
    .set(input)
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.id, id)))
    .returning(invitationColumns);
  return row ?? null;
}

export async function markInvitationAccepted(db: Tx, id: string, userId: string): Promise<void> {
  await db
    .update(workspaceInvitations)
    .set({ acceptedAt: new Date(), acceptedBy: userId })
    .where(eq(workspaceInvitations.id, id));
}

/** The impact from which a new opportunity is sent as `opportunity.created` (0–100). */
export async function setWorkspaceOpportunityAlertImpact(
  db: Tx,
  workspaceId: string,
  impact: number,
): Promise<void> {
  await db
    .update(workspaces)
    .set({ opportunityAlertImpact: impact })
    .where(eq(workspaces.id, workspaceId));
}
