import type { Database } from '../client';

// A whole workspace read out for its owners (docs/security.md, "Exporting and deleting a
// workspace"): each table through a postgres.js cursor, so a batch of rows is in memory at a
// time whatever the workspace holds. Raw postgres.js rather than Drizzle: Drizzle has no cursor.

/** What the export holds, in this order: every table of a workspace's own data. */
export const WORKSPACE_EXPORT_TABLES = [
  'brands',
  'competitors',
  'keywords',
  'prompts',
  'runs',
  'answers',
  'mentions',
  'citations',
  'metric_snapshots',
  'opportunities',
  'orders',
  'drafts',
  'published_items',
] as const;

export type WorkspaceExportTable = (typeof WORKSPACE_EXPORT_TABLES)[number];

/** The table's column names, in the table's order (the CSV header, also for an empty table). */
export async function exportColumns(db: Database, table: WorkspaceExportTable): Promise<string[]> {
  const sql = db.$client;
  const result = await sql`select * from ${sql(table)} limit 0`;
  return result.columns.map((c) => c.name);
}

/**
 * The workspace's rows of one table in batches, by id. The table name comes from the fixed list
 * above, never from a request. Stopping early (`return()`) closes the cursor.
 */
export function streamWorkspaceRows(
  db: Database,
  workspaceId: string,
  table: WorkspaceExportTable,
  batchSize = 1000,
): AsyncIterable<Record<string, unknown>[]> {
  const sql = db.$client;
  return sql<Record<string, unknown>[]>`
    select * from ${sql(table)} where workspace_id = ${workspaceId} order by id`.cursor(batchSize);
}
