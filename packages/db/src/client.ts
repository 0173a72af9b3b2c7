import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { PostgresJsQueryResultHKT } from 'drizzle-orm/postgres-js/session';
import postgres from 'postgres';
import { countPoolRequests, type PoolStats } from './pool-stats';
import * as auth from './schema/auth';
import * as brands from './schema/brands';
import * as budgets from './schema/budgets';
import * as corpus from './schema/corpus';
import * as integrations from './schema/integrations';
import * as notifications from './schema/notifications';
import * as opportunities from './schema/opportunities';
import * as publishing from './schema/publishing';
import * as quickScores from './schema/quick-scores';
import * as runs from './schema/runs';
import * as tenancy from './schema/tenancy';

// The one way into Postgres (docs/data-model.md, "Data access"). A process opens one Database
// with createDb; repositories take a Tx, which is either that Database or a transaction opened
// on it, so the same function runs inside or outside a transaction. Queries use Drizzle's query
// builder by default and `tx.execute(sql\`…\`)` where SQL says something the builder cannot
// (full-text ranking, several counts in one round trip); both go through the same pool.

export const schema = {
  ...tenancy,
  ...auth,
  ...brands,
  ...runs,
  ...quickScores,
  ...opportunities,
  ...publishing,
  ...integrations,
  ...corpus,
  ...notifications,
  ...budgets,
};

export type Schema = typeof schema;

/** The process's client: a Drizzle database over one postgres.js pool. */
export type Database = PostgresJsDatabase<Schema> & { $client: postgres.Sql };

/** What repositories take: the Database itself or a transaction opened on it. */
export type Tx = PgDatabase<PostgresJsQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export function createDb(
  url: string,
  options: { max?: number; prepare?: boolean; onQuery?: (query: string) => void } = {},
): Database {
  const { onQuery } = options;
  const max = options.max ?? 10;
  const raw = postgres(url, {
    max,
    onnotice: () => {},
    prepare: options.prepare ?? true,
    // Sees every statement sent (tests count them to prove a list costs no extra query per row).
    ...(onQuery ? { debug: (_connection: number, query: string) => onQuery(query) } : {}),
  });
  // Counted for /metrics (lumen_db_pool_*): postgres.js has no pool counters of its own.
  const { client, stats } = countPoolRequests(raw, max);
  const db = drizzle(client, { schema });
  poolStats.set(db, stats);
  return db;
}

const poolStats = new WeakMap<Database, PoolStats>();

/** The pool of a Database made by createDb: connections in use, requests waiting, its size. */
export function dbPoolStats(db: Database): PoolStats | undefined {
  return poolStats.get(db);
}

export async function closeDb(db: Database): Promise<void> {
  await db.$client.end({ timeout: 5 });
}

/**
 * Drizzle turns postgres.js's timestamp parsing off (it maps dates itself), so a timestamp read
 * by a raw `execute` arrives as text; raw queries convert with this. Parameters of raw queries
 * pass dates as ISO strings for the same reason.
 */
export function rawDate(value: Date | string): Date;
export function rawDate(value: Date | string | null): Date | null;
export function rawDate(value: Date | string | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}
