import type { Sql } from '../client';

export type QuickScoreStatus = 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED';

export type EngineProgress = {
  engine: string;
  label: string;
  done: number;
  failed: number;
  total: number;
};

export type QuickScoreState = { engines?: EngineProgress[]; phase?: string };

export type QuickScoreRow = {
  id: string;
  brandName: string;
  domain: string;
  industry: string;
  country: string | null;
  competitors: { name: string; website?: string | null }[];
  status: QuickScoreStatus;
  progress: number;
  state: QuickScoreState;
  result: Record<string, unknown> | null;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  expiresAt: Date;
};

const COLUMNS = `id, brand_name as "brandName", domain, industry, country, competitors, status, progress,
  state, result, error, created_at as "createdAt", started_at as "startedAt",
  completed_at as "completedAt", expires_at as "expiresAt"`;

export async function findQuickScore(sql: Sql, id: string): Promise<QuickScoreRow | null> {
  const [row] = await sql.unsafe<QuickScoreRow[]>(
    `select ${COLUMNS} from quick_scores where id = $1`,
    [id],
  );
  return row ?? null;
}

/**
 * This requester's own check of the same brand and domain within the window, unless it failed or
 * expired. Keyed by the address hash too: another visitor never gets this row, its inputs or its
 * competitors back.
 */
export async function findRecentQuickScore(
  sql: Sql,
  requester: { ipHash: string; brandName: string; domain: string },
  since: Date,
): Promise<QuickScoreRow | null> {
  const [row] = await sql.unsafe<QuickScoreRow[]>(
    `select ${COLUMNS} from quick_scores
      where ip_hash = $1 and lower(brand_name) = lower($2) and domain = $3 and created_at >= $4
        and status <> 'FAILED' and expires_at > now()
      order by created_at desc limit 1`,
    [requester.ipHash, requester.brandName, requester.domain, since.toISOString()],
  );
  return row ?? null;
}

export async function countQuickScoresByAddress(
  sql: Sql,
  ipHash: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await sql<{ count: number; oldest: Date | null }[]>`
    select count(*)::int as count, min(created_at) as oldest
      from quick_scores where ip_hash = ${ipHash} and created_at >= ${since}`;
  return row ?? { count: 0, oldest: null };
}

export async function insertQuickScore(
  sql: Sql,
  input: {
    brandName: string;
    domain: string;
    industry: string;
    country: string | null;
    competitors: { name: string; website: string | null }[];
    ipHash: string;
    expiresAt: Date;
  },
): Promise<QuickScoreRow> {
  const [row] = await sql.unsafe<QuickScoreRow[]>(
    `insert into quick_scores (brand_name, domain, industry, country, competitors, ip_hash, expires_at)
     values ($1, $2, $3, $4, $5::jsonb, $6, $7) returning ${COLUMNS}`,
    [
      input.brandName,
      input.domain,
      input.industry,
      input.country,
      // postgres.js serialises jsonb parameters itself: pass the value, not a JSON string.
      input.competitors as never,
      input.ipHash,
      input.expiresAt.toISOString(),
    ],
  );
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** QUEUED → RUNNING; returns false when the row has moved on (a second delivery). */
export async function markQuickScoreRunning(
  sql: Sql,
  id: string,
  state: QuickScoreState,
): Promise<boolean> {
  const rows = await sql`
    update quick_scores set status = 'RUNNING', started_at = coalesce(started_at, now()),
      state = ${sql.json(state)}
     where id = ${id} and status in ('QUEUED', 'RUNNING') returning id`;
  return rows.length > 0;
}

export async function updateQuickScoreProgress(
  sql: Sql,
  id: string,
  progress: number,
  state: QuickScoreState,
): Promise<void> {
  await sql`
    update quick_scores set progress = greatest(progress, ${progress}), state = ${sql.json(state)}
     where id = ${id} and status = 'RUNNING'`;
}

export async function completeQuickScore(
  sql: Sql,
  id: string,
  result: Record<string, unknown>,
  state: QuickScoreState,
): Promise<void> {
  await sql`
    update quick_scores set status = 'COMPLETED', progress = 100, result = ${sql.json(result as never)},
      state = ${sql.json(state)}, completed_at = now(), error = null
     where id = ${id} and status = 'RUNNING'`;
}

/** QUEUED/RUNNING → FAILED; false when the row had already finished (or does not exist). */
export async function failQuickScore(sql: Sql, id: string, message: string): Promise<boolean> {
  const rows = await sql`
    update quick_scores set status = 'FAILED', error = ${message}, completed_at = now()
     where id = ${id} and status in ('QUEUED', 'RUNNING') returning id`;
  return rows.length > 0;
}

/** Unfinished checks created before `before`, oldest first: what the reconciler inspects. */
export async function listOpenQuickScores(
  sql: Sql,
  before: Date,
  limit: number,
): Promise<{ id: string; status: 'QUEUED' | 'RUNNING'; createdAt: Date }[]> {
  return sql<{ id: string; status: 'QUEUED' | 'RUNNING'; createdAt: Date }[]>`
    select id, status, created_at as "createdAt" from quick_scores
     where status in ('QUEUED', 'RUNNING') and created_at < ${before}
     order by created_at limit ${limit}`;
}

/** Expired checks keep only what the page needs to say so; answers and results are removed. */
export async function expireQuickScores(sql: Sql): Promise<number> {
  return sql.begin(async (tx) => {
    await tx`delete from runs where quick_score_id in (select id from quick_scores where expires_at < now())`;
    const rows = await tx`
      update quick_scores set result = null, state = '{}'::jsonb
       where expires_at < now() and (result is not null or state <> '{}'::jsonb) returning id`;
    return rows.length;
  });
}

// ---- the run and answers behind a quick score -------------------------------------------------

export type StoredAnswer = {
  id: string;
  promptText: string;
  engine: string;
  text: string | null;
  citations: { url: string; title?: string }[];
  servedModel: string | null;
  latencyMs: number | null;
  error: string | null;
};

/** The quick score's run, created once whatever the number of deliveries. */
export async function ensureQuickScoreRun(
  sql: Sql,
  quickScoreId: string,
  total: number,
): Promise<string> {
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext(${quickScoreId}))`;
    const [existing] = await tx<
      { id: string }[]
    >`select id from runs where quick_score_id = ${quickScoreId} limit 1`;
    if (existing) return existing.id;
    const [row] = await tx<{ id: string }[]>`
      insert into runs (quick_score_id, trigger, status, total, started_at)
      values (${quickScoreId}, 'quick_score', 'RUNNING', ${total}, now()) returning id`;
    if (!row) throw new Error('insert returned no row');
    return row.id;
  });
}

export async function listRunAnswers(sql: Sql, runId: string): Promise<StoredAnswer[]> {
  return sql<StoredAnswer[]>`
    select id, prompt_text as "promptText", engine, text, citations, served_model as "servedModel",
           latency_ms as "latencyMs", error
      from answers where run_id = ${runId}`;
}

/** Stores one answer; a second delivery of the same (prompt, engine) keeps the first. */
export async function insertRunAnswer(
  sql: Sql,
  runId: string,
  answer: Omit<StoredAnswer, 'id'> & { requestedModel: string | null; usage: unknown },
): Promise<boolean> {
  const rows = await sql`
    insert into answers (run_id, prompt_text, engine, requested_model, served_model, text, citations,
                         latency_ms, usage, error)
    values (${runId}, ${answer.promptText}, ${answer.engine}, ${answer.requestedModel},
            ${answer.servedModel}, ${answer.text}, ${sql.json(answer.citations as never)},
            ${answer.latencyMs}, ${answer.usage === undefined || answer.usage === null ? null : sql.json(answer.usage as never)},
            ${answer.error})
    on conflict (run_id, prompt_text, engine) do nothing returning id`;
  return rows.length > 0;
}

export async function finishRun(
  sql: Sql,
  runId: string,
  status: 'COMPLETED' | 'FAILED',
  done: number,
  error: string | null,
): Promise<void> {
  await sql`update runs set status = ${status}, done = ${done}, finished_at = now(), error = ${error} where id = ${runId}`;
}
