import { describe, expect, it } from 'vitest';
import type { Context } from './context';
import { findOwned, type OwnedFinder } from './workspace-scope';

// Two workspaces, one row each; the finder filters by workspace like every repository does.
const rows = new Map([
  ['11111111-1111-4111-8111-111111111111', { id: 'a', workspaceId: 'ws-a' }],
  ['22222222-2222-4222-8222-222222222222', { id: 'b', workspaceId: 'ws-b' }],
]);
const calls: string[] = [];
const find: OwnedFinder<{ id: string }> = async (_db, workspaceId, id) => {
  calls.push(id);
  const row = rows.get(id);
  return row && row.workspaceId === workspaceId ? row : null;
};
const ctx = { deps: { db: {} }, workspace: async () => ({ id: 'ws-a', role: 'viewer' }) };

async function outcome(id: string) {
  try {
    return { row: await findOwned(ctx as unknown as Context, 'Brand', id, find) };
  } catch (error) {
    const e = error as { message: string; extensions: unknown };
    return { error: { message: e.message, extensions: e.extensions } };
  }
}

describe('findOwned: another workspace’s id answers exactly like a missing one', () => {
  it('returns a row of the current workspace', async () => {
    expect(await outcome('11111111-1111-4111-8111-111111111111')).toEqual({
      row: rows.get('11111111-1111-4111-8111-111111111111'),
    });
  });

  it('answers the same NOT_FOUND for a foreign, a missing and a malformed id', async () => {
    const foreign = await outcome('22222222-2222-4222-8222-222222222222');
    const missing = await outcome('33333333-3333-4333-8333-333333333333');
    const malformed = await outcome("1' or '1'='1");
    expect(foreign).toEqual({
      error: { message: 'Brand not found.', extensions: { code: 'NOT_FOUND' } },
    });
    expect(missing).toEqual(foreign);
    expect(malformed).toEqual(foreign);
    // A malformed id never reaches the database (no cast error to tell it apart).
    expect(calls).not.toContain("1' or '1'='1");
  });
});
