import { randomUUID } from 'node:crypto';
import { checkUrl, SafeFetchError } from '@lumen/config/safe-fetch';
import { SecretError } from '@lumen/config/secrets';
import type { Tx } from '@lumen/db/client';
import {
  deleteConnection,
  findConnectionSecret,
  insertConnection,
  recordConnectionTest,
  updateConnection,
} from '@lumen/db/repositories/engine-connection.repository';
import { changedFields, quoted } from '@lumen/domain/activity/activity-entry';
import {
  ENGINE_KIND_SPECS,
  type EngineConnection,
  EngineConnectionInputSchema,
  effectiveBaseUrl,
  keyHint,
} from '@lumen/domain/engines/engine-connection';
import { openConnectionKey, sealConnectionKey } from '@lumen/engines/connections/connection-secret';
import { testConnection } from '@lumen/engines/connections/test-connection';
import type { Acting, GatewayDeps } from '../context';
import { badInput, LumenError, notFound } from '../errors';
import { logActivity } from './activity.service';

// Engine connections of a workspace (docs/engines.md, "Connections"). The key is sealed to the
// row, kind and origin on the way in and opened only for the test call; nothing returns it.

const WHAT = 'Engine connection';

function fieldError(field: string, message: string, reason?: string): LumenError {
  return new LumenError('BAD_USER_INPUT', message, {
    fields: { [field]: message },
    ...(reason ? { reason } : {}),
  });
}

function parse(raw: unknown) {
  const parsed = EngineConnectionInputSchema.safeParse(raw);
  if (!parsed.success) throw badInput(parsed.error.issues);
  return parsed.data;
}

/** Public hosts only unless ALLOW_PRIVATE_HOSTS, like every user-influenced URL (safeFetch). */
function assertReachable(deps: GatewayDeps, baseUrl: string | undefined): void {
  if (!baseUrl) return;
  try {
    checkUrl(baseUrl, deps.env.ALLOW_PRIVATE_HOSTS);
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    throw fieldError(
      'baseUrl',
      `${error.message} Lumen calls public addresses only.`,
      'BLOCKED_URL',
    );
  }
}

export async function connectEngine(
  deps: GatewayDeps,
  workspaceId: string,
  acting: Acting,
  raw: unknown,
): Promise<EngineConnection> {
  const input = parse(raw);
  const spec = ENGINE_KIND_SPECS[input.kind];
  if (spec.keyRequired && !input.apiKey) {
    throw fieldError('apiKey', `Enter the ${spec.label} API key.`);
  }
  if (!effectiveBaseUrl(input.kind, input.baseUrl ?? null)) {
    throw fieldError('baseUrl', 'Enter the server’s base URL, like https://host/v1.');
  }
  assertReachable(deps, input.baseUrl);
  const id = randomUUID();
  const baseUrl = input.baseUrl ?? null;
  const connection = await deps.db.transaction(async (tx) => {
    const row = await insertConnection(tx, {
      id,
      workspaceId,
      kind: input.kind,
      label: input.label ?? spec.label,
      baseUrl,
      model: input.model ?? null,
      sealedKey: input.apiKey
        ? sealConnectionKey(deps.secrets, { id, kind: input.kind, baseUrl }, input.apiKey)
        : null,
      keyHint: keyHint(input.apiKey),
    });
    if (row) {
      await logConnection(
        tx,
        acting,
        workspaceId,
        row,
        'engine_connection.connected',
        'Connected',
        {
          kind: row.kind,
          withKey: Boolean(input.apiKey),
        },
      );
    }
    return row;
  });
  if (!connection) {
    throw new LumenError('CONFLICT', `This workspace already has a ${spec.label} connection.`, {
      fields: { kind: `This workspace already has a ${spec.label} connection.` },
    });
  }
  return connection;
}

/**
 * Label and model change freely. A new key is sealed for the (possibly new) base URL; a new
 * base URL without the key is refused (`BAD_USER_INPUT`, reason `API_KEY_REQUIRED`): a stored
 * key is only ever sent to the origin it was entered for.
 */
export async function updateEngineConnection(
  deps: GatewayDeps,
  acting: Acting,
  stored: EngineConnection,
  raw: unknown,
): Promise<EngineConnection> {
  const input = parse(raw);
  if (input.kind !== stored.kind) {
    throw fieldError('kind', 'A connection’s kind cannot change; connect the other kind instead.');
  }
  const baseUrl = input.baseUrl === undefined ? stored.baseUrl : input.baseUrl;
  const movesBaseUrl = baseUrl !== stored.baseUrl;
  if (movesBaseUrl && !input.apiKey && stored.keyHint !== null) {
    throw fieldError(
      'apiKey',
      'Enter the API key again: Lumen sends a stored key only to the address it was entered for.',
      'API_KEY_REQUIRED',
    );
  }
  assertReachable(deps, baseUrl ?? undefined);
  const changesKey = Boolean(input.apiKey) || movesBaseUrl;
  const workspaceId = stored.workspaceId ?? '';
  return deps.db.transaction(async (tx) => {
    const updated = await updateConnection(tx, workspaceId, stored.id, {
      ...(input.label ? { label: input.label } : {}),
      ...(input.model ? { model: input.model } : {}),
      ...(changesKey
        ? {
            baseUrl,
            sealedKey: input.apiKey
              ? sealConnectionKey(
                  deps.secrets,
                  { id: stored.id, kind: stored.kind, baseUrl },
                  input.apiKey,
                )
              : null,
            keyHint: keyHint(input.apiKey),
            untested: true,
          }
        : {}),
    });
    if (!updated) throw notFound(WHAT);
    // Never the key: only whether a new one was given.
    await logConnection(tx, acting, workspaceId, updated, 'engine_connection.updated', 'Changed', {
      ...changedFields(
        { label: stored.label, model: stored.model, baseUrl: stored.baseUrl },
        { label: updated.label, model: updated.model, baseUrl: updated.baseUrl },
      ),
      keyReplaced: Boolean(input.apiKey),
    });
    return updated;
  });
}

/** The cheapest real call; the outcome is recorded on the connection, never thrown. */
export async function testEngineConnection(
  deps: GatewayDeps,
  workspaceId: string,
  acting: Acting,
  id: string,
): Promise<EngineConnection> {
  const record = (outcome: Parameters<typeof recordConnectionTest>[3]) =>
    deps.db.transaction(async (tx) => {
      const tested = await recordConnectionTest(tx, workspaceId, id, outcome);
      if (tested) {
        await logConnection(tx, acting, workspaceId, tested, 'engine_connection.tested', 'Tested', {
          status: tested.status,
        });
      }
      return tested;
    });
  const stored = await findConnectionSecret(deps.db, workspaceId, id);
  if (!stored) throw notFound(WHAT);
  let apiKey: string | null = null;
  if (stored.sealedKey) {
    try {
      apiKey = openConnectionKey(deps.secrets, stored, stored.sealedKey);
    } catch (error) {
      if (!(error instanceof SecretError)) throw error;
      const failing = await record({
        status: 'FAILING',
        error:
          'Lumen can no longer read the stored key (its encryption key changed). Enter it again.',
      });
      if (!failing) throw notFound(WHAT);
      return failing;
    }
  }
  const result = await testConnection(
    { kind: stored.kind, baseUrl: stored.baseUrl, apiKey },
    { allowPrivateHosts: deps.env.ALLOW_PRIVATE_HOSTS },
  );
  const recorded = await record(
    result.status === 'CONNECTED'
      ? { status: 'CONNECTED', error: null, models: result.models }
      : { status: 'FAILING', error: result.error },
  );
  if (!recorded) throw notFound(WHAT);
  return recorded;
}

export async function removeEngineConnection(
  deps: GatewayDeps,
  workspaceId: string,
  acting: Acting,
  stored: EngineConnection,
): Promise<string> {
  await deps.db.transaction(async (tx) => {
    if (!(await deleteConnection(tx, workspaceId, stored.id))) throw notFound(WHAT);
    await logConnection(tx, acting, workspaceId, stored, 'engine_connection.removed', 'Removed', {
      kind: stored.kind,
    });
  });
  return stored.id;
}

async function logConnection(
  tx: Tx,
  acting: Acting,
  workspaceId: string,
  connection: EngineConnection,
  kind: string,
  verb: string,
  data: Record<string, unknown>,
): Promise<void> {
  const failing = kind === 'engine_connection.tested' && connection.status === 'FAILING';
  await logActivity(tx, acting, {
    workspaceId,
    kind,
    level: failing ? 'warning' : 'info',
    message: `${verb} the engine connection ${quoted(connection.label)}${kind === 'engine_connection.tested' ? `: ${failing ? 'failing' : 'connected'}` : ''}`,
    subjectType: 'engine_connection',
    subjectId: connection.id,
    data,
  });
}
