import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { contactRequests, profiles } from '../schema/tenancy';

// A person's own account across workspaces (docs/security.md, "Deleting an account").

export async function setDisplayName(db: Tx, userId: string, displayName: string | null) {
  await db.update(profiles).set({ displayName }).where(eq(profiles.userId, userId));
}

/**
 * Workspaces that would be left without an owner while other people are still in them: the
 * person is their only owner and not their only member. Deleting the account is refused while
 * any exists (they transfer ownership first, or remove the others).
 */
export async function workspacesOnlyOwnedBy(
  db: Tx,
  userId: string,
): Promise<{ id: string; name: string }[]> {
  const rows = await db.execute<{ id: string; name: string }>(sql`
    select w.id, w.name
      from workspaces w
      join workspace_members me on me.workspace_id = w.id and me.user_id = ${userId}
     where me.role = 'owner'
       and not exists (select 1 from workspace_members o
                        where o.workspace_id = w.id and o.role = 'owner' and o.user_id <> ${userId})
       and exists (select 1 from workspace_members m
                    where m.workspace_id = w.id and m.user_id <> ${userId})
     order by w.name`);
  return [...rows];
}

/**
 * Removes what Lumen keeps about a person: the workspaces only they are in (personal included,
 * with every row in them, through the foreign keys' cascades), their memberships elsewhere,
 * their contact requests and their profile. Posts already on WordPress stay where they are.
 * Call inside one transaction after `workspacesOnlyOwnedBy` came back empty under the same lock.
 */
export async function deleteAccountData(db: Tx, userId: string): Promise<{ workspaces: number }> {
  const solo = await db.execute<{ id: string }>(sql`
    delete from workspaces w
     where exists (select 1 from workspace_members me
                    where me.workspace_id = w.id and me.user_id = ${userId})
       and not exists (select 1 from workspace_members m
                        where m.workspace_id = w.id and m.user_id <> ${userId})
    returning w.id`);
  await db.execute(sql`delete from workspace_members where user_id = ${userId}`);
  await db.delete(contactRequests).where(eq(contactRequests.userId, userId));
  await db.delete(profiles).where(eq(profiles.userId, userId));
  return { workspaces: solo.length };
}
