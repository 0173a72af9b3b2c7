import type { Database } from '@lumen/db/client';
import { insertProfileIfAbsent } from '@lumen/db/repositories/profile.repository';
import {
  createPersonalWorkspace,
  findMembership,
  listWorkspacesForUser,
} from '@lumen/db/repositories/workspace.repository';
import type { AuthUser, WorkspaceAccess, WorkspaceResolver } from '../context';
import { LumenError, notFound } from '../errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function personalWorkspaceName(email: string | null): string {
  const local = email?.split('@')[0]?.trim();
  return local ? `${local.slice(0, 60)}'s workspace` : 'Personal workspace';
}

/**
 * A user's first authenticated request creates their profile and personal workspace, exactly
 * once: the profile insert (ON CONFLICT DO NOTHING on its primary key) is the guard. A
 * concurrent transaction inserting the same profile blocks on the unique index until the first
 * commits, then sees the conflict and creates nothing; both steps share one transaction, so a
 * profile never exists without its workspace.
 */
export async function ensureUserWorkspace(
  db: Database,
  user: Pick<AuthUser, 'id' | 'email'>,
  options: { plans?: boolean } = {},
): Promise<{ created: boolean }> {
  return db.transaction(async (tx) => {
    const created = await insertProfileIfAbsent(tx, { userId: user.id, email: user.email ?? '' });
    if (created) {
      await createPersonalWorkspace(tx, {
        ownerId: user.id,
        name: personalWorkspaceName(user.email),
        // Where plans are sold, an account starts on the free one (docs/brands.md).
        ...(options.plans ? { plan: 'free' as const } : {}),
      });
    }
    return { created };
  });
}

export type WorkspaceEnsurer = {
  /** ensureUserWorkspace, remembered per process so later requests cost no query. */
  ensure(user: Pick<AuthUser, 'id' | 'email'>): Promise<void>;
  /** The workspace a request acts in: the requested one if the user is a member, else personal. */
  resolve: WorkspaceResolver;
};

const MAX_REMEMBERED = 50_000;

export function createWorkspaceEnsurer(
  db: Database,
  options: { plans?: boolean } = {},
): WorkspaceEnsurer {
  const ensured = new Map<string, Promise<void>>();
  const personal = new Map<string, WorkspaceAccess>();

  const remember = <V>(map: Map<string, V>, key: string, value: V) => {
    if (map.size >= MAX_REMEMBERED) map.delete(map.keys().next().value as string);
    map.set(key, value);
  };

  const ensure = (user: Pick<AuthUser, 'id' | 'email'>): Promise<void> => {
    const known = ensured.get(user.id);
    if (known) return known;
    const pending = ensureUserWorkspace(db, user, options).then(() => undefined);
    remember(ensured, user.id, pending);
    // A failed attempt must not be remembered: the next request tries again.
    pending.catch(() => ensured.delete(user.id));
    return pending;
  };

  const resolve: WorkspaceResolver = async (user, requestedWorkspaceId) => {
    await ensure(user);
    if (requestedWorkspaceId) {
      if (!UUID.test(requestedWorkspaceId)) throw notFound('Workspace');
      const role = await findMembership(db, requestedWorkspaceId, user.id);
      // Someone else's workspace answers exactly like a missing one (docs/security.md).
      if (!role) throw notFound('Workspace');
      return { id: requestedWorkspaceId, role };
    }
    const cached = personal.get(user.id);
    if (cached) return cached;
    const mine = (await listWorkspacesForUser(db, user.id)).find((w) => w.personal);
    if (!mine) throw new LumenError('NOT_FOUND', 'Workspace not found.');
    const access: WorkspaceAccess = { id: mine.id, role: mine.role };
    remember(personal, user.id, access);
    return access;
  };

  return { ensure, resolve };
}
