import { eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { profiles } from '../schema/tenancy';

export type Profile = {
  userId: string;
  email: string;
  displayName: string | null;
  createdAt: Date;
};

/**
 * Creates the profile unless it exists. The primary key makes this the once-only guard for a
 * first sign-in: a concurrent insert of the same user waits for the other transaction, then
 * sees the conflict and returns false.
 */
export async function insertProfileIfAbsent(
  db: Tx,
  input: { userId: string; email: string; displayName?: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(profiles)
    .values({ userId: input.userId, email: input.email, displayName: input.displayName ?? null })
    .onConflictDoNothing({ target: profiles.userId })
    .returning({ userId: profiles.userId });
  return rows.length === 1;
}

export async function findProfile(db: Tx, userId: string): Promise<Profile | null> {
  const rows = await db
    .select({
      userId: profiles.userId,
      email: profiles.email,
      displayName: profiles.displayName,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return rows[0] ?? null;
}
