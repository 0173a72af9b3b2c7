import {
  deleteAccountData,
  setDisplayName,
  workspacesOnlyOwnedBy,
} from '@lumen/db/repositories/account.repository';
import { findProfile } from '@lumen/db/repositories/profile.repository';
import { findWorkspaceRow, lockWorkspaceMembers } from '@lumen/db/repositories/team.repository';
import { listWorkspacesForUser } from '@lumen/db/repositories/workspace.repository';
import { accountDeletionRefusal, DisplayNameSchema } from '@lumen/domain/auth/account-rules';
import { publishEvent, TOPIC } from '@lumen/jobs/events';
import type { Acting, AuthUser, GatewayDeps } from '../context';
import { badInput, LumenError, unauthenticated } from '../errors';
import { logActivity } from './activity.service';

// The signed-in person's own account: display name and deletion (docs/security.md, "Deleting an
// account"). Email and password changes go through Supabase Auth (supabase-js updateUser).

export type Profile = { id: string; email: string; displayName: string | null; createdAt: Date };

export async function updateProfile(
  deps: GatewayDeps,
  user: AuthUser,
  input: { displayName?: string | null | undefined },
): Promise<Profile> {
  if (input.displayName !== undefined) {
    const parsed = DisplayNameSchema.safeParse(input.displayName ?? '');
    if (!parsed.success) {
      throw badInput(
        parsed.error.issues.map((i) => ({ path: ['displayName'], message: i.message })),
      );
    }
    await setDisplayName(deps.db, user.id, parsed.data);
  }
  const profile = await findProfile(deps.db, user.id);
  if (!profile) throw unauthenticated();
  return {
    id: user.id,
    email: user.email ?? profile.email,
    displayName: profile.displayName,
    createdAt: profile.createdAt,
  };
}

/**
 * Deletes the account: Lumen's rows of the person first, then the sign-in account, in one
 * transaction, so a sign-in service that refuses leaves everything as it was.
 */
export async function deleteAccount(
  deps: GatewayDeps,
  user: AuthUser,
  acting: Acting,
  confirmation: string,
): Promise<string> {
  const deleteAuthUser = deps.deleteAuthUser?.() ?? null;
  if (!deleteAuthUser) {
    throw new LumenError(
      'ACCOUNT_DELETION_UNAVAILABLE',
      'This server cannot delete sign-in accounts (its operator can set SUPABASE_SERVICE_ROLE_KEY). Ask the operator to delete yours.',
    );
  }
  const memberOf = await listWorkspacesForUser(deps.db, user.id);
  await deps.db.transaction(async (tx) => {
    // The same locks as role changes and removals, in one order, so no other owner can step
    // down between the check and the deletion.
    for (const id of memberOf.map((w) => w.id).sort()) await lockWorkspaceMembers(tx, id);
    const soleOwnerOf = await workspacesOnlyOwnedBy(tx, user.id);
    const refusal = accountDeletionRefusal({
      email: user.email,
      confirmation,
      authenticatedAt: user.authenticatedAt,
      nowSeconds: Math.floor(Date.now() / 1000),
      soleOwnerOf: soleOwnerOf.map((w) => w.name),
    });
    if (refusal) {
      const { code, message, ...rest } = refusal;
      throw code === 'BAD_USER_INPUT'
        ? new LumenError(code, message, { fields: { confirmation: message } })
        : new LumenError(code, message, rest);
    }
    // The name is read while the profile exists; the rows are written once the data is gone.
    await acting.actor(tx);
    await deleteAccountData(tx, user.id);
    // The workspaces they shared (the others went with their rows, logs included).
    for (const w of memberOf) {
      if (!(await findWorkspaceRow(tx, w.id))) continue;
      await logActivity(tx, acting, {
        workspaceId: w.id,
        kind: 'member.left',
        message: 'Left the workspace (account deleted)',
        subjectType: 'member',
        subjectId: user.id,
        data: { role: { from: w.role, to: null } },
      });
    }
    await deleteAuthUser(user.id);
  });
  // Workspaces the person shared: their open subscriptions and caches see them gone.
  for (const w of memberOf) {
    await publishEvent(deps.redis, deps.env.REDIS_PREFIX, TOPIC.members(w.id), {
      workspaceId: w.id,
    });
  }
  return user.id;
}
