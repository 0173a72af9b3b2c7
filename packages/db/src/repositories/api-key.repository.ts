import type { ApiKeyRole } from '@lumen/domain/auth/api-keys';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../client';
import { apiKeys } from '../schema/tenancy';

// Workspace API keys (docs/api.md). Every function but the lookup by secret takes the workspace
// first; the secret itself never reaches this package, only its SHA-256.

export type ApiKey = {
  id: string;
  workspaceId: string;
  name: string;
  role: ApiKeyRole;
  prefix: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  lastUsedAddress: string | null;
  revokedAt: Date | null;
};

const columns = {
  id: apiKeys.id,
  workspaceId: apiKeys.workspaceId,
  name: apiKeys.name,
  role: apiKeys.role,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  lastUsedAddress: apiKeys.lastUsedAddress,
  revokedAt: apiKeys.revokedAt,
};

function toApiKey(row: Omit<ApiKey, 'role'> & { role: string }): ApiKey {
  // The table only ever receives the three key roles (the input schema refuses owner).
  const role = row.role === 'owner' ? 'admin' : (row.role as ApiKeyRole);
  return { ...row, role };
}

export async function insertApiKey(
  db: Tx,
  workspaceId: string,
  values: {
    name: string;
    role: ApiKeyRole;
    prefix: string;
    secretHash: string;
    createdBy: string | null;
    expiresAt: Date | null;
  },
): Promise<ApiKey> {
  const [row] = await db
    .insert(apiKeys)
    .values({ workspaceId, ...values })
    .returning(columns);
  if (!row) throw new Error('api key insert returned nothing');
  return toApiKey(row);
}

/** Newest first; revoked keys stay listed (with their revocation) so the history is visible. */
export async function listApiKeys(db: Tx, workspaceId: string): Promise<ApiKey[]> {
  const rows = await db
    .select(columns)
    .from(apiKeys)
    .where(eq(apiKeys.workspaceId, workspaceId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
}

export async function findApiKey(db: Tx, workspaceId: string, id: string): Promise<ApiKey | null> {
  const [row] = await db
    .select(columns)
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.id, id)));
  return row ? toApiKey(row) : null;
}

/** Revokes the key once (a second revocation keeps the first time); null when not this workspace's. */
export async function revokeApiKey(
  db: Tx,
  workspaceId: string,
  id: string,
  at: Date,
): Promise<ApiKey | null> {
  await db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(
      and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)),
    );
  return findApiKey(db, workspaceId, id);
}

/**
 * The key a request presents, by the SHA-256 of its secret. The one read without a workspace:
 * the secret is what names the workspace.
 */
export async function findApiKeyBySecretHash(db: Tx, secretHash: string): Promise<ApiKey | null> {
  const [row] = await db.select(columns).from(apiKeys).where(eq(apiKeys.secretHash, secretHash));
  return row ? toApiKey(row) : null;
}

/** Notes a use (the gateway throttles these writes per key). */
export async function touchApiKey(
  db: Tx,
  workspaceId: string,
  id: string,
  use: { at: Date; address: string },
): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: use.at, lastUsedAddress: use.address })
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.id, id)));
}
