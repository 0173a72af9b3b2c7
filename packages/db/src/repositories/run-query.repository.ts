import type { RunForChange } from '@lumen/domain/metrics/run-change';
import type { RunStatus } from '@lumen/domain/status/run-status';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../client';

// The read side of brand runs: what the GraphQL API and the web show (docs/brands.md, "Runs"),
// and the one `RunRow` the worker reads too (`findRun`). Every function takes the workspace id
// first and filters by it; raw SQL because the counts are
// grouped aggregates over answers that the builder would only make longer.

export type RunTrigger = 'SCHEDULED' | 'MANUAL' | 'QUICK_SCORE' | 'TARGETED';
export type { RunStatus };

export type RunRow = {
  id: string;
  workspaceId: string;
  brandId: string;
  trigger: RunTrigger;
  status: RunStatus;
  total: number;
  /** Answers asked of each prompt × engine (docs/metrics.md, "Samples"). */
  samples: number;
  /** Answers stored without error. */
  done: number;
  /** Queries that failed for good (stored as answers with an error). */
  failed: number;
  score: number | null;
  /** The prompts a targeted run asks (null: every active prompt of the brand). */
  promptCount: number | null;
  /** Answers, score and mention rate with its interval, once completed. */
  metrics: RunForChange['metrics'];
  /**
   * The brand's previous completed *full* run (targeted re-measures are never compared with
   * full runs), for "change": `runChange` in @lumen/domain/metrics/run-change.
   */
  previous: (RunForChange & { score: number }) | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  error: string | null;
  createdAt: Date;
  /** created_at as Postgres prints it (microseconds): the exact key of a page cursor. */
  cursorAt: string;
};

type RawRun = Omit<RunRow, 'trigger' | 'createdAt' | 'startedAt' | 'finishedAt' | 'previous'> & {
  previous: { trigger: string; score: number; metrics: RunForChange['metrics'] } | null;
  trigger: string;
  createdAt: string | Date;
  startedAt: string | Date | null;
  finishedAt: string | Date | null;
};

const asDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));
const asDateOrNull = (v: string | Date | null) => (v === null ? null : asDate(v));

function toRun(r: RawRun): RunRow {
  return {
    ...r,
    trigger: r.trigger.toUpperCase() as RunTrigger,
    createdAt: asDate(r.createdAt),
    startedAt: asDateOrNull(r.startedAt),
    finishedAt: asDateOrNull(r.finishedAt),
  };
}

const uuidList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** A completed run's answers, score and mention rate (what a change compares), else null. */
const headline = (
  run: SQL,
) => sql`case when ${run}.status = 'COMPLETED' and ${run}.metrics->'mentionRate' is not null
  then jsonb_build_object('answers', ${run}.metrics->'answers', 'score', ${run}.score,
                          'mentionRate', ${run}.metrics->'mentionRate') end`;

/**
 * Brand runs only (quick-score runs have no workspace) of `workspaceId`; `where` narrows further.
 * A null workspace is the worker's: it holds a run id from its own job's payload, never one a
 * client sent, and acts for whichever workspace owns the run.
 */
async function selectRuns(
  db: Tx,
  workspaceId: string | null,
  where: SQL,
  tail: SQL,
): Promise<RunRow[]> {
  const scope = workspaceId === null ? sql`true` : sql`r.workspace_id = ${workspaceId}`;
  const rows = await db.execute<RawRun>(sql`
    select r.id, r.workspace_id as "workspaceId", r.brand_id as "brandId", r.trigger, r.status,
           r.total, r.samples, r.score, r.started_at as "startedAt", r.finished_at as "finishedAt",
           r.error, r.created_at as "createdAt", r.created_at::text as "cursorAt",
           coalesce(c.done, 0)::int as done, coalesce(c.failed, 0)::int as failed,
           cardinality(r.prompt_ids) as "promptCount",
           ${headline(sql`r`)} as metrics,
           (select jsonb_build_object('trigger', upper(p.trigger::text), 'score', p.score,
                                      'metrics', ${headline(sql`p`)})
              from runs p
             where p.brand_id = r.brand_id and p.status = 'COMPLETED' and p.score is not null
               and p.trigger <> 'targeted' and p.created_at < r.created_at
             order by p.created_at desc limit 1) as previous
      from runs r
      left join lateral (
        select count(*) filter (where a.error is null) as done,
               count(*) filter (where a.error is not null) as failed
          from answers a where a.run_id = r.id) c on true
     where ${scope} and r.brand_id is not null and ${where}
     ${tail}`);
  return rows.map(toRun);
}

/**
 * One brand run, the same row for the API and the worker; null for another workspace's run or a
 * quick check's. `workspaceId` null: the worker (see `selectRuns`); the API always passes its own.
 */
export async function findRun(
  db: Tx,
  workspaceId: string | null,
  runId: string,
): Promise<RunRow | null> {
  const [run] = await selectRuns(db, workspaceId, sql`r.id = ${runId}`, sql``);
  return run ?? null;
}

export async function findRuns(
  db: Tx,
  workspaceId: string,
  runIds: readonly string[],
): Promise<RunRow[]> {
  if (runIds.length === 0) return [];
  return selectRuns(db, workspaceId, sql`r.id in (${uuidList(runIds)})`, sql``);
}

/** The latest run of each brand (open or finished), in one query. */
export async function latestRunsOfBrands(
  db: Tx,
  workspaceId: string,
  brandIds: readonly string[],
): Promise<RunRow[]> {
  if (brandIds.length === 0) return [];
  const latest = sql`r.id in (select distinct on (l.brand_id) l.id from runs l
     where l.workspace_id = ${workspaceId} and l.brand_id in (${uuidList(brandIds)})
     order by l.brand_id, l.created_at desc)`;
  return selectRuns(db, workspaceId, latest, sql``);
}

/** Position in a newest-first list: created_at desc, then id desc (created_at as text, exact). */
export type Cursor = { cursorAt: string; id: string };

/** A brand's runs newest first, `limit` of them after the cursor. */
export async function listRunsOfBrand(
  db: Tx,
  workspaceId: string,
  brandId: string,
  page: { limit: number; after: Cursor | null },
): Promise<RunRow[]> {
  const after = page.after
    ? sql`and (r.created_at, r.id) < (${page.after.cursorAt}::timestamptz, ${page.after.id}::uuid)`
    : sql``;
  return selectRuns(
    db,
    workspaceId,
    sql`r.brand_id = ${brandId} ${after}`,
    sql`order by r.created_at desc, r.id desc limit ${page.limit}`,
  );
}

/** The open (QUEUED or RUNNING) run of a brand, if any. */
export async function findOpenRunOfBrand(
  db: Tx,
  workspaceId: string,
  brandId: string,
): Promise<RunRow | null> {
  const [run] = await selectRuns(
    db,
    workspaceId,
    sql`r.brand_id = ${brandId} and r.status in ('QUEUED', 'RUNNING')`,
    sql`order by r.created_at desc limit 1`,
  );
  return run ?? null;
}

/** Runs of the workspace that finished after `since`, oldest first (for "run finished" toasts). */
export async function listRunsFinishedSince(
  db: Tx,
  workspaceId: string,
  since: Date,
  limit = 20,
): Promise<RunRow[]> {
  return selectRuns(
    db,
    workspaceId,
    sql`date_trunc('milliseconds', r.finished_at) > ${since.toISOString()}::timestamptz
        and r.trigger <> 'quick_score'`,
    sql`order by r.finished_at asc limit ${limit}`,
  );
}

/** Postgres' clock, which stamps finished_at: the start of a "finished since" window. */
export async function databaseNow(db: Tx): Promise<Date> {
  const [row] = await db.execute<{ now: string | Date }>(sql`select now() as now`);
  return asDate(row?.now ?? new Date());
}

export type EngineCount = {
  runId: string;
  engine: string;
  done: number;
  failed: number;
  /** US dollars of the answers with a known cost (docs/engines.md, "Costs"). */
  costUsd: number;
  /** Answers stored without a known cost (a model the price table does not list). */
  unpriced: number;
  inputTokens: number;
  outputTokens: number;
  searchCalls: number;
};

/** Answers per run and engine: the live progress of each engine, with its usage and cost. */
export async function countAnswersByEngine(
  db: Tx,
  workspaceId: string,
  runIds: readonly string[],
): Promise<EngineCount[]> {
  if (runIds.length === 0) return [];
  const rows = await db.execute<EngineCount>(sql`
    select a.run_id as "runId", a.engine,
           (count(*) filter (where a.error is null))::int as done,
           (count(*) filter (where a.error is not null))::int as failed,
           coalesce(sum(a.cost_usd) filter (where a.error is null), 0)::float8 as "costUsd",
           (count(*) filter (where a.error is null and a.cost_usd is null))::int as unpriced,
           coalesce(sum((a.usage->>'inputTokens')::bigint), 0)::float8 as "inputTokens",
           coalesce(sum((a.usage->>'outputTokens')::bigint), 0)::float8 as "outputTokens",
           coalesce(sum((a.usage->>'searchCalls')::bigint), 0)::float8 as "searchCalls"
      from answers a
     where a.workspace_id = ${workspaceId} and a.run_id in (${uuidList(runIds)})
     group by a.run_id, a.engine
     order by a.engine`);
  return [...rows];
}

export type AnswerMentionRow = {
  answerId: string;
  entity: 'BRAND' | 'COMPETITOR' | 'DISCOVERED';
  entityId: string | null;
  name: string;
  rank: number | null;
  count: number;
  firstOffset: number;
  sentiment: number | null;
  spans: [number, number][];
};

export type AnswerCitationRow = {
  answerId: string;
  url: string;
  domain: string;
  title: string | null;
  position: number;
  owner: 'OWN' | 'COMPETITOR' | 'THIRD_PARTY';
  entityId: string | null;
};

export type AnswerRow = {
  id: string;
  runId: string;
  promptId: string | null;
  promptText: string;
  engine: string;
  requestedModel: string | null;
  servedModel: string | null;
  text: string | null;
  latencyMs: number | null;
  usage: { inputTokens?: number; outputTokens?: number; searchCalls?: number } | null;
  /** US dollars; null when unknown or failed. */
  costUsd: number | null;
  /** An answer page showed no AI answer (docs/engines.md, "Answer pages"). */
  noOverview: boolean;
  /** The brand's language code, which its prompts are written in unless they have their own. */
  brandLanguage: string;
  /** Where it was asked for (ISO code, primary language subtag); null on older answers. */
  country: string | null;
  language: string | null;
  error: string | null;
  createdAt: Date;
  cursorAt: string;
  mentions: AnswerMentionRow[];
  citations: AnswerCitationRow[];
};

export type AnswerFilter = {
  brandId: string;
  runId?: string | null;
  promptId?: string | null;
  engine?: string | null;
};

/**
 * A brand's answers newest first with their mentions and citations (three queries for a page).
 * Ordered by (created_at, id) descending like runs, so the same cursor shape pages both.
 */
export async function listAnswers(
  db: Tx,
  workspaceId: string,
  filter: AnswerFilter,
  page: { limit: number; after: Cursor | null },
): Promise<AnswerRow[]> {
  const conditions = [sql`r.brand_id = ${filter.brandId}`];
  if (filter.runId) conditions.push(sql`a.run_id = ${filter.runId}`);
  if (filter.promptId) conditions.push(sql`a.prompt_id = ${filter.promptId}`);
  if (filter.engine) conditions.push(sql`a.engine = ${filter.engine}`);
  if (page.after) {
    conditions.push(
      sql`(a.created_at, a.id) < (${page.after.cursorAt}::timestamptz, ${page.after.id}::uuid)`,
    );
  }
  const rows = await db.execute<
    Omit<AnswerRow, 'mentions' | 'citations' | 'createdAt'> & {
      createdAt: string | Date;
    }
  >(sql`
    select a.id, a.run_id as "runId", a.prompt_id as "promptId", a.prompt_text as "promptText",
           a.engine, a.requested_model as "requestedModel", a.served_model as "servedModel",
           a.text, a.latency_ms as "latencyMs", a.usage, a.cost_usd::float8 as "costUsd",
           a.no_overview as "noOverview", b.language as "brandLanguage",
           a.country, a.language, a.error, a.created_at as "createdAt", a.created_at::text as "cursorAt"
      from answers a
      join runs r on r.id = a.run_id
      join brands b on b.id = r.brand_id
     where a.workspace_id = ${workspaceId} and r.workspace_id = ${workspaceId}
       and ${sql.join(conditions, sql` and `)}
     order by a.created_at desc, a.id desc
     limit ${page.limit}`);
  if (rows.length === 0) return [];
  const ids = uuidList(rows.map((r) => r.id));
  const [mentionRows, citationRows] = await Promise.all([
    db.execute<AnswerMentionRow>(sql`
      select m.answer_id as "answerId", upper(m.entity::text) as entity, m.entity_id as "entityId",
             m.name, m.rank, m.count, m.first_offset as "firstOffset", m.sentiment, m.spans
        from mentions m
       where m.workspace_id = ${workspaceId} and m.answer_id in (${ids})
       order by m.rank nulls last, m.first_offset`),
    db.execute<AnswerCitationRow>(sql`
      select c.answer_id as "answerId", c.url, c.domain, c.title, c.position,
             upper(c.owner::text) as owner, c.entity_id as "entityId"
        from citations c
       where c.workspace_id = ${workspaceId} and c.answer_id in (${ids})
       order by c.position`),
  ]);
  return rows.map((r) => ({
    ...r,
    createdAt: asDate(r.createdAt),
    mentions: mentionRows.filter((m) => m.answerId === r.id),
    citations: citationRows.filter((c) => c.answerId === r.id),
  }));
}

/** The workspace's open runs, then its latest finished ones, newest first: the dashboard's list. */
export async function listRecentRuns(
  db: Tx,
  workspaceId: string,
  limit: number,
): Promise<RunRow[]> {
  return selectRuns(
    db,
    workspaceId,
    sql`r.trigger <> 'quick_score'`,
    sql`order by (r.status in ('QUEUED', 'RUNNING')) desc, r.created_at desc, r.id desc
        limit ${limit}`,
  );
}
