import {
  type ApiKey,
  insertApiKey,
  revokeApiKey as revokeApiKeyRow,
} from '@lumen/db/repositories/api-key.repository';
import { apiKeyInputSchema, apiKeyPrefix } from '@lumen/domain/auth/api-keys';
import { publishEvent, TOPIC } from '@lumen/jobs/events';
import { newApiKeySecret } from '../auth/api-keys';
import type { GatewayDeps } from '../context';
import { findOwned } from '../workspace-scope';
import { parseInput } from './brand-rules';

// Creating and revoking workspace API keys (docs/api.md). The secret exists in the answer of
// createApiKey only; what is stored is its SHA-256 and its first characters.

export async function createApiKey(
  deps: GatewayDeps,
  scope: { workspaceId: string; createdBy: string },
  raw: { name: unknown; role: unknown; expiresAt?: unknown },
): Promise<{ apiKey: ApiKey; secret: string }> {
  const input = parseInput(apiKeyInputSchema(new Date()), raw);
  const { secret, secretHash } = newApiKeySecret();
  const apiKey = await insertApiKey(deps.db, scope.workspaceId, {
    name: input.name,
    role: input.role,
    prefix: apiKeyPrefix(secret),
    secretHash,
    createdBy: scope.createdBy,
    expiresAt: input.expiresAt ?? null,
  });
  return { apiKey, secret };
}

export async function revokeApiKey(
  deps: GatewayDeps,
  workspaceId: string,
  id: string,
): Promise<ApiKey> {
  const now = new Date();
  const key = await findOwned({ db: deps.db, workspaceId }, 'API key', id, (db, w, keyId) =>
    revokeApiKeyRow(db, w, keyId, now),
  );
  // Open subscriptions of the workspace check their caller again (stream-limits.ts), so a
  // stream opened with this key ends now rather than at its next frame.
  await publishEvent(deps.redis, deps.env.REDIS_PREFIX, TOPIC.members(workspaceId), {
    workspaceId,
  });
  return key;
}
