import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { citedPageScans } from '../schema/sources';
import { listOpenRows, type OpenRow } from './open-rows';

// A scan of a brand's cited pages (docs/sources.md, "Cites them, not us"): the
// `read-cited-pages` job's status row, QUEUED → RUNNING → COMPLETED | FAILED, with its progress.

export type CitedPageScanStatus = 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED';

export type CitedPageScan = {
  id: string;
  workspaceId: string;
  brandId: string;
  trigger: 'manual' | 'scheduled';
  status: CitedPageScanStatus;
  done: number;
  total: number;
  failed: number;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
};

const COLUMNS = {
  id: citedPageScans.id,
  workspaceId: citedPageScans.workspaceId,
  brandId: citedPageScans.brandId,
  trigger: citedPageScans.trigger,
  status: citedPageScans.status,
  done: citedPageScans.done,
  total: citedPageScans.total,
  failed: citedPageScans.failed,
  error: citedPageScans.error,
  createdAt: citedPageScans.createdAt,
  startedAt: citedPageScans.startedAt,
  finishedAt: citedPageScans.finishedAt,
};

const toScan = (row: Omit<CitedPageScan, 'trigger'> & { trigger: string }): CitedPageScan => ({
  ...row,
  trigger: row.trigger === 'scheduled' ? 'scheduled' : 'manual',
});

const OPEN = ['QUEUED', 'RUNNING'] as const;

/**
 * The brand's open scan, created unless one is open (a partial unique index allows one QUEUED or
 * RUNNING scan per brand), so a double click or the weekly job during a manual scan makes one.
 * Enqueue with job id = id after the commit either way.
 */
export async function requestCitedPageScan(
  db: Tx,
  workspaceId: string,
  brandId: string,
  trigger: 'manual' | 'scheduled',
): Promise<{ id: string; created: boolean }> {
  const inserted = await db.execute<{ id: string }>(sql`
    insert into cited_page_scans (workspace_id, brand_id, trigger)
    values (${workspaceId}, ${brandId}, ${trigger})
    on conflict (brand_id) where status in ('QUEUED', 'RUNNING') do nothing
    returning id`);
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const [open] = await db
    .select({ id: citedPageScans.id })
    .from(citedPageScans)
    .where(and(eq(citedPageScans.brandId, brandId), inArray(citedPageScans.status, [...OPEN])))
    .limit(1);
  if (open) return { id: open.id, created: false };
  // It finished between the two statements: ask again.
  return requestCitedPageScan(db, workspaceId, brandId, trigger);
}

/** A scan by id, for the worker (which has no workspace). */
export async function findCitedPageScanById(db: Tx, id: string): Promise<CitedPageScan | null> {
  const [row] = await db.select(COLUMNS).from(citedPageScans).where(eq(citedPageScans.id, id));
  return row ? toScan(row) : null;
}

/** The brand's latest scan, open or finished. */
export async function findLatestCitedPageScan(
  db: Tx,
  workspaceId: string,
  brandId: string,
): Promise<CitedPageScan | null> {
  const [row] = await db
    .select(COLUMNS)
    .from(citedPageScans)
    .where(and(eq(citedPageScans.workspaceId, workspaceId), eq(citedPageScans.brandId, brandId)))
    .orderBy(desc(citedPageScans.createdAt), desc(citedPageScans.id))
    .limit(1);
  return row ? toScan(row) : null;
}

/** QUEUED/RUNNING → RUNNING from 0 (a second delivery starts over); false when it has ended. */
export async function claimCitedPageScan(db: Tx, id: string): Promise<boolean> {
  const rows = await db
    .update(citedPageScans)
    .set({
      status: 'RUNNING',
      done: 0,
      failed: 0,
      startedAt: sql`coalesce(${citedPageScans.startedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(citedPageScans.id, id), inArray(citedPageScans.status, [...OPEN])))
    .returning({ id: citedPageScans.id });
  return rows.length > 0;
}

/** Progress while RUNNING; false when the scan has ended meanwhile (stop without writing). */
export async function setCitedPageScanProgress(
  db: Tx,
  id: string,
  progress: { done: number; total: number; failed: number },
): Promise<boolean> {
  const rows = await db
    .update(citedPageScans)
    .set({ ...progress, updatedAt: sql`now()` })
    .where(and(eq(citedPageScans.id, id), eq(citedPageScans.status, 'RUNNING')))
    .returning({ id: citedPageScans.id });
  return rows.length > 0;
}

/** RUNNING → COMPLETED; false when it had ended. */
export async function completeCitedPageScan(db: Tx, id: string): Promise<boolean> {
  const rows = await db
    .update(citedPageScans)
    .set({ status: 'COMPLETED', finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(citedPageScans.id, id), eq(citedPageScans.status, 'RUNNING')))
    .returning({ id: citedPageScans.id });
  return rows.length > 0;
}

/** QUEUED/RUNNING → FAILED with a message safe to show; false when it was already final. */
export async function failCitedPageScan(db: Tx, id: string, message: string): Promise<boolean> {
  const rows = await db
    .update(citedPageScans)
    .set({ status: 'FAILED', error: message, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(citedPageScans.id, id), inArray(citedPageScans.status, [...OPEN])))
    .returning({ id: citedPageScans.id });
  return rows.length > 0;
}

/** Unfinished scans created before `before`, oldest first (for the reconciler). */
export function listOpenCitedPageScans(db: Tx, before: Date, limit: number): Promise<OpenRow[]> {
  return listOpenRows(db, citedPageScans, before, limit);
}

/** Active brands whose answers cited anything in the last 30 days: what the weekly scan reads. */
export async function listBrandsWithCitations(
  db: Tx,
): Promise<{ workspaceId: string; brandId: string }[]> {
  const rows = await db.execute<{ workspaceId: string; brandId: string }>(sql`
    select b.workspace_id as "workspaceId", b.id as "brandId" from brands b
     where b.status = 'active'
       and exists (select 1 from runs r join answers a on a.run_id = r.id
                     join citations c on c.answer_id = a.id
                    where r.brand_id = b.id and r.status = 'COMPLETED'
                      and r.created_at > now() - interval '30 days')
     order by b.created_at, b.id`);
  return [...rows];
}
