import { sql } from 'drizzle-orm';
import type { Tx } from '../client';

// Starting and cancelling a manual run from the API (docs/brands.md, "Runs"). Call both inside a
// transaction: the brand row lock is what makes "one open run per brand" hold under concurrency.

export type StartRunOutcome =
  | { kind: 'started'; runId: string }
  | { kind: 'busy'; runId: string }
  | { kind: 'no-brand' }
  | { kind: 'nothing-to-ask' };

/**
 * Locks the brand row, refuses when the brand already has a QUEUED or RUNNING run, else inserts
 * a QUEUED manual run with total = active prompts × the brand's engines. Two concurrent calls
 * queue on the lock, so the second sees the first's row.
 */
export async function startManualRun(
  tx: Tx,
  workspaceId: string,
  brandId: string,
): Promise<StartRunOutcome> {
  const [brand] = await tx.execute<{ engines: number; prompts: number }>(sql`
    select cardinality(b.engines)::int as engines,
           (select count(*) from prompts p
             where p.brand_id = b.id and p.workspace_id = ${workspaceId} and p.active)::int as prompts
      from brands b
     where b.id = ${brandId} and b.workspace_id = ${workspaceId} and b.status <> 'archived'
       for update of b`);
  if (!brand) return { kind: 'no-brand' };
  const [open] = await tx.execute<{ id: string }>(sql`
    select id from runs
     where brand_id = ${brandId} and workspace_id = ${workspaceId}
       and status in ('QUEUED', 'RUNNING')
     order by created_at desc limit 1`);
  if (open) return { kind: 'busy', runId: open.id };
  const total = brand.engines * brand.prompts;
  if (total === 0) return { kind: 'nothing-to-ask' };
  // The partial unique index (one open run per brand) also guards against a scheduled run
  // created without this lock: then nothing is inserted and the open run is named instead.
  const [run] = await tx.execute<{ id: string }>(sql`
    insert into runs (workspace_id, brand_id, trigger, status, total)
    values (${workspaceId}, ${brandId}, 'manual', 'QUEUED', ${total})
    on conflict do nothing
    returning id`);
  if (run) return { kind: 'started', runId: run.id };
  const [other] = await tx.execute<{ id: string }>(sql`
    select id from runs where brand_id = ${brandId} and status in ('QUEUED', 'RUNNING') limit 1`);
  return { kind: 'busy', runId: other?.id ?? '' };
}

/**
 * Stops an open run: FAILED with error 'Cancelled'. Guarded by the open statuses, so a run that
 * already finished keeps its result; returns whether the row changed.
 */
export async function cancelOpenRun(tx: Tx, workspaceId: string, runId: string): Promise<boolean> {
  const rows = await tx.execute<{ id: string }>(sql`
    update runs set status = 'FAILED', error = 'Cancelled', finished_at = now()
     where id = ${runId} and workspace_id = ${workspaceId} and brand_id is not null
       and status in ('QUEUED', 'RUNNING')
    returning id`);
  return rows.length > 0;
}
