import type { OpportunityType } from '@lumen/domain/gaps/find-gaps';
import type { ContentKind } from '@lumen/domain/prompts/prompt-kind';
import {
  OPEN_OPPORTUNITY_STATUSES,
  type OpportunityStatus,
} from '@lumen/domain/status/opportunity-status';
import { type SQL, sql } from 'drizzle-orm';
import { rawDate, type Tx } from '../client';

// The read side of opportunities and the moves a person makes (docs/opportunities.md). The gap
// analysis that creates, refreshes and resolves them is opportunity.repository.ts. Raw SQL
// because the list filters inside the evidence jsonb, searches the prompt text and counts per
// status in one statement.

export type OpportunityEvidenceData = {
  engines?: string[];
  totalEngines?: number;
  competitors?: { entityId: string; name: string; bestRank: number; engines: number }[];
  brand?: { engine: string; rank: number; sentiment: number | null; snippet: string }[];
  citedDomains?: { domain: string; count: number }[];
  urls?: string[];
  sources?: string[];
};

export type OpportunityRow = {
  id: string;
  brandId: string;
  brandName: string;
  promptId: string | null;
  promptText: string | null;
  keywordId: string | null;
  runId: string | null;
  type: OpportunityType;
  title: string;
  impact: number;
  status: OpportunityStatus;
  recommendedKind: ContentKind | 'glossary' | null;
  evidence: OpportunityEvidenceData;
  resolvedAt: Date | null;
  resolvedByRunId: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** created_at as Postgres prints it (microseconds): part of the exact page cursor. */
  cursorAt: string;
};

export type OpportunityFilter = {
  brandId?: string | null;
  statuses?: readonly OpportunityStatus[] | null;
  types?: readonly OpportunityType[] | null;
  engine?: string | null;
  keywordId?: string | null;
  search?: string | null;
};

/** Position in the impact-ordered list: impact desc, created_at desc, id desc. */
export type OpportunityCursor = { impact: number; cursorAt: string; id: string };

type Raw = Omit<OpportunityRow, 'createdAt' | 'updatedAt' | 'resolvedAt'> & {
  createdAt: string | Date;
  updatedAt: string | Date;
  resolvedAt: string | Date | null;
};

const toRow = (r: Raw): OpportunityRow => ({
  ...r,
  evidence: r.evidence ?? {},
  createdAt: rawDate(r.createdAt),
  updatedAt: rawDate(r.updatedAt),
  resolvedAt: rawDate(r.resolvedAt),
});

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** `%` and `_` in a search are literal characters, not wildcards. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(workspaceId: string, filter: OpportunityFilter, withStatus: boolean): SQL {
  const where = [sql`o.workspace_id = ${workspaceId}`];
  if (filter.brandId) where.push(sql`o.brand_id = ${filter.brandId}`);
  if (withStatus && filter.statuses?.length) {
    where.push(sql`o.status::text in (${list(filter.statuses)})`);
  }
  if (filter.types?.length) where.push(sql`o.type::text in (${list(filter.types)})`);
  if (filter.engine) where.push(sql`o.evidence -> 'engines' ? ${filter.engine}`);
  if (filter.keywordId) where.push(sql`o.keyword_id = ${filter.keywordId}`);
  const search = filter.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    where.push(sql`(o.title ilike ${pattern} or p.text ilike ${pattern})`);
  }
  return sql.join(where, sql` and `);
}

const SELECT = sql`
  select o.id, o.brand_id as "brandId", b.name as "brandName", o.prompt_id as "promptId",
         p.text as "promptText", o.keyword_id as "keywordId", o.run_id as "runId", o.type,
         o.title, o.impact, o.status, o.recommended_kind as "recommendedKind", o.evidence,
         o.resolved_at as "resolvedAt", o.resolved_by_run_id as "resolvedByRunId",
         o.created_at as "createdAt", o.updated_at as "updatedAt", o.created_at::text as "cursorAt"
    from opportunities o
    join brands b on b.id = o.brand_id
    left join prompts p on p.id = o.prompt_id`;

export async function findOpportunity(
  db: Tx,
  workspaceId: string,
  id: string,
): Promise<OpportunityRow | null> {
  const [row] = await db.execute<Raw>(
    sql`${SELECT} where o.workspace_id = ${workspaceId} and o.id = ${id}`,
  );
  return row ? toRow(row) : null;
}

export async function findOpportunities(
  db: Tx,
  workspaceId: string,
  ids: readonly string[],
): Promise<OpportunityRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.execute<Raw>(
    sql`${SELECT} where o.workspace_id = ${workspaceId} and o.id::text in (${list(ids)})`,
  );
  return rows.map(toRow);
}

/** Most impactful first; `limit` rows after the cursor. */
export async function listOpportunities(
  db: Tx,
  workspaceId: string,
  filter: OpportunityFilter,
  page: { limit: number; after: OpportunityCursor | null },
): Promise<OpportunityRow[]> {
  const after = page.after
    ? sql`and (o.impact, o.created_at, o.id) < (${page.after.impact}::int, ${page.after.cursorAt}::timestamptz, ${page.after.id}::uuid)`
    : sql``;
  const rows = await db.execute<Raw>(sql`${SELECT}
     where ${conditions(workspaceId, filter, true)} ${after}
     order by o.impact desc, o.created_at desc, o.id desc
     limit ${page.limit}`);
  return rows.map(toRow);
}

/** How many opportunities match the filter in each status (the filter's own status aside). */
export async function countOpportunitiesByStatus(
  db: Tx,
  workspaceId: string,
  filter: OpportunityFilter,
): Promise<Map<OpportunityStatus, number>> {
  const rows = await db.execute<{ status: OpportunityStatus; n: number }>(sql`
    select o.status, count(*)::int as n
      from opportunities o
      left join prompts p on p.id = o.prompt_id
     where ${conditions(workspaceId, filter, false)}
     group by o.status`);
  return new Map(rows.map((r) => [r.status, r.n]));
}

/** Open opportunities (the sidebar badge's statuses) per brand, across the given workspaces. */
export async function countOpenOpportunitiesByBrand(
  db: Tx,
  workspaceIds: readonly string[],
): Promise<Map<string, number>> {
  if (workspaceIds.length === 0) return new Map();
  const open = sql.join(
    OPEN_OPPORTUNITY_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = await db.execute<{ brandId: string; n: number }>(sql`
    select o.brand_id as "brandId", count(*)::int as n
      from opportunities o
     where o.workspace_id = any(${sql.param([...workspaceIds])}::uuid[])
       and o.status in (${open})
     group by o.brand_id`);
  return new Map(rows.map((r) => [r.brandId, r.n]));
}

/** Engines named in any opportunity's evidence: the list page's engine filter. */
export async function listOpportunityEngines(db: Tx, workspaceId: string): Promise<string[]> {
  const rows = await db.execute<{ engine: string }>(sql`
    select distinct e.engine
      from opportunities o, jsonb_array_elements_text(coalesce(o.evidence -> 'engines', '[]'::jsonb)) as e(engine)
     where o.workspace_id = ${workspaceId}
     order by e.engine`);
  return rows.map((r) => r.engine);
}

/**
 * A person's move: guarded by the status the person saw (`from`), so two people moving the same
 * card cannot both win; false when the row had moved on. RESOLVED stamps `resolved_at`, leaving
 * it clears the stamp. The move is a row of the opportunity's history, with who and why.
 */
export async function moveOpportunity(
  tx: Tx,
  workspaceId: string,
  move: {
    id: string;
    from: OpportunityStatus;
    to: OpportunityStatus;
    /** Null when Lumen made the move for nobody in particular. */
    userId: string | null;
    note: string | null;
  },
): Promise<boolean> {
  const resolved =
    move.to === 'RESOLVED'
      ? sql`, resolved_at = now(), resolved_by_run_id = null`
      : sql`, resolved_at = null, resolved_by_run_id = null`;
  const rows = await tx.execute<{ id: string }>(sql`
    update opportunities
       set status = ${move.to}, updated_at = now() ${resolved}
     where workspace_id = ${workspaceId} and id = ${move.id} and status = ${move.from}
     returning id`);
  if (rows.length === 0) return false;
  await tx.execute(sql`
    insert into opportunity_status_changes
      (workspace_id, opportunity_id, from_status, to_status, user_id, note)
    values (${workspaceId}, ${move.id}, ${move.from}, ${move.to}, ${move.userId}, ${move.note})`);
  return true;
}

export type StatusChangeRow = {
  opportunityId: string;
  fromStatus: OpportunityStatus | null;
  toStatus: OpportunityStatus;
  runId: string | null;
  userId: string | null;
  userName: string | null;
  note: string | null;
  createdAt: Date;
};

/** The history of several opportunities at once (a loader), oldest first. */
export async function listStatusChanges(
  db: Tx,
  workspaceId: string,
  opportunityIds: readonly string[],
): Promise<StatusChangeRow[]> {
  if (opportunityIds.length === 0) return [];
  const rows = await db.execute<Omit<StatusChangeRow, 'createdAt'> & { createdAt: string | Date }>(
    sql`
    select c.opportunity_id as "opportunityId", c.from_status as "fromStatus",
           c.to_status as "toStatus", c.run_id as "runId", c.user_id as "userId",
           coalesce(pr.display_name, pr.email) as "userName", c.note, c.created_at as "createdAt"
      from opportunity_status_changes c
      left join profiles pr on pr.user_id = c.user_id
     where c.workspace_id = ${workspaceId} and c.opportunity_id::text in (${list(opportunityIds)})
     order by c.created_at, c.id`,
  );
  return rows.map((r) => ({ ...r, createdAt: rawDate(r.createdAt) }));
}

export type OpportunityWeek = {
  weekStart: string;
  opened: number;
  resolved: number;
  dismissed: number;
};

/**
 * Opened (found), resolved and dismissed per ISO week (Monday, UTC), the last `weeks` weeks
 * including this one, with empty weeks present; resolved and dismissed count moves in the
 * history, so an opportunity resolved twice counts in both weeks.
 */
export async function opportunityWeeks(
  db: Tx,
  workspaceId: string,
  filter: { brandId?: string | null; weeks: number },
): Promise<OpportunityWeek[]> {
  const brand = filter.brandId ? sql`and o.brand_id = ${filter.brandId}` : sql``;
  const rows = await db.execute<OpportunityWeek>(sql`
    with weeks as (
      select generate_series(
               date_trunc('week', now() at time zone 'UTC') - (${filter.weeks - 1}::int * interval '1 week'),
               date_trunc('week', now() at time zone 'UTC'),
               interval '1 week') as week),
    opened as (
      select date_trunc('week', o.created_at at time zone 'UTC') as week, count(*)::int as n
        from opportunities o
       where o.workspace_id = ${workspaceId} ${brand}
       group by 1),
    moved as (
      select date_trunc('week', c.created_at at time zone 'UTC') as week,
             (count(*) filter (where c.to_status = 'RESOLVED'))::int as resolved,
             (count(*) filter (where c.to_status = 'DISMISSED'))::int as dismissed
        from opportunity_status_changes c
        join opportunities o on o.id = c.opportunity_id
       where c.workspace_id = ${workspaceId} ${brand}
       group by 1)
    select to_char(w.week, 'YYYY-MM-DD') as "weekStart", coalesce(op.n, 0)::int as opened,
           coalesce(m.resolved, 0)::int as resolved, coalesce(m.dismissed, 0)::int as dismissed
      from weeks w
      left join opened op on op.week = w.week
      left join moved m on m.week = w.week
     order by w.week`);
  return [...rows];
}

/**
 * Median time from found to resolved, in hours, over the opportunities now RESOLVED whose
 * resolution falls in the window; null when none did.
 */
export async function medianHoursToResolve(
  db: Tx,
  workspaceId: string,
  filter: { brandId?: string | null; weeks: number },
): Promise<{ medianHours: number | null; resolved: number }> {
  const brand = filter.brandId ? sql`and o.brand_id = ${filter.brandId}` : sql``;
  const [row] = await db.execute<{ medianHours: number | null; resolved: number }>(sql`
    select (percentile_cont(0.5) within group (
              order by extract(epoch from (o.resolved_at - o.created_at))) / 3600)::float8
             as "medianHours",
           count(*)::int as resolved
      from opportunities o
     where o.workspace_id = ${workspaceId} ${brand}
       and o.status = 'RESOLVED' and o.resolved_at is not null
       and o.resolved_at >= date_trunc('week', now() at time zone 'UTC') at time zone 'UTC'
                            - (${filter.weeks - 1}::int * interval '1 week')`);
  return { medianHours: row?.medianHours ?? null, resolved: row?.resolved ?? 0 };
}

/** The brand's latest COMPLETED run: the one an on-demand gap analysis reads. */
export async function latestCompletedRunId(
  db: Tx,
  workspaceId: string,
  brandId: string,
): Promise<string | null> {
  const [row] = await db.execute<{ id: string }>(sql`
    select r.id from runs r
     where r.workspace_id = ${workspaceId} and r.brand_id = ${brandId} and r.status = 'COMPLETED'
     order by r.finished_at desc nulls last, r.created_at desc
     limit 1`);
  return row?.id ?? null;
}
