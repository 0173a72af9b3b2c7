import type { CitationRow, MentionRow } from '@lumen/domain/analysis/analysis-rows';
import type { Citation } from '@lumen/domain/entities/types';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../client';
import { citations, mentions, reanalyses } from '../schema/runs';
import { METHOD_CHANGED } from './annotation.repository';
import { listOpenRows, type OpenRow } from './open-rows';

// Re-analysis of a brand's stored answers (docs/jobs.md, "Re-analysis"): requested when its
// tracked names change or the analyzer does; the `reanalyze` job's status row.

export type ReanalysisStatus = 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED';

export type Reanalysis = {
  id: string;
  workspaceId: string;
  brandId: string;
  status: ReanalysisStatus;
  methodChanged: boolean;
  analyzerVersion: number | null;
  total: number;
  done: number;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
};

const COLUMNS = {
  id: reanalyses.id,
  workspaceId: reanalyses.workspaceId,
  brandId: reanalyses.brandId,
  status: reanalyses.status,
  methodChanged: reanalyses.methodChanged,
  analyzerVersion: reanalyses.analyzerVersion,
  total: reanalyses.total,
  done: reanalyses.done,
  error: reanalyses.error,
  createdAt: reanalyses.createdAt,
  startedAt: reanalyses.startedAt,
  finishedAt: reanalyses.finishedAt,
};

/**
 * The brand's waiting re-analysis, created unless one is waiting already: changes in a row
 * coalesce into one (a partial unique index decides), and a method change is never lost to a
 * waiting re-analysis of names. Enqueue with job id = the returned id after the commit.
 */
export async function requestReanalysis(
  db: Tx,
  workspaceId: string,
  brandId: string,
  input: { methodChanged: boolean },
): Promise<{ id: string }> {
  const rows = await db.execute<{ id: string }>(sql`
    insert into reanalyses (workspace_id, brand_id, method_changed)
    values (${workspaceId}, ${brandId}, ${input.methodChanged})
    on conflict (brand_id) where status = 'QUEUED'
    do update set method_changed = reanalyses.method_changed or excluded.method_changed
    returning id`);
  const row = rows[0];
  if (!row) throw new Error('insert returned no row');
  return { id: row.id };
}

/** A re-analysis by id, for the worker (which has no workspace). */
export async function findReanalysis(db: Tx, id: string): Promise<Reanalysis | null> {
  const [row] = await db.select(COLUMNS).from(reanalyses).where(eq(reanalyses.id, id)).limit(1);
  return row ?? null;
}

/** Each brand's latest re-analysis (open or finished), for `Brand.recount`. */
export async function listLatestReanalyses(
  db: Tx,
  workspaceId: string,
  brandIds: readonly string[],
): Promise<Reanalysis[]> {
  if (brandIds.length === 0) return [];
  return db
    .selectDistinctOn([reanalyses.brandId], COLUMNS)
    .from(reanalyses)
    .where(and(eq(reanalyses.workspaceId, workspaceId), inArray(reanalyses.brandId, [...brandIds])))
    .orderBy(reanalyses.brandId, desc(reanalyses.createdAt), desc(reanalyses.id));
}

/**
 * QUEUED → RUNNING (a second delivery of a RUNNING one starts over from 0) with the number of
 * answers to read and the analyzer version reading them. 'busy' while another re-analysis of
 * the brand is running (the caller waits and tries again), 'over' when this one has ended.
 */
export async function claimReanalysis(
  db: Tx,
  id: string,
  input: { total: number; analyzerVersion: number },
): Promise<'claimed' | 'busy' | 'over'> {
  try {
    const rows = await db.execute<{ id: string }>(sql`
      update reanalyses r
         set status = 'RUNNING', total = ${input.total}, done = 0,
             analyzer_version = ${input.analyzerVersion},
             started_at = coalesce(r.started_at, now())
       where r.id = ${id} and r.status in ('QUEUED', 'RUNNING')
         and not exists (select 1 from reanalyses o
                          where o.brand_id = r.brand_id and o.status = 'RUNNING' and o.id <> r.id)
      returning r.id`);
    if (rows.length > 0) return 'claimed';
  } catch (error) {
    // Two claims of the brand at once: the partial unique index lets one run.
    if (isUniqueViolation(error)) return 'busy';
    throw error;
  }
  const row = await findReanalysis(db, id);
  return row && (row.status === 'QUEUED' || row.status === 'RUNNING') ? 'busy' : 'over';
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** The answers a re-analysis reads: every measured answer of the brand's runs. */
const brandAnswers = (brandId: string) =>
  sql`a.run_id in (select r.id from runs r where r.brand_id = ${brandId})
      and a.error is null and a.text is not null`;

export async function countReanalysisAnswers(db: Tx, brandId: string): Promise<number> {
  const rows = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from answers a where ${brandAnswers(brandId)}`,
  );
  return rows[0]?.n ?? 0;
}

export type StoredAnswer = { id: string; text: string; citations: Citation[] };

/** The next batch of the brand's measured answers after `afterId`, in id order. */
export async function listReanalysisAnswers(
  db: Tx,
  brandId: string,
  afterId: string | null,
  limit: number,
): Promise<StoredAnswer[]> {
  const after = afterId === null ? sql`true` : sql`a.id > ${afterId}`;
  const rows = await db.execute<StoredAnswer>(sql`
    select a.id, a.text, a.citations from answers a
     where ${brandAnswers(brandId)} and ${after}
     order by a.id limit ${limit}`);
  return [...rows];
}

/**
 * One batch: the answers' mentions and citations become exactly `rows`, and `done` grows by
 * the batch, in one transaction. Nothing is written (false) when the re-analysis is no longer
 * RUNNING (failed by the reconciler meanwhile).
 */
export async function replaceAnalysisBatch(
  db: Database,
  reanalysisId: string,
  workspaceId: string,
  answerIds: readonly string[],
  rows: { mentions: MentionRow[]; citations: CitationRow[] },
): Promise<{ done: number; total: number } | null> {
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(reanalyses)
      // Answers stored by a run in flight since the count can make the total grow.
      .set({
        done: sql`${reanalyses.done} + ${answerIds.length}`,
        total: sql`greatest(${reanalyses.total}, ${reanalyses.done} + ${answerIds.length})`,
      })
      .where(and(eq(reanalyses.id, reanalysisId), eq(reanalyses.status, 'RUNNING')))
      .returning({ done: reanalyses.done, total: reanalyses.total });
    if (!moved) return null;
    await tx.delete(mentions).where(inArray(mentions.answerId, [...answerIds]));
    await tx.delete(citations).where(inArray(citations.answerId, [...answerIds]));
    if (rows.mentions.length > 0) {
      await tx.insert(mentions).values(rows.mentions.map((m) => ({ ...m, workspaceId })));
    }
    if (rows.citations.length > 0) {
      await tx.insert(citations).values(rows.citations.map((c) => ({ ...c, workspaceId })));
    }
    return moved;
  });
}

/**
 * RUNNING → COMPLETED; the brand's analyzer version follows (never down), and a method change
 * is recorded as the brand's annotation of the day (docs/metrics.md, "Annotations"). False when
 * it was over already. Call it in the transaction that rebuilds the brand's rollups.
 */
export async function completeReanalysis(db: Tx, id: string): Promise<boolean> {
  const [row] = await db
    .update(reanalyses)
    .set({ status: 'COMPLETED', finishedAt: sql`now()` })
    .where(and(eq(reanalyses.id, id), eq(reanalyses.status, 'RUNNING')))
    .returning(COLUMNS);
  if (!row) return false;
  const version = row.analyzerVersion ?? 1;
  const [brand] = await db.execute<{ previous: number }>(
    sql`select analyzer_version as previous from brands where id = ${row.brandId} for update`,
  );
  await db.execute(sql`update brands set analyzer_version = ${version}
                        where id = ${row.brandId} and analyzer_version < ${version}`);
  if (row.methodChanged && row.total > 0) {
    const previous = brand?.previous ?? null;
    const message = `Method changed: analyzer v${version}`;
    await db.execute(sql`
      insert into activity_log (workspace_id, kind, subject, subject_type, subject_id, brand_id,
                                actor_name, message, data)
      values (${row.workspaceId}, ${METHOD_CHANGED}, ${row.brandId}, 'brand', ${row.brandId},
              ${row.brandId}, 'Lumen', ${message},
              ${JSON.stringify({ previous, version, answers: row.total })}::jsonb)`);
  }
  return true;
}

/** QUEUED/RUNNING → FAILED with a message safe to show; false when it was already final. */
export async function failReanalysis(db: Tx, id: string, message: string): Promise<boolean> {
  const rows = await db
    .update(reanalyses)
    .set({ status: 'FAILED', error: message, finishedAt: sql`now()` })
    .where(and(eq(reanalyses.id, id), inArray(reanalyses.status, ['QUEUED', 'RUNNING'])))
    .returning({ id: reanalyses.id });
  return rows.length > 0;
}

/** Unfinished re-analyses created before `before`, oldest first (for the reconciler). */
export function listOpenReanalyses(db: Tx, before: Date, limit: number): Promise<OpenRow[]> {
  return listOpenRows(db, reanalyses, before, limit);
}

/** Brands whose stored analyses are older than `version` (not archived), with their workspace. */
export async function listOutdatedBrands(
  db: Tx,
  version: number,
): Promise<{ workspaceId: string; brandId: string }[]> {
  const rows = await db.execute<{ workspaceId: string; brandId: string }>(sql`
    select workspace_id as "workspaceId", id as "brandId" from brands
     where analyzer_version < ${version} and status <> 'archived'
     order by created_at, id`);
  return [...rows];
}

/** Whether the brand has a measured answer to read again. */
export async function hasReanalysisAnswers(db: Tx, brandId: string): Promise<boolean> {
  const rows = await db.execute<{ found: boolean }>(
    sql`select exists(select 1 from answers a where ${brandAnswers(brandId)}) as found`,
  );
  return rows[0]?.found ?? false;
}
