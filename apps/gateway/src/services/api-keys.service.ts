import {
  type ApiKey,
  insertApiKey,
  revokeApiKey as revokeApiKeyRow,
} from '@lumen/db/repositories/api-key.repository';
import { quoted } from '@lumen/domain/activity/activity-entry';
import { apiKeyInputSchema, apiKeyPrefix } from '@lumen/domain/auth/api-keys';
import { publishEvent, TOPIC } from '@lumen/jobs/events';
import { newApiKeySecret } from '../auth/api-keys';
import type { Acting, GatewayDeps } from '../context';
import { findOwned } from '../workspace-scope';
import { logActivity } from './activity.service';
import { parseInput } from './brand-rules';

// Creating and revoking workspace API keys (docs/api.md). The secret exists in the answer of
// createApiKey only; what is stored is its SHA-256 and its first characters.

export async function createApiKey(
  deps: GatewayDeps,
  scope: { workspaceId: string; createdBy: string; acting: Acting },
  raw: { name: unknown; role: unknown; expiresAt?: unknown },
): Promise<{ apiKey: ApiKey; secret: string }> {
  const input = parseInput(apiKeyInputSchema(new Date()), raw);
  const { secret, secretHash } = newApiKeySecret();
  const apiKey = await deps.db.transaction(async (tx) => {
    const row = await insertApiKey(tx, scope.workspaceId, {
      name: input.name,
      role: input.role,
      prefix: apiKeyPrefix(secret),
      secretHash,
      createdBy: scope.createdBy,
      expiresAt: input.expiresAt ?? null,
    });
    // The prefix and role only: never the secret or its hash.
    await logActivity(tx, scope.acting, {
      workspaceId: scope.workspaceId,
      kind: 'api_key.created',
      message: `Created the API key ${quoted(row.name)} (${row.role})`,
      subjectType: 'api_key',
      subjectId: row.id,
      data: { role: row.role, prefix: apiKeyPrefix(secret), expiresAt: row.expiresAt },
    });
    return row;
  });
  return { apiKey, secret };
}

export async function revokeApiKey(
  deps: GatewayDeps,
  workspaceId: string,
  acting: Acting,
  id: string,
): Promise<ApiKey> {
  const now = new Date();
  const key = await deps.db.transaction(async (tx) => {
    const row = await findOwned({ db: tx, workspaceId }, 'API key', id, (db, w, keyId) =>
      revokeApiKeyRow(db, w, keyId, now),
    );
    await logActivity(tx, acting, {
      workspaceId,
      kind: 'api_key.revoked',
      message: `Revoked the API key ${quoted(row.name)}`,
      subjectType: 'api_key',
      subjectId: row.id,
      data: { role: row.role },
    });
    return row;
  });
  // Open subscriptions of the workspace check their caller again (stream-limits.ts), so a
  // stream opened with this key ends now rather than at its next frame.
  await publishEvent(deps.redis, deps.env.REDIS_PREFIX, TOPIC.members(workspaceId), {
    workspaceId,
  });
  return key;
}
