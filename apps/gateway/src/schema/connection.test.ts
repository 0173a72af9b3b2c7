import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { newestFirst, pageArgs } from './connection';

const SCHEMA = fileURLToPath(new URL('.', import.meta.url));

const row = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  cursorAt: `2026-11-24 08:15:${String(n % 60).padStart(2, '0')}.123456+00`,
});

function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    const e = error as { message: string; extensions: Record<string, unknown> };
    return { code: e.extensions.code, fields: e.extensions.fields };
  }
  return null;
}

describe('Relay connections', () => {
  it('validates first: 1–100, default 20, one row more is asked for', () => {
    expect(pageArgs({}, newestFirst)).toMatchObject({ first: 20, limit: 21, after: null });
    expect(pageArgs({ first: 100 }, newestFirst)).toMatchObject({ first: 100, limit: 101 });
    for (const first of [0, 101, 1.5, -1]) {
      expect(refusal(() => pageArgs({ first }, newestFirst))).toEqual({
        code: 'BAD_USER_INPUT',
        fields: { first: 'Between 1 and 100.' },
      });
    }
  });

  it('pages: hasNextPage from the extra row, endCursor the last edge’s, and after resumes there', () => {
    const rows = [1, 2, 3].map(row);
    const page = pageArgs({ first: 2 }, newestFirst);
    const connection = page.connection(rows);
    expect(connection.edges.map((e) => e.node)).toEqual(rows.slice(0, 2));
    expect(connection.pageInfo).toEqual({
      hasNextPage: true,
      endCursor: connection.edges[1]?.cursor,
    });
    expect(pageArgs({ after: connection.pageInfo.endCursor }, newestFirst).after).toEqual(rows[1]);
    expect(page.connection(rows.slice(0, 2)).pageInfo.hasNextPage).toBe(false);
    expect(page.connection([]).pageInfo).toEqual({ hasNextPage: false, endCursor: null });
  });

  it('refuses a cursor it did not write', () => {
    const foreign = Buffer.from(`73|${row(1).cursorAt}|${row(1).id}`).toString('base64url');
    for (const after of ['nonsense', foreign, Buffer.from('x|y').toString('base64url')]) {
      expect(refusal(() => pageArgs({ after }, newestFirst))).toEqual({
        code: 'BAD_USER_INPUT',
        fields: { after: 'Not a cursor from this list.' },
      });
    }
  });

  it('are declared by connectionType alone: no schema file writes an Edge, edges or a PageInfo', () => {
    // A Relay list is known by its edges, not by its name: EngineConnection (an engine's API
    // connection, a name clients rely on) is not one.
    const byHand = readdirSync(SCHEMA)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'connection.ts')
      .filter((f) =>
        /objectRef<[^\n]*>\('\w*(Edge|PageInfo)'|pageInfo:\s*\{|edges:\s*t\./.test(
          readFileSync(join(SCHEMA, f), 'utf8'),
        ),
      );
    expect(byHand).toEqual([]);
  });
});
