import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
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

export type DbHandle = { db: Database; sql: Sql; close(): Promise<void> };

export function createDb(url: string, options: { max?: number } = {}): DbHandle {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    prepare: true,
  });
  const db = drizzle(sql, { schema });
  return { db, sql, close: () => sql.end({ timeout: 5 }) };
}
