import type {
  ConnectionStatus,
  EngineConnection,
  EngineKind,
} from '@lumen/domain/engines/engine-connection';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { engineConnections } from '../schema/integrations';

// A workspace's engine connections (docs/engines.md, "Connections"). The sealed key is read only
// by `findConnectionSecret` and `listConnectionSecrets`, for the call that needs it; every other
// function leaves it out.

const columns = {
  id: engineConnections.id,
  workspaceId: engineConnections.workspaceId,
  kind: engineConnections.kind,
  label: engineConnections.label,
  baseUrl: engineConnections.baseUrl,
  model: engineConnections.model,
  keyHint: engineConnections.keyHint,
  status: engineConnections.status,
  lastError: engineConnections.lastError,
  models: engineConnections.models,
};

const shape = (row: Omit<EngineConnection, 'source'>): EngineConnection => ({
  ...row,
  source: 'WORKSPACE',
});

export type ConnectionSecret = EngineConnection & { sealedKey: string | null };

export async function listConnections(db: Tx, workspaceId: string): Promise<EngineConnection[]> {
  const rows = await db
    .select(columns)
    .from(engineConnections)
    .where(eq(engineConnections.workspaceId, workspaceId))
    .orderBy(asc(engineConnections.kind));
  return rows.map(shape);
}

export async function findConnection(
  db: Tx,
  workspaceId: string,
  id: string,
): Promise<EngineConnection | null> {
  const [row] = await db
    .select(columns)
    .from(engineConnections)
    .where(and(eq(engineConnections.workspaceId, workspaceId), eq(engineConnections.id, id)));
  return row ? shape(row) : null;
}

/** The connection with its sealed key, for the one call that opens it. */
export async function findConnectionSecret(
  db: Tx,
  workspaceId: string,
  id: string,
): Promise<ConnectionSecret | null> {
  const [row] = await db
    .select({ ...columns, sealedKey: engineConnections.sealedKey })
    .from(engineConnections)
    .where(and(eq(engineConnections.workspaceId, workspaceId), eq(engineConnections.id, id)));
  return row ? { ...shape(row), sealedKey: row.sealedKey } : null;
}

/** Every connection of the workspace with its sealed key: the worker opens them inside a job. */
export async function listConnectionSecrets(
  db: Tx,
  workspaceId: string,
): Promise<ConnectionSecret[]> {
  const rows = await db
    .select({ ...columns, sealedKey: engineConnections.sealedKey })
    .from(engineConnections)
    .where(eq(engineConnections.workspaceId, workspaceId));
  return rows.map((row) => ({ ...shape(row), sealedKey: row.sealedKey }));
}

export type NewConnection = {
  id: string;
  workspaceId: string;
  kind: EngineKind;
  label: string;
  baseUrl: string | null;
  model: string | null;
  sealedKey: string | null;
  keyHint: string | null;
};

/** Null when the workspace already has a connection of that kind. */
export async function insertConnection(
  db: Tx,
  connection: NewConnection,
): Promise<EngineConnection | null> {
  const [row] = await db
    .insert(engineConnections)
    .values({ ...connection, status: 'UNTESTED' })
    .onConflictDoNothing()
    .returning(columns);
  return row ? shape(row) : null;
}

export type ConnectionPatch = Partial<
  Pick<NewConnection, 'label' | 'baseUrl' | 'model' | 'sealedKey' | 'keyHint'>
> & { untested?: boolean };

export async function updateConnection(
  db: Tx,
  workspaceId: string,
  id: string,
  { untested, ...patch }: ConnectionPatch,
): Promise<EngineConnection | null> {
  const [row] = await db
    .update(engineConnections)
    .set({
      ...patch,
      ...(untested ? { status: 'UNTESTED' as const, lastError: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(engineConnections.workspaceId, workspaceId), eq(engineConnections.id, id)))
    .returning(columns);
  return row ? shape(row) : null;
}

export async function recordConnectionTest(
  db: Tx,
  workspaceId: string,
  id: string,
  outcome: {
    status: Exclude<ConnectionStatus, 'UNTESTED'>;
    error: string | null;
    models?: string[];
  },
): Promise<EngineConnection | null> {
  const [row] = await db
    .update(engineConnections)
    .set({
      status: outcome.status,
      lastError: outcome.error,
      ...(outcome.models ? { models: outcome.models } : {}),
      testedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(engineConnections.workspaceId, workspaceId), eq(engineConnections.id, id)))
    .returning(columns);
  return row ? shape(row) : null;
}

export async function deleteConnection(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(engineConnections)
    .where(and(eq(engineConnections.workspaceId, workspaceId), eq(engineConnections.id, id)))
    .returning({ id: engineConnections.id });
  return rows.length > 0;
}
