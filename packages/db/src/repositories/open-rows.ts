import type { RunStatus } from '@lumen/domain/status/run-status';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { rawDate, type Tx } from '../client';

/** A status row the reconciler looks at: unfinished, with its age (docs/jobs.md). */
export type OpenRow = {
  id: string;
  status: Extract<RunStatus, 'QUEUED' | 'RUNNING'>;
  createdAt: Date;
};

/**
 * The unfinished rows (QUEUED or RUNNING) of a status table whose columns are `id`, `status` and
 * `created_at`, created before `before`, oldest first: what the reconciler inspects. `where`
 * narrows further. The statuses are literals, as the tables' partial "open" indexes are written.
 */
export async function listOpenRows(
  db: Tx,
  table: PgTable,
  before: Date,
  limit: number,
  where: SQL = sql`true`,
): Promise<OpenRow[]> {
  const rows = await db.execute<{ id: string; status: OpenRow['status']; created_at: string }>(
    sql`select id, status, created_at from ${table}
         where status in ('QUEUED', 'RUNNING') and created_at < ${before.toISOString()}::timestamptz
           and ${where}
         order by created_at limit ${limit}`,
  );
  return rows.map((r) => ({ id: r.id, status: r.status, createdAt: rawDate(r.created_at) }));
}
