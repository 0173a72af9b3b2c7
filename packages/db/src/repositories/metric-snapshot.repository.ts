import { ALL_PLACES, buildRollups, type RollupRow } from '@lumen/domain/metrics/rollups';
import type { RunStatus } from '@lumen/domain/status/run-status';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { metricSnapshots } from '../schema/runs';
import { type AnalyzedAnswer, loadAnalyzedAnswers } from './analyzed-answer.repository';

/** One rollup row: a brand's metrics for one day, engine ('all' = every engine) and keyword. */
export type MetricSnapshot = RollupRow & { day: string };

/** A rollup row as `buildRollups` computes it; the day comes from its scope. */
export type MetricSnapshotValues = RollupRow;

export type RollupScope = { workspaceId: string; brandId: string; day: string };

/**
 * The brand and local day a run belongs to: the day it started (or was created) in the brand's
 * timezone, so a run that crosses midnight still counts on one day.
 */
export async function findRunRollupScope(
  db: Tx,
  runId: string,
): Promise<(RollupScope & { status: RunStatus }) | null> {
  const rows = await db.execute<RollupScope & { status: RunStatus }>(sql`
    select r.workspace_id as "workspaceId", r.brand_id as "brandId", r.status,
           to_char((coalesce(r.started_at, r.created_at) at time zone b.timezone)::date,
                   'YYYY-MM-DD') as day
      from runs r join brands b on b.id = r.brand_id
     where r.id = ${runId}`);
  return rows[0] ?? null;
}

/** Serialises rollup writes of one brand for the rest of the transaction. */
export async function lockBrandRollups(db: Tx, brandId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`rollups:${brandId}`}))`);
}

/**
 * Every measured answer of the brand's day: its completed runs of that local day, plus the run
 * being finished (still RUNNING while its rollup is written in the same transaction).
 */
export async function listRollupAnswers(
  db: Tx,
  scope: RollupScope,
  finishingRunId: string | null,
): Promise<AnalyzedAnswer[]> {
  return loadAnalyzedAnswers(
    db,
    sql`r.workspace_id = ${scope.workspaceId} and r.brand_id = ${scope.brandId}
        and (r.status = 'COMPLETED' or r.id = ${finishingRunId})
        and (coalesce(r.started_at, r.created_at)
             at time zone (select b.timezone from brands b where b.id = r.brand_id))::date
            = ${scope.day}::date`,
  );
}

/**
 * The day's rollups become exactly `rows`: recomputed from all of the day's answers each time,
 * so a second run on the same day, or a second delivery of the same finalize, never adds up twice.
 */
export async function replaceMetricSnapshots(
  db: Tx,
  scope: RollupScope,
  rows: readonly MetricSnapshotValues[],
): Promise<void> {
  await db
    .delete(metricSnapshots)
    .where(
      and(
        eq(metricSnapshots.workspaceId, scope.workspaceId),
        eq(metricSnapshots.brandId, scope.brandId),
        eq(metricSnapshots.day, scope.day),
      ),
    );
  if (rows.length === 0) return;
  await db.insert(metricSnapshots).values(
    rows.map((r) => ({
      ...r,
      day: scope.day,
      workspaceId: scope.workspaceId,
      brandId: scope.brandId,
      updatedAt: new Date(),
    })),
  );
}

/** A brand's rollups of every place between two local days (inclusive), oldest first. */
export async function listMetricSnapshots(
  db: Tx,
  workspaceId: string,
  brandId: string,
  range: { from: string; to: string },
): Promise<MetricSnapshot[]> {
  const rows = await db
    .select()
    .from(metricSnapshots)
    .where(
      and(
        eq(metricSnapshots.workspaceId, workspaceId),
        eq(metricSnapshots.brandId, brandId),
        gte(metricSnapshots.day, range.from),
        lte(metricSnapshots.day, range.to),
        eq(metricSnapshots.country, ALL_PLACES),
      ),
    )
    .orderBy(
      asc(metricSnapshots.day),
      asc(metricSnapshots.engine),
      asc(metricSnapshots.branded),
      asc(metricSnapshots.keywordId),
    );
  return rows.map((r) => ({
    day: r.day,
    engine: r.engine,
    keywordId: r.keywordId,
    branded: r.branded,
    country: r.country,
    language: r.language,
    answers: r.answers,
    mentioned: r.mentioned,
    mentionRate: r.mentionRate,
    positionWeighted: r.positionWeighted,
    shareOfVoice: r.shareOfVoice,
    avgRank: r.avgRank,
    citationRate: r.citationRate,
    sentiment: r.sentiment,
    score: r.score,
    detail: r.detail ?? {},
  }));
}

/**
 * Rewrites the daily rollups of the run's brand and local day from every measured answer of
 * that day (docs/metrics.md, "Daily rollups"). Call it inside the transaction that completes the
 * run (the brand run's finalize step, a claimed quick check's first run): the run counts even
 * while still RUNNING, and readers never see it completed without its day's rollups. Null for a
 * run without a brand (a guest's quick check).
 */
export async function writeDailyRollups(tx: Tx, runId: string): Promise<RollupScope | null> {
  const found = await findRunRollupScope(tx, runId);
  if (!found) return null;
  const scope = { workspaceId: found.workspaceId, brandId: found.brandId, day: found.day };
  // Two runs of the brand finishing together would each miss the other's answers.
  await lockBrandRollups(tx, scope.brandId);
  await rewriteDay(tx, scope, runId);
  return scope;
}

async function rewriteDay(tx: Tx, scope: RollupScope, finishingRunId: string | null) {
  const answers = await listRollupAnswers(tx, scope, finishingRunId);
  const rows = buildRollups(
    answers.map((a) => ({
      analysis: a.analysis,
      engine: a.engine,
      promptId: a.promptId ?? a.promptText,
      branded: a.branded,
      keywordId: a.keywordId,
      country: a.country,
      language: a.language,
    })),
    scope.brandId,
  );
  await replaceMetricSnapshots(tx, scope, rows);
}

/**
 * Rewrites every daily rollup of the brand from its stored analyses, after a re-analysis
 * replaced them (docs/metrics.md, "Daily rollups"): each local day of its completed runs.
 * Returns the number of days rewritten.
 */
export async function rebuildBrandRollups(
  tx: Tx,
  workspaceId: string,
  brandId: string,
): Promise<number> {
  await lockBrandRollups(tx, brandId);
  const days = await tx.execute<{ day: string }>(sql`
    select distinct to_char((coalesce(r.started_at, r.created_at) at time zone b.timezone)::date,
                            'YYYY-MM-DD') as day
      from runs r join brands b on b.id = r.brand_id
     where r.workspace_id = ${workspaceId} and r.brand_id = ${brandId}
       and r.status = 'COMPLETED'
     order by day`);
  for (const { day } of days) await rewriteDay(tx, { workspaceId, brandId, day }, null);
  return days.length;
}
