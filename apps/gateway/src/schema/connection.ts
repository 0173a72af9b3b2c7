import type { Cursor } from '@lumen/db/repositories/run-query.repository';
import { builder } from '../builder';
import { LumenError } from '../errors';

// Every Relay list of the API (edges { node cursor } pageInfo { hasNextPage endCursor }) goes
// through this file: connectionType declares its Edge and Connection types, pageArgs validates
// first/after and turns the repository's rows into the page. Page size 1–100
// (docs/security.md). Lists are newest first, keyed by (createdAt, id), unless they bring their
// own cursor (opportunities: most impactful first).

export const PAGE = { default: 20, max: 100 } as const;

export type PageInfo = { hasNextPage: boolean; endCursor: string | null };
export type Edge<T> = { node: T; cursor: string };
export type Connection<T> = { edges: Edge<T>[]; pageInfo: PageInfo };

/** How a list's rows become cursors and back; decode throws notACursor() on anything else. */
export type CursorCodec<Row, C> = { encode(row: Row): string; decode(value: string): C };

export const notACursor = () =>
  new LumenError('BAD_USER_INPUT', 'after: not a cursor from this list.', {
    fields: { after: 'Not a cursor from this list.' },
  });

/** Postgres' text form of a timestamptz, e.g. 2026-11-24 08:15:13.123456+00. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** Newest first by (createdAt, id): runs, answers, orders, drafts, published items. */
export const newestFirst: CursorCodec<Cursor, Cursor> = {
  encode: (c) => Buffer.from(`${c.cursorAt}|${c.id}`).toString('base64url'),
  decode: (value) => {
    const [at, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
    if (!id || !at || !/^[0-9a-f-]{36}$/i.test(id) || !TIMESTAMP.test(at)) throw notACursor();
    return { cursorAt: at, id };
  },
};

export type Page<Row, C> = {
  first: number;
  /** One row more than the page, so the next page is known to exist without a count. */
  limit: number;
  after: C | null;
  connection<T extends Row>(rows: T[]): Connection<T>;
};

/** Validates first/after; asks the repository for one more row to know if a next page exists. */
export function pageArgs<Row, C>(
  args: { first?: number | null; after?: string | null },
  cursor: CursorCodec<Row, C>,
): Page<Row, C> {
  const first = args.first ?? PAGE.default;
  if (!Number.isInteger(first) || first < 1 || first > PAGE.max) {
    throw new LumenError('BAD_USER_INPUT', `first: between 1 and ${PAGE.max}.`, {
      fields: { first: `Between 1 and ${PAGE.max}.` },
    });
  }
  return {
    first,
    limit: first + 1,
    after: args.after ? cursor.decode(args.after) : null,
    connection(rows) {
      const edges = rows.slice(0, first).map((node) => ({ node, cursor: cursor.encode(node) }));
      return {
        edges,
        pageInfo: { hasNextPage: rows.length > first, endCursor: edges.at(-1)?.cursor ?? null },
      };
    },
  };
}

const PageInfoType = builder.objectRef<PageInfo>('PageInfo').implement({
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage'),
    endCursor: t.exposeString('endCursor', { nullable: true }),
  }),
});

/** `<name>Edge` and `<name>Connection` over a node type; C adds fields a list carries beside. */
export function connectionType<T, C extends Connection<T> = Connection<T>>(
  name: string,
  node: ReturnType<typeof builder.objectRef<T>>,
) {
  const EdgeType = builder.objectRef<Edge<T>>(`${name}Edge`).implement({
    fields: (t) => ({
      node: t.expose('node', { type: node }),
      cursor: t.string({ resolve: (e) => e.cursor }),
    }),
  });
  return builder.objectRef<C>(`${name}Connection`).implement({
    fields: (t) => ({
      edges: t.field({ type: [EdgeType], resolve: (c) => c.edges }),
      pageInfo: t.field({ type: PageInfoType, resolve: (c) => c.pageInfo }),
    }),
  });
}
