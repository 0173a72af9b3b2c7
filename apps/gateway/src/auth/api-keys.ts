import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '@lumen/db/client';
import { findApiKeyBySecretHash, touchApiKey } from '@lumen/db/repositories/api-key.repository';
import { apiKeyState, formatApiKey, parseApiKey } from '@lumen/domain/auth/api-keys';
import type { Redis } from 'ioredis';
import type { AuthUser, WorkspaceAccess } from '../context';
import { LumenError, notFound } from '../errors';

// Workspace API keys as bearer tokens (docs/api.md, "Authentication"; docs/security.md,
// "API keys"). A key is read from Postgres on every request, so a revoked or expired key is
// refused on the very next one; nothing about its validity is remembered between requests.

export const API_KEY_USER_ROLE = 'api_key';

export function hashApiKeySecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A new secret (shown once) with what is stored of it. */
export function newApiKeySecret(): { secret: string; secretHash: string } {
  const secret = formatApiKey(randomBytes(32));
  return { secret, secretHash: hashApiKeySecret(secret) };
}

const refused = (message: string) => new LumenError('UNAUTHENTICATED', message);

/** The key behind a `lumen_sk_…` bearer as the request's user, or UNAUTHENTICATED. */
export async function verifyApiKey(
  db: Database,
  token: string,
  now = new Date(),
): Promise<AuthUser> {
  const parsed = parseApiKey(token);
  if (!parsed) throw refused('This API key is not valid.');
  const key = await findApiKeyBySecretHash(db, hashApiKeySecret(parsed.secret));
  if (!key) throw refused('This API key is not valid.');
  const state = apiKeyState(key, now);
  if (state === 'revoked') throw refused('This API key has been revoked.');
  if (state === 'expired') throw refused('This API key has expired.');
  return {
    id: key.id,
    email: null,
    role: API_KEY_USER_ROLE,
    apiKey: { id: key.id, name: key.name, workspaceId: key.workspaceId, role: key.role },
  };
}

/**
 * The workspace a key acts in: its own. Asking for another one (x-workspace-id) is answered
 * exactly as a member asking for a workspace they are not in.
 */
export function apiKeyWorkspace(user: AuthUser, requested: string | null): WorkspaceAccess {
  const key = user.apiKey;
  if (!key) throw new Error('not an API key');
  if (requested && requested !== key.workspaceId) throw notFound('Workspace');
  return { id: key.workspaceId, role: key.role };
}

/** Last use (time and address), written at most once a minute per key. */
export async function noteApiKeyUse(
  deps: { db: Database; redis: Redis; env: { REDIS_PREFIX: string } },
  key: { id: string; workspaceId: string },
  address: string,
): Promise<void> {
  const gate = `${deps.env.REDIS_PREFIX}:apikey:used:${key.id}`;
  const first = await deps.redis.set(gate, address, 'EX', 60, 'NX');
  if (first !== 'OK') return;
  await touchApiKey(deps.db, key.workspaceId, key.id, { at: new Date(), address });
}
