import { createHmac, timingSafeEqual } from 'node:crypto';

// The one-click unsubscribe link of a notification mail (docs/notifications.md, "Email"): names a
// workspace, a person and an event kind (or `digest`), signed with a key derived from
// ENCRYPTION_KEY (`secrets.deriveKey(UNSUBSCRIBE_KEY_PURPOSE)`), so nobody can make one for
// somebody else and nothing needs to be stored per mail. It does not expire: a link in an old
// mail still works.

export const UNSUBSCRIBE_KEY_PURPOSE = 'unsubscribe-link';

export type UnsubscribeTarget = { workspaceId: string; userId: string; kind: string };

const SEPARATOR = '|';

function mac(key: Buffer, body: string): Buffer {
  return createHmac('sha256', key).update(`unsubscribe.v1.${body}`).digest();
}

export function signUnsubscribeToken(key: Buffer, target: UnsubscribeTarget): string {
  const body = Buffer.from(
    [target.workspaceId, target.userId, target.kind].join(SEPARATOR),
    'utf8',
  ).toString('base64url');
  return `${body}.${mac(key, body).toString('base64url')}`;
}

/** The target of a genuine token; null for anything else (tampered, truncated, not ours). */
export function verifyUnsubscribeToken(key: Buffer, token: string): UnsubscribeTarget | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const want = mac(key, body);
  if (given.length !== want.length || !timingSafeEqual(given, want)) return null;
  const [workspaceId, userId, kind, more] = Buffer.from(body, 'base64url')
    .toString('utf8')
    .split(SEPARATOR);
  if (!workspaceId || !userId || !kind || more !== undefined) return null;
  return { workspaceId, userId, kind };
}
