import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Context } from './context';
import { findOwned, findOwnedOrNull, type OwnedFinder, requireIdArg } from './workspace-scope';

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

describe('findOwnedOrNull and the other gates', () => {
  it('answers null for a foreign, a missing and a malformed id alike, and a row for ours', async () => {
    const scope = { db: {} as never, workspaceId: 'ws-a' };
    expect(await findOwnedOrNull(scope, '11111111-1111-4111-8111-111111111111', find)).toEqual(
      rows.get('11111111-1111-4111-8111-111111111111'),
    );
    expect(await findOwnedOrNull(scope, '22222222-2222-4222-8222-222222222222', find)).toBeNull();
    expect(await findOwnedOrNull(scope, 'not-an-id', find)).toBeNull();
    expect(await findOwnedOrNull(scope, null, find)).toBeNull();
    expect(calls).not.toContain('not-an-id');
  });

  it('refuses a malformed id argument on its field, before any query', () => {
    expect(requireIdArg('runId', '11111111-1111-4111-8111-111111111111')).toBe(
      '11111111-1111-4111-8111-111111111111',
    );
    expect(() => requireIdArg('runId', 'x')).toThrow(
      expect.objectContaining({
        message: 'runId: not an id.',
        extensions: { code: 'BAD_USER_INPUT', fields: { runId: 'Not an id.' } },
      }),
    );
  });
});

// `isUuid(` is this module's alone: ~45 hand-written checks with three behaviours and two
// regular expressions were folded into the gates above. A new one fails here.
describe('no id check outside workspace-scope.ts', () => {
  it('finds `isUuid(` in no other source file', () => {
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) {
          continue;
        }
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.(ts|tsx)$/.test(entry.name) && readFileSync(path, 'utf8').includes('isUuid(')) {
          offenders.push(relative(root, path));
        }
      }
    };
    for (const top of ['apps', 'packages', 'scripts', 'e2e']) walk(join(root, top));
    expect(offenders.sort()).toEqual([
      'apps/gateway/src/workspace-scope.test.ts',
      'apps/gateway/src/workspace-scope.ts',
    ]);
  });
});
