import { createHash, randomBytes } from 'node:crypto';
import {
  addMember,
  countOwners,
  countSeats,
  createTeamWorkspace,
  deleteMember,
  findInvitation,
  findInvitationByTokenHashForUpdate,
  findMember,
  findPendingInvitationForEmail,
  findWorkspaceRow,
  type InvitationRow,
  insertInvitation,
  listMembers,
  lockWorkspaceMembers,
  type MemberRow,
  markInvitationAccepted,
  renameWorkspace,
  renewInvitation,
  revokeInvitation,
  setMemberRole as setMemberRoleRow,
} from '@lumen/db/repositories/team.repository';
import type { MemberWorkspace } from '@lumen/db/repositories/workspace.repository';
import {
  InvitationEmailSchema,
  membershipChangeRefusal,
  type TeamAction,
  teamAllows,
  WorkspaceNameSchema,
} from '@lumen/domain/auth/membership-rules';
import type { WorkspaceRole } from '@lumen/domain/auth/workspace-roles';
import { PLAN_LIMITS } from '@lumen/domain/brands/plan-limits';
import { publishEvent, TOPIC } from '@lumen/jobs/events';
import type { Acting, AuthUser, GatewayDeps, WorkspaceAccess } from '../context';
import { badInput, LumenError, notFound } from '../errors';
import { findOwned } from '../workspace-scope';
import { logActivity } from './activity.service';

// Workspaces, members and invitations (docs/security.md, "Roles" and "Invitations"). The
// role × action table is `@lumen/domain/auth/membership-rules`; this file applies it.

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const roleName = (role: WorkspaceRole) => role.charAt(0).toUpperCase() + role.slice(1);

/** An invitation as the API shows it; `token` only right after it was made or renewed. */
export type InvitationView = InvitationRow & { token: string | null };

type Parser<T> = {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
};

function parse<T>(schema: Parser<T>, field: string, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw badInput(result.error.issues.map((i) => ({ path: [field], message: i.message })));
  }
  return result.data;
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function forbidden(message = 'Your role in this workspace does not allow this.'): LumenError {
  return new LumenError('FORBIDDEN', message);
}

/** The caller's access to a workspace named by an argument: NOT_FOUND unless they are in it. */
export function accessTo(
  deps: GatewayDeps,
  user: AuthUser,
  workspaceId: string,
): Promise<WorkspaceAccess> {
  return deps.resolveWorkspace(user, workspaceId);
}

function demand(access: WorkspaceAccess, action: TeamAction, message?: string): void {
  if (!teamAllows(access.role, action)) throw forbidden(message);
}

async function membersChanged(deps: GatewayDeps, workspaceId: string): Promise<void> {
  // Open subscriptions of the workspace check their caller again (stream-limits.ts); the data
  // carries the id, so every gateway's response cache forgets the workspace.
  await publishEvent(deps.redis, deps.env.REDIS_PREFIX, TOPIC.members(workspaceId), {
    workspaceId,
  });
}

export async function workspaceView(
  deps: GatewayDeps,
  workspaceId: string,
  role: WorkspaceRole,
  userId: string,
): Promise<MemberWorkspace> {
  const row = await findWorkspaceRow(deps.db, workspaceId);
  if (!row) throw notFound('Workspace');
  return {
    id: row.id,
    name: row.name,
    plan: row.plan,
    role,
    personal: row.personalOwnerId === userId,
    createdAt: row.createdAt,
  };
}

export async function createWorkspace(
  deps: GatewayDeps,
  user: AuthUser,
  acting: Acting,
  name: string,
): Promise<MemberWorkspace> {
  const clean = parse(WorkspaceNameSchema, 'name', name);
  const id = await deps.db.transaction(async (tx) => {
    const created = await createTeamWorkspace(tx, {
      ownerId: user.id,
      name: clean,
      // Where plans are sold a new workspace starts on the free one, like a personal one.
      plan: deps.env.PLANS ? 'free' : 'pro',
    });
    await logActivity(tx, acting, {
      workspaceId: created,
      kind: 'workspace.created',
      message: 'Created the workspace',
      subjectType: 'workspace',
      subjectId: created,
      data: { name: clean },
    });
    return created;
  });
  return workspaceView(deps, id, 'owner', user.id);
}

export async function renameWorkspaceAs(
  deps: GatewayDeps,
  user: AuthUser,
  acting: Acting,
  workspaceId: string,
  name: string,
): Promise<MemberWorkspace> {
  const access = await accessTo(deps, user, workspaceId);
  demand(access, 'renameWorkspace', 'Only an owner can rename the workspace.');
  const clean = parse(WorkspaceNameSchema, 'name', name);
  await deps.db.transaction(async (tx) => {
    const before = await findWorkspaceRow(tx, access.id);
    await renameWorkspace(tx, access.id, clean);
    await logActivity(tx, acting, {
      workspaceId: access.id,
      kind: 'workspace.renamed',
      message: 'Renamed the workspace',
      subjectType: 'workspace',
      subjectId: access.id,
      data: { name: { from: before?.name ?? null, to: clean } },
    });
  });
  await membersChanged(deps, access.id);
  return workspaceView(deps, access.id, access.role, user.id);
}

async function sendInvitationMail(
  deps: GatewayDeps,
  invitation: InvitationRow,
  token: string,
): Promise<void> {
  if (deps.mailer.kind !== 'smtp') return;
  const workspace = await findWorkspaceRow(deps.db, invitation.workspaceId);
  try {
    await deps.mailer.send({
      to: invitation.email,
      subject: `You are invited to ${workspace?.name ?? 'a workspace'} on Lumen`,
      intro: `You are invited to join ${workspace?.name ?? 'a workspace'} on Lumen as ${invitation.role}. The link works once and for 7 days.`,
      link: invitationLink(deps, token),
    });
  } catch (error) {
    deps.logger.warn({ code: (error as { code?: string }).code }, 'invitation mail not sent');
    throw new LumenError(
      'CONFLICT',
      'The invitation was saved but the email could not be sent; resend it later.',
    );
  }
}

export function invitationLink(deps: GatewayDeps, token: string): string {
  return `${deps.publicUrl().replace(/\/$/, '')}/invite/${token}`;
}

function newToken(): { token: string; tokenHash: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    tokenHash: hashInvitationToken(token),
    expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
  };
}

export async function inviteMember(
  deps: GatewayDeps,
  user: AuthUser,
  acting: Acting,
  input: { workspaceId: string; email: string; role: WorkspaceRole },
): Promise<InvitationView> {
  const access = await accessTo(deps, user, input.workspaceId);
  demand(access, 'invite', 'Only owners and admins invite people.');
  if (input.role === 'owner') demand(access, 'grantOwner', 'Only an owner can invite an owner.');
  const email = parse(InvitationEmailSchema, 'email', input.email);
  const { token, tokenHash, expiresAt } = newToken();
  const invitation = await deps.db.transaction(async (tx) => {
    await lockWorkspaceMembers(tx, access.id);
    const now = new Date();
    const members = await listMembers(tx, access.id);
    if (members.some((m) => m.email.toLowerCase() === email)) {
      throw new LumenError('CONFLICT', `${email} is already a member of this workspace.`, {
        fields: { email: 'Already a member.' },
      });
    }
    if (await findPendingInvitationForEmail(tx, access.id, email, now)) {
      throw new LumenError('CONFLICT', `${email} is already invited; resend that invitation.`, {
        fields: { email: 'Already invited.' },
      });
    }
    const workspace = await findWorkspaceRow(tx, access.id);
    const seats = PLAN_LIMITS[workspace?.plan ?? 'free'].seats;
    if ((await countSeats(tx, access.id, now)) + 1 > seats) {
      const on = deps.env.PLANS
        ? `The ${PLAN_LIMITS[workspace?.plan ?? 'free'].label} plan`
        : 'This workspace';
      throw new LumenError(
        'QUOTA_EXCEEDED',
        `${on} allows ${seats} seats (members and pending invitations); remove someone or revoke an invitation first.`,
        { resource: 'seats', limit: seats },
      );
    }
    const inserted = await insertInvitation(tx, {
      workspaceId: access.id,
      email,
      role: input.role,
      tokenHash,
      invitedBy: user.id,
      expiresAt,
    });
    // The invitee's email is theirs: the log names the role only.
    await logActivity(tx, acting, {
      workspaceId: access.id,
      kind: 'invitation.created',
      message: `Invited someone as ${roleName(input.role)}`,
      subjectType: 'invitation',
      subjectId: inserted.id,
      data: { role: input.role },
    });
    return inserted;
  });
  await membersChanged(deps, access.id);
  await sendInvitationMail(deps, invitation, token);
  return { ...invitation, token };
}

/** Revoke or resend: an invitation of the current workspace, for its owners and admins. */
async function ownInvitation(
  deps: GatewayDeps,
  workspace: WorkspaceAccess,
  id: string,
): Promise<InvitationRow> {
  const invitation = await findOwned(
    { db: deps.db, workspaceId: workspace.id },
    'Invitation',
    id,
    findInvitation,
  );
  demand(workspace, 'revokeInvitation', 'Only owners and admins manage invitations.');
  if (invitation.acceptedAt) {
    throw new LumenError('INVITATION_USED', 'This invitation was already accepted.');
  }
  if (invitation.revokedAt) {
    throw new LumenError('INVITATION_REVOKED', 'This invitation was revoked.');
  }
  return invitation;
}

export async function revokeInvitationAs(
  deps: GatewayDeps,
  workspace: WorkspaceAccess,
  acting: Acting,
  id: string,
): Promise<string> {
  const invitation = await ownInvitation(deps, workspace, id);
  await deps.db.transaction(async (tx) => {
    await revokeInvitation(tx, workspace.id, invitation.id);
    await logActivity(tx, acting, {
      workspaceId: workspace.id,
      kind: 'invitation.revoked',
      message: `Revoked an invitation (${roleName(invitation.role)})`,
      subjectType: 'invitation',
      subjectId: invitation.id,
      data: { role: invitation.role },
    });
  });
  await membersChanged(deps, workspace.id);
  return invitation.id;
}

/** A new link (the old one stops working), valid 7 days from now, mailed again with SMTP. */
export async function resendInvitationAs(
  deps: GatewayDeps,
  workspace: WorkspaceAccess,
  acting: Acting,
  id: string,
): Promise<InvitationView> {
  const invitation = await ownInvitation(deps, workspace, id);
  const { token, tokenHash, expiresAt } = newToken();
  const renewed = await deps.db.transaction(async (tx) => {
    const row = await renewInvitation(tx, workspace.id, invitation.id, { tokenHash, expiresAt });
    if (!row) throw notFound('Invitation');
    await logActivity(tx, acting, {
      workspaceId: workspace.id,
      kind: 'invitation.resent',
      message: `Sent an invitation again (${roleName(row.role)})`,
      subjectType: 'invitation',
      subjectId: row.id,
      data: { role: row.role },
    });
    return row;
  });
  await sendInvitationMail(deps, renewed, token);
  return { ...renewed, token };
}

export async function acceptInvitation(
  deps: GatewayDeps,
  user: AuthUser,
  acting: Acting,
  token: string,
): Promise<MemberWorkspace> {
  const joined = await deps.db.transaction(async (tx) => {
    const invitation = await findInvitationByTokenHashForUpdate(tx, hashInvitationToken(token));
    if (!invitation) {
      throw new LumenError('NOT_FOUND', 'This invitation link is not valid. Ask for a new one.');
    }
    if (invitation.revokedAt) {
      throw new LumenError('INVITATION_REVOKED', 'This invitation was revoked. Ask for a new one.');
    }
    if (invitation.acceptedAt) {
      throw new LumenError(
        'INVITATION_USED',
        'This invitation was already used. Ask for a new one.',
      );
    }
    if (invitation.expiresAt.getTime() <= Date.now()) {
      throw new LumenError('INVITATION_EXPIRED', 'This invitation has expired. Ask for a new one.');
    }
    if ((user.email ?? '').trim().toLowerCase() !== invitation.email) {
      throw new LumenError(
        'INVITATION_EMAIL_MISMATCH',
        'This invitation is for another email address. Sign in with the address it was sent to.',
      );
    }
    await addMember(tx, {
      workspaceId: invitation.workspaceId,
      userId: user.id,
      role: invitation.role,
    });
    await markInvitationAccepted(tx, invitation.id, user.id);
    await logActivity(tx, acting, {
      workspaceId: invitation.workspaceId,
      kind: 'member.joined',
      message: `Joined as ${roleName(invitation.role)}`,
      subjectType: 'member',
      subjectId: user.id,
      data: { role: invitation.role, invitationId: invitation.id },
    });
    return invitation.workspaceId;
  });
  await membersChanged(deps, joined);
  const access = await accessTo(deps, user, joined);
  return workspaceView(deps, joined, access.role, user.id);
}

/** Change a member's role (`to`), or remove them (`to` null; leaving when it is the caller). */
export async function changeMembership(
  deps: GatewayDeps,
  user: AuthUser,
  acting: Acting,
  input: { workspaceId: string; userId: string; to: WorkspaceRole | null },
): Promise<MemberRow | null> {
  const access = await accessTo(deps, user, input.workspaceId);
  // Who may act at all is known before any row is read; the rest needs the target and the
  // owner count, under the workspace's lock.
  if (input.userId !== user.id || input.to !== null) {
    demand(
      access,
      input.to === null ? 'removeMember' : 'changeRole',
      'Only owners and admins manage members.',
    );
    if (input.to === 'owner') demand(access, 'grantOwner', 'Only an owner can make an owner.');
  }
  const result = await deps.db.transaction(async (tx) => {
    await lockWorkspaceMembers(tx, access.id);
    const target = await findOwned(
      { db: tx, workspaceId: access.id },
      'Member',
      input.userId,
      findMember,
    );
    const workspace = await findWorkspaceRow(tx, access.id);
    const refusal = membershipChangeRefusal({
      actorRole: access.role,
      self: target.userId === user.id,
      from: target.role,
      to: input.to,
      owners: await countOwners(tx, access.id),
      targetsPersonal: workspace?.personalOwnerId === target.userId,
    });
    if (refusal) throw new LumenError(refusal.code, refusal.message);
    const self = target.userId === user.id;
    if (input.to === null) {
      await deleteMember(tx, access.id, target.userId);
      await logActivity(tx, acting, {
        workspaceId: access.id,
        kind: self ? 'member.left' : 'member.removed',
        message: self ? 'Left the workspace' : `Removed a member (${roleName(target.role)})`,
        subjectType: 'member',
        subjectId: target.userId,
        data: { role: { from: target.role, to: null } },
      });
      return null;
    }
    await setMemberRoleRow(tx, access.id, target.userId, input.to);
    await logActivity(tx, acting, {
      workspaceId: access.id,
      kind: 'member.role_changed',
      message: `Changed ${self ? 'their own' : 'a member’s'} role: ${roleName(target.role)} → ${roleName(input.to)}`,
      subjectType: 'member',
      subjectId: target.userId,
      data: { role: { from: target.role, to: input.to } },
    });
    return { ...target, role: input.to };
  });
  await membersChanged(deps, access.id);
  return result;
}
