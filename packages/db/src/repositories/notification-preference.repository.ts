import type { WorkspaceRole } from '@lumen/domain/auth/workspace-roles';
import {
  defaultPreferences,
  type EmailKind,
  type NotificationPreferences,
} from '@lumen/domain/notifications/preferences';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { emailDeliveries, notificationPreferences } from '../schema/notifications';
import { profiles, workspaceMembers, workspaces } from '../schema/tenancy';

// Each person's email preferences in a workspace, the people mail goes to, and the email log
// (docs/notifications.md, "Email"). A person without a saved row has the defaults.

export type StoredPreferences = NotificationPreferences & { saved: boolean };

type Row = typeof notificationPreferences.$inferSelect;
const fromRow = (row: Row): StoredPreferences => ({
  emailEvents: row.emailEvents as EmailKind[],
  digestFrequency: row.digestFrequency,
  digestHour: row.digestHour,
  timezone: row.timezone,
  saved: true,
});

export async function findPreferences(
  db: Tx,
  workspaceId: string,
  userId: string,
): Promise<StoredPreferences> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.workspaceId, workspaceId),
        eq(notificationPreferences.userId, userId),
      ),
    );
  return row ? fromRow(row) : { ...defaultPreferences(), saved: false };
}

export async function savePreferences(
  db: Tx,
  workspaceId: string,
  userId: string,
  values: NotificationPreferences,
): Promise<StoredPreferences> {
  const set = { ...values, updatedAt: new Date() };
  const [row] = await db
    .insert(notificationPreferences)
    .values({ workspaceId, userId, ...set })
    .onConflictDoUpdate({
      target: [notificationPreferences.workspaceId, notificationPreferences.userId],
      set,
    })
    .returning();
  if (!row) throw new Error('upsert returned no preferences');
  return fromRow(row);
}

export type Recipient = {
  userId: string;
  email: string;
  role: WorkspaceRole;
  preferences: NotificationPreferences;
};

/** The workspace's members who have an email address, each with their preferences. */
export async function listRecipients(db: Tx, workspaceId: string): Promise<Recipient[]> {
  const rows = await db
    .select({
      userId: workspaceMembers.userId,
      email: profiles.email,
      role: workspaceMembers.role,
      saved: notificationPreferences,
    })
    .from(workspaceMembers)
    .innerJoin(profiles, eq(profiles.userId, workspaceMembers.userId))
    .leftJoin(
      notificationPreferences,
      and(
        eq(notificationPreferences.workspaceId, workspaceMembers.workspaceId),
        eq(notificationPreferences.userId, workspaceMembers.userId),
      ),
    )
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), sql`${profiles.email} <> ''`))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.userId));
  return rows.map(({ saved, ...r }) => {
    const { saved: _, ...preferences } = saved
      ? fromRow(saved)
      : { ...defaultPreferences(), saved };
    return { ...r, preferences };
  });
}

/** One member as a recipient (null when they are no longer a member or have no address). */
export async function findRecipient(
  db: Tx,
  workspaceId: string,
  userId: string,
): Promise<(Recipient & { workspaceName: string }) | null> {
  const [row] = await db
    .select({ email: profiles.email, role: workspaceMembers.role, workspaceName: workspaces.name })
    .from(workspaceMembers)
    .innerJoin(profiles, eq(profiles.userId, workspaceMembers.userId))
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  if (!row?.email) return null;
  const { saved: _, ...preferences } = await findPreferences(db, workspaceId, userId);
  return { userId, ...row, preferences };
}

export type EmailDelivery = typeof emailDeliveries.$inferSelect;
export type EmailAttemptKey = { subject: string; userId: string; attempt: number };

export async function emailAttemptLogged(db: Tx, key: EmailAttemptKey): Promise<boolean> {
  const [row] = await db
    .select({ id: emailDeliveries.id })
    .from(emailDeliveries)
    .where(
      and(
        eq(emailDeliveries.subject, key.subject),
        eq(emailDeliveries.userId, key.userId),
        eq(emailDeliveries.attempt, key.attempt),
      ),
    );
  return row !== undefined;
}

/** Logs an attempt; null when that attempt was already logged (a retried job). */
export async function insertEmailDelivery(
  db: Tx,
  values: Omit<EmailDelivery, 'id' | 'createdAt'>,
): Promise<EmailDelivery | null> {
  const [row] = await db.insert(emailDeliveries).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Every logged attempt of a mail to a person, oldest first. */
export function listEmailAttempts(
  db: Tx,
  subject: string,
  userId: string,
): Promise<EmailDelivery[]> {
  return db
    .select()
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.subject, subject), eq(emailDeliveries.userId, userId)))
    .orderBy(asc(emailDeliveries.attempt));
}
