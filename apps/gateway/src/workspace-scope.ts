import type { Tx } from '@lumen/db/client';
import type { Context } from './context';
import { LumenError, notFound } from './errors';

// The one place a client-supplied id is checked and becomes a row (docs/architecture.md,
// "Authorization"). `workspace-scope.test.ts` fails when `isUuid(` appears anywhere else, so a
// new resolver or service cannot grow its own check with its own behaviour.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only the shape Postgres' uuid cast accepts here: anything else never reaches a query. */
function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A workspace-scoped repository finder: `null` when the id is not in that workspace. */
export type OwnedFinder<T> = (db: Tx, workspaceId: string, id: string) => Promise<T | null>;

/**
 * Who asks: a resolver's context, or a service that already holds the workspace id (services
 * take `deps` and `workspaceId`, not the context).
 */
export type OwnedScope = Pick<Context, 'deps' | 'workspace'> | { db: Tx; workspaceId: string };

/**
 * The id as a row of the current workspace, or `null`: another workspace's id, a deleted id and
 * a malformed one are all `null`, and a malformed one never reaches the database (no cast error
 * tells them apart). For nullable queries (`brand(id)`) and optional filters.
 */
export async function findOwnedOrNull<T>(
  scope: OwnedScope,
  id: string | number | null | undefined,
  find: OwnedFinder<T>,
): Promise<T | null> {
  if (id == null) return null;
  const key = String(id);
  if (!isUuid(key)) return null;
  if ('workspaceId' in scope) return find(scope.db, scope.workspaceId, key);
  return find(scope.deps.db, (await scope.workspace()).id, key);
}

/**
 * `findOwnedOrNull`, but `NOT_FOUND` ("<what> not found.") instead of `null`: the same answer for
 * a foreign, a missing and a malformed id. Call it before validating the rest of the input, so an
 * unreachable id never learns more than "not found".
 */
export async function findOwned<T>(
  scope: OwnedScope,
  what: string,
  id: string | number,
  find: OwnedFinder<T>,
): Promise<T> {
  const row = await findOwnedOrNull(scope, id, find);
  if (row === null) throw notFound(what);
  return row;
}

/**
 * A row that belongs to no workspace (an anonymous quick score, read by its id alone): the same
 * gate, without the workspace.
 */
export async function findUnscopedOrNull<T>(
  db: Tx,
  id: string | number,
  find: (db: Tx, id: string) => Promise<T | null>,
): Promise<T | null> {
  const key = String(id);
  return isUuid(key) ? find(db, key) : null;
}

/**
 * An id argument that is not looked up as a row (a list's optional filter, a cursor's id, a
 * ping's channel): a malformed one throws `malformed()` (by default BAD_USER_INPUT on the field)
 * before it reaches a query or a Redis channel.
 */
export function requireIdArg(
  field: string,
  value: string | number,
  malformed = () =>
    new LumenError('BAD_USER_INPUT', `${field}: not an id.`, { fields: { [field]: 'Not an id.' } }),
): string {
  const key = String(value);
  if (!isUuid(key)) throw malformed();
  return key;
}
