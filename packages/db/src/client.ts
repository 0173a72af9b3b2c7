import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { PostgresJsQueryResultHKT } from 'drizzle-orm/postgres-js/session';
import postgres from 'postgres';
import * as brands from './schema/brands';
import * as corpus from './schema/corpus';
import * as integrations from './schema/integrations';
import * as opportunities from './schema/opportunities';
import * as publishing from './schema/publishing';
import * as quickScores from './schema/quick-scores';
import * as runs from './schema/runs';
import * as tenancy from './schema/tenancy';

export const schema = {
  ...tenancy,
  ...brands,
  ...runs,
  ...quickScores,
  ...opportunities,
  ...publishing,
  ...integrations,
  ...corpus,
};

export type Schema = typeof schema;
export type Database = PostgresJsDatabase<Schema>;
export type Sql = postgres.Sql;
/** What repositories take: the Database itself or a transaction opened on it. */
export type Tx = PgDatabase<PostgresJsQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DbHandle = { db: Database; sql: Sql; close(): Promise<void> };

export function createDb(url: string, options: { max?: number } = {}): DbHandle {
  const options_ = { max: options.max ?? 10, onnotice: () => {}, prepare: true };
  const sql = postgres(url, options_);
  // drizzle's postgres-js driver replaces the client's date parsers and serializers with
  // pass-throughs (it maps dates itself), which breaks raw queries: it gets its own pool.
  const drizzleClient = postgres(url, {
    ...options_,
    max: Math.max(2, Math.ceil(options_.max / 2)),
  });
  const db = drizzle(drizzleClient, { schema });
  return {
    db,
    sql,
    close: async () => {
      await Promise.all([sql.end({ timeout: 5 }), drizzleClient.end({ timeout: 5 })]);
    },
  };
}
