import {
  type AnswerQuota,
  decideAnswerQuota,
  isPaidEngine,
} from '@lumen/domain/brands/answer-quota';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { findWorkspacePlan, lockWorkspaceQuota } from './brand.repository';

export type { AnswerQuota } from '@lumen/domain/brands/answer-quota';

/**
 * Whether a new run of the brand fits in the workspace's monthly answer quota
 * (docs/brands.md, "Answer quota"), with what remains. Call it inside the transaction that
 * inserts the run: it takes the workspace's quota lock, so two runs cannot both take the last
 * answers. Counts, for the calendar month in UTC:
 * - used: paid answers stored (an engine error costs nothing and is not counted, nor are the
 *   copies a claimed quick check brings along: the guest check paid for them from its own budget);
 * - reserved: what unfinished runs of the workspace's other brands will still store (their
 *   brand's active prompts × paid engines, less the paid answers they already stored). A brand
 *   has one open run at a time and `startBrandRun` asks before it inserts, so an open run of
 *   this brand is never counted here;
 * - needed: the prompts the run asks (`promptCount`, by default every active one) × the
 *   brand's paid engines.
 */
export async function checkRunQuota(
  db: Tx,
  workspaceId: string,
  brandId: string,
  /**
   * The queries the run asks of each paid engine: prompts × samples. By default every active
   * prompt × the brand's samples; a targeted run asks fewer prompts, more samples.
   */
  queriesPerEngine?: number,
  /** False where the instance sells no plans: the refusal names no plan. */
  named = true,
): Promise<AnswerQuota> {
  await lockWorkspaceQuota(db, workspaceId);
  const plan = await findWorkspacePlan(db, workspaceId);
  // Raw SQL: three aggregates in one round trip; the paid rule stays in @lumen/domain, so the
  // counts come back per engine and are summed here.
  const used = await db.execute<{ engine: string; n: number }>(sql`
    select a.engine, count(*)::int as n
      from answers a
      join runs r on r.id = a.run_id
     where r.workspace_id = ${workspaceId} and a.error is null and r.trigger <> 'quick_score'
       and a.created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'
       -- Only runs that can hold this month's answers (a run lives at most its 2-hour deadline),
       -- so the workspace's older runs are never visited.
       and r.created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'
                          - interval '1 day'
     group by a.engine`);
  const open = await db.execute<{ runId: string; engines: string[]; prompts: number }>(sql`
    select r.id as "runId", b.engines,
           (select count(*)::int from prompts p where p.brand_id = b.id and p.active
              and (r.prompt_ids is null or p.id = any(r.prompt_ids))) * r.samples as prompts
      from runs r
      join brands b on b.id = r.brand_id
     where r.workspace_id = ${workspaceId} and r.status in ('QUEUED', 'RUNNING')
       and r.brand_id <> ${brandId}`);
  const storedByOpen = await db.execute<{ runId: string; engine: string; n: number }>(sql`
    select a.run_id as "runId", a.engine, count(*)::int as n
      from answers a
      join runs r on r.id = a.run_id
     where r.workspace_id = ${workspaceId} and r.status in ('QUEUED', 'RUNNING')
       and r.brand_id <> ${brandId}
     group by a.run_id, a.engine`);
  const brand = await db.execute<{ engines: string[]; prompts: number }>(sql`
    select b.engines,
           (select count(*)::int from prompts p where p.brand_id = b.id and p.active) * b.samples
             as prompts
      from brands b
     where b.id = ${brandId} and b.workspace_id = ${workspaceId}`);

  const paid = (engines: readonly string[]) => engines.filter(isPaidEngine).length;
  const stored = new Map<string, number>();
  for (const row of storedByOpen) {
    if (isPaidEngine(row.engine)) stored.set(row.runId, (stored.get(row.runId) ?? 0) + row.n);
  }
  const reserved = open.reduce(
    (sum, r) => sum + Math.max(0, r.prompts * paid(r.engines) - (stored.get(r.runId) ?? 0)),
    0,
  );
  const target = brand[0];
  return decideAnswerQuota({
    plan,
    used: used.reduce((sum, r) => sum + (isPaidEngine(r.engine) ? r.n : 0), 0),
    reserved,
    needed: target ? (queriesPerEngine ?? target.prompts) * paid(target.engines) : 0,
    named,
  });
}

export type EngineMonthUsage = {
  engine: string;
  answers: number;
  /** US dollars of the answers with a known cost (docs/engines.md, "Costs"). */
  costUsd: number;
  /** Answers without a known cost. */
  unpriced: number;
};

/**
 * Answers stored in a calendar month (UTC, the quota's month) per engine, for Settings → Plan
 * and usage. Counted as the quota counts them (docs/brands.md, "Answer quota"): no engine errors,
 * no quick checks. `monthStart` is the first instant of the month in UTC.
 */
export async function answersInMonth(
  db: Tx,
  workspaceId: string,
  monthStart: Date,
): Promise<EngineMonthUsage[]> {
  const next = new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1, 1));
  const rows = await db.execute<{ engine: string; n: number; cost: number; unpriced: number }>(sql`
    select a.engine, count(*)::int as n, coalesce(sum(a.cost_usd), 0)::float8 as cost,
           (count(*) filter (where a.cost_usd is null))::int as unpriced
      from answers a
      join runs r on r.id = a.run_id
     where r.workspace_id = ${workspaceId} and a.error is null and r.trigger <> 'quick_score'
       and a.created_at >= ${monthStart.toISOString()} and a.created_at < ${next.toISOString()}
       and r.created_at >= ${new Date(monthStart.getTime() - 86_400_000).toISOString()}
       and r.created_at < ${next.toISOString()}
     group by a.engine
     order by n desc, a.engine`);
  return rows.map((r) => ({
    engine: r.engine,
    answers: r.n,
    costUsd: r.cost,
    unpriced: r.unpriced,
  }));
}

/**
 * What a brand's answers cost per engine over its local days `from`–`to` (inclusive, in the
 * brand's time zone), like the metrics' date range (docs/engines.md, "On the pages").
 */
export async function brandCostByEngine(
  db: Tx,
  workspaceId: string,
  brandId: string,
  range: { from: string; to: string; timezone: string },
): Promise<EngineMonthUsage[]> {
  const rows = await db.execute<{ engine: string; n: number; cost: number; unpriced: number }>(sql`
    select a.engine, count(*)::int as n, coalesce(sum(a.cost_usd), 0)::float8 as cost,
           (count(*) filter (where a.cost_usd is null))::int as unpriced
      from answers a
      join runs r on r.id = a.run_id
     where r.workspace_id = ${workspaceId} and r.brand_id = ${brandId} and a.error is null
       and a.created_at >= (${range.from}::date::timestamp at time zone ${range.timezone})
       and a.created_at < ((${range.to}::date + 1)::timestamp at time zone ${range.timezone})
     group by a.engine
     order by cost desc, a.engine`);
  return rows.map((r) => ({
    engine: r.engine,
    answers: r.n,
    costUsd: r.cost,
    unpriced: r.unpriced,
  }));
}
