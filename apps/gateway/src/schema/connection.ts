import type { Cursor } from '@lumen/db/repositories/run-query.repository';
import { LumenError } from '../errors';

// Relay-shaped connections (edges { node cursor } pageInfo { hasNextPage endCursor }) over
// newest-first lists keyed by (createdAt, id). Page size 1–100 (docs/security.md).

export const PAGE = { default: 20, max: 100 } as const;

export type PageInfo = { hasNextPage: boolean; endCursor: string | null };
export type Edge<T> = { node: T; cursor: string };
export type Connection<T> = { edges: Edge<T>[]; pageInfo: PageInfo };

/** Postgres' text form of a timestamptz, e.g. 2026-11-24 08:15:13.123456+00. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.cursorAt}|${c.id}`).toString('base64url');
}

function decodeCursor(value: string): Cursor {
  const [at, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (!id || !at || !/^[0-9a-f-]{36}$/i.test(id) || !TIMESTAMP.test(at)) {
    throw new LumenError('BAD_USER_INPUT', 'after: not a cursor from this list.', {
      fields: { after: 'Not a cursor from this list.' },
    });
  }
  return { cursorAt: at, id };
}

/** Validates first/after; asks the repository for one more row to know if a next page exists. */
export function pageArgs(args: { first?: number | null; after?: string | null }) {
  const first = args.first ?? PAGE.default;
  if (!Number.isInteger(first) || first < 1 || first > PAGE.max) {
    throw new LumenError('BAD_USER_INPUT', `first: between 1 and ${PAGE.max}.`, {
      fields: { first: `Between 1 and ${PAGE.max}.` },
    });
  }
  return { first, limit: first + 1, after: args.after ? decodeCursor(args.after) : null };
}

export function toConnection<T extends Cursor>(rows: T[], first: number): Connection<T> {
  const page = rows.slice(0, first);
  const edges = page.map((node) => ({ node, cursor: encodeCursor(node) }));
  return {
    edges,
    pageInfo: { hasNextPage: rows.length > first, endCursor: edges.at(-1)?.cursor ?? null },
  };
}
