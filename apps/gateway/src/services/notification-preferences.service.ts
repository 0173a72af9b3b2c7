import { UNSUBSCRIBE_KEY_PURPOSE, verifyUnsubscribeToken } from '@lumen/config/unsubscribe-token';
import type { Tx } from '@lumen/db/client';
import {
  findPreferences,
  findRecipient,
  type StoredPreferences,
  savePreferences,
} from '@lumen/db/repositories/notification-preference.repository';
import {
  isUnsubscribeKind,
  NotificationPreferencesInputSchema,
  unsubscribed,
} from '@lumen/domain/notifications/preferences';
import type { GatewayDeps } from '../context';
import { badInput } from '../errors';

// A person's email preferences in a workspace (docs/notifications.md, "Email"): read and saved
// through GraphQL by the person themself, and changed by the unsubscribe link in a mail.

export function preferencesOf(db: Tx, workspaceId: string, userId: string) {
  return findPreferences(db, workspaceId, userId);
}

export function updatePreferences(
  db: Tx,
  workspaceId: string,
  userId: string,
  input: unknown,
): Promise<StoredPreferences> {
  const parsed = NotificationPreferencesInputSchema.safeParse(input);
  if (!parsed.success) throw badInput(parsed.error.issues);
  return savePreferences(db, workspaceId, userId, parsed.data);
}

export type UnsubscribeOutcome =
  | { ok: true; kind: string; workspaceName: string }
  | { ok: false; reason: 'INVALID' | 'NOT_A_MEMBER' };

/**
 * The click on an unsubscribe link: the kind leaves the person's preferences (the digest is
 * turned off). Clicking twice is harmless. A token for someone who has left the workspace
 * changes nothing (they get no mail from it anyway).
 */
export async function unsubscribeWithToken(
  deps: Pick<GatewayDeps, 'db' | 'secrets'>,
  token: string,
): Promise<UnsubscribeOutcome> {
  const target = verifyUnsubscribeToken(deps.secrets.deriveKey(UNSUBSCRIBE_KEY_PURPOSE), token);
  if (!target || !isUnsubscribeKind(target.kind)) return { ok: false, reason: 'INVALID' };
  return deps.db.transaction(async (tx) => {
    const member = await findRecipient(tx, target.workspaceId, target.userId);
    if (!member) return { ok: false, reason: 'NOT_A_MEMBER' } as const;
    await savePreferences(
      tx,
      target.workspaceId,
      target.userId,
      unsubscribed(member.preferences, target.kind),
    );
    return { ok: true, kind: target.kind, workspaceName: member.workspaceName } as const;
  });
}
