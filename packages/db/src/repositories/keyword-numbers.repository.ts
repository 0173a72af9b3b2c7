import { sql } from 'drizzle-orm';
import type { Tx } from '../client';

// The keyword page's numbers (docs/metrics.md, "Keyword detail"): which runs asked a keyword's
// prompts, the prompt × engine matrix of one run, and each prompt's history run by run. These
// read the answers themselves (one run, or one prompt's few answers per run), not the daily
// rollups, which have no per-prompt rows. Raw SQL: lateral aggregates per answer that the builder
// would only make longer. A run's day is the local day of its start in the brand's timezone, the
// day its rollups are written under.

export type KeywordRange = { from: string; to: string; engines?: readonly string[] | null };

const uuids = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]::uuid[]`;

const engineFilter = (engines?: readonly string[] | null) =>
  engines?.length
    ? sql`and a.engine = any(array[${sql.join(
        engines.map((e) => sql`${e}`),
        sql`, `,
      )}]::text[])`
    : sql``;

const runDay = sql`(coalesce(r.started_at, r.created_at) at time zone b.timezone)::date`;

export type KeywordRunRow = {
  keywordId: string;
  runId: string;
  /** The run's local day, YYYY-MM-DD. */
  day: string;
  startedAt: Date;
  /** Answers (with or without error) to the keyword's prompts in this run. */
  answers: number;
};

/** Completed runs in the range that asked prompts of each keyword, newest first. */
export async function listKeywordRuns(
  db: Tx,
  workspaceId: string,
  keywordIds: readonly string[],
  range: KeywordRange,
): Promise<KeywordRunRow[]> {
  if (keywordIds.length === 0) return [];
  const rows = await db.execute<Omit<KeywordRunRow, 'startedAt'> & { startedAt: string | Date }>(
    sql`
    select p.keyword_id as "keywordId", r.id as "runId", to_char(${runDay}, 'YYYY-MM-DD') as day,
           coalesce(r.started_at, r.created_at) as "startedAt", count(*)::int as answers
      from answers a
      join runs r on r.id = a.run_id
      join brands b on b.id = r.brand_id
      join prompts p on p.id = a.prompt_id
     where a.workspace_id = ${workspaceId} and r.workspace_id = ${workspaceId}
       and p.workspace_id = ${workspaceId} and r.status = 'COMPLETED'
       and p.keyword_id = any(${uuids(keywordIds)})
       and ${runDay} between ${range.from}::date and ${range.to}::date
       ${engineFilter(range.engines)}
     group by p.keyword_id, r.id, b.timezone
     order by p.keyword_id, coalesce(r.started_at, r.created_at) desc, r.id desc`,
  );
  return rows.map((r) => ({ ...r, startedAt: new Date(r.startedAt) }));
}

export type MatrixCellRow = {
  runId: string;
  keywordId: string;
  promptId: string;
  engine: string;
  answerId: string;
  servedModel: string | null;
  failed: boolean;
  mentioned: boolean;
  /** Best rank of the brand's mentions; null when not mentioned. */
  rank: number | null;
  /** The answer cites one of the brand's domains. */
  cited: boolean;
  /** Competitors the answer names. */
  competitors: number;
};

/** Every answer of the given runs to the given keywords' prompts, with what it says of the brand. */
export async function listMatrixCells(
  db: Tx,
  workspaceId: string,
  pairs: readonly { runId: string; keywordId: string }[],
  engines?: readonly string[] | null,
): Promise<MatrixCellRow[]> {
  if (pairs.length === 0) return [];
  const rows = await db.execute<MatrixCellRow>(sql`
    select a.run_id as "runId", p.keyword_id as "keywordId", a.prompt_id as "promptId", a.engine,
           a.id as "answerId", a.served_model as "servedModel", a.error is not null as failed,
           bm.rank is not null as mentioned, bm.rank,
           coalesce(ci.own, false) as cited, coalesce(cm.n, 0)::int as competitors
      from answers a
      join runs r on r.id = a.run_id
      join prompts p on p.id = a.prompt_id
      left join lateral (
        select min(coalesce(m.rank, 1))::int as rank from mentions m
         where m.answer_id = a.id and m.entity = 'brand' and m.entity_id = r.brand_id
        having count(*) > 0) bm on true
      left join lateral (
        select count(distinct m.entity_id) as n from mentions m
         where m.answer_id = a.id and m.entity = 'competitor') cm on true
      left join lateral (
        select bool_or(c.owner = 'own') as own from citations c where c.answer_id = a.id) ci on true
     where a.workspace_id = ${workspaceId} and r.workspace_id = ${workspaceId}
       and (a.run_id, p.keyword_id) in (${sql.join(
         pairs.map((x) => sql`(${x.runId}::uuid, ${x.keywordId}::uuid)`),
         sql`, `,
       )})
       ${engineFilter(engines)}
     order by a.created_at`);
  return [...rows];
}

export type PromptHistoryRow = {
  promptId: string;
  runId: string;
  day: string;
  startedAt: Date;
  /** Answers an engine gave (failed queries left out, as in the rollups). */
  answers: number;
  mentioned: number;
  /** Σ of the brand's best rank over the answers naming it (for the average). */
  rankSum: number;
  cited: number;
};

/** Each prompt's completed runs in the range, oldest first: answers, mentions, ranks, citations. */
export async function listPromptHistory(
  db: Tx,
  workspaceId: string,
  promptIds: readonly string[],
  range: KeywordRange,
): Promise<PromptHistoryRow[]> {
  if (promptIds.length === 0) return [];
  const rows = await db.execute<
    Omit<PromptHistoryRow, 'startedAt'> & { startedAt: string | Date }
  >(sql`
    select a.prompt_id as "promptId", r.id as "runId", to_char(${runDay}, 'YYYY-MM-DD') as day,
           coalesce(r.started_at, r.created_at) as "startedAt", count(*)::int as answers,
           count(bm.rank)::int as mentioned, coalesce(sum(bm.rank), 0)::int as "rankSum",
           count(*) filter (where ci.own)::int as cited
      from answers a
      join runs r on r.id = a.run_id
      join brands b on b.id = r.brand_id
      left join lateral (
        select min(coalesce(m.rank, 1)) as rank from mentions m
         where m.answer_id = a.id and m.entity = 'brand' and m.entity_id = r.brand_id
        having count(*) > 0) bm on true
      left join lateral (
        select bool_or(c.owner = 'own') as own from citations c where c.answer_id = a.id) ci on true
     where a.workspace_id = ${workspaceId} and r.workspace_id = ${workspaceId}
       and r.status = 'COMPLETED' and a.error is null
       and a.prompt_id = any(${uuids(promptIds)})
       and ${runDay} between ${range.from}::date and ${range.to}::date
       ${engineFilter(range.engines)}
     group by a.prompt_id, r.id, b.timezone
     order by a.prompt_id, coalesce(r.started_at, r.created_at), r.id`);
  return rows.map((r) => ({ ...r, startedAt: new Date(r.startedAt) }));
}
