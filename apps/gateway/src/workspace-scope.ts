import type { Tx } from '@lumen/db/client';
import type { Context } from './context';
import { notFound } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A workspace-scoped repository finder: `null` when the id is not in that workspace. */
export type OwnedFinder<T> = (db: Tx, workspaceId: string, id: string) => Promise<T | null>;

/**
 * The one way a resolver turns a client-supplied id into a row of the current workspace. The
 * finder filters by workspace, so another workspace's id, a deleted id and a malformed one all
 * answer the same NOT_FOUND with the same message: nothing tells them apart, not even a cast
 * error. Call it before validating the rest of the input, so an unreachable id never learns
 * more than "not found" (docs/architecture.md, "Authorization").
 */
export async function findOwned<T>(
  ctx: Context,
  what: string,
  id: string | number,
  find: OwnedFinder<T>,
): Promise<T> {
  const key = String(id);
  if (!UUID.test(key)) throw notFound(what);
  const workspace = await ctx.workspace();
  const row = await find(ctx.deps.db, workspace.id, key);
  if (row === null) throw notFound(what);
  return row;
}
