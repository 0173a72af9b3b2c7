import type { RunStatus } from '@lumen/domain/status/run-status';
import { and, desc, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { quickScores } from '../schema/quick-scores';
import { answers, runs } from '../schema/runs';
import { listOpenRows, type OpenRow } from './open-rows';

// Guest quick checks belong to no workspace: ids are unguessable UUIDs and rows expire. Every
// query fits Drizzle's builder; the advisory locks are the only raw statements.

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
  status: RunStatus;
  progress: number;
  state: QuickScoreState;
  result: Record<string, unknown> | null;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  expiresAt: Date;
};

const COLUMNS = {
  id: quickScores.id,
  brandName: quickScores.brandName,
  domain: quickScores.domain,
  industry: quickScores.industry,
  country: quickScores.country,
  competitors: quickScores.competitors,
  status: quickScores.status,
  progress: quickScores.progress,
  state: sql<QuickScoreState>`${quickScores.state}`,
  result: quickScores.result,
  error: quickScores.error,
  createdAt: quickScores.createdAt,
  startedAt: quickScores.startedAt,
  completedAt: quickScores.completedAt,
  expiresAt: quickScores.expiresAt,
};

export async function findQuickScore(db: Tx, id: string): Promise<QuickScoreRow | null> {
  const [row] = await db.select(COLUMNS).from(quickScores).where(eq(quickScores.id, id));
  return row ?? null;
}

/**
 * This requester's own check of the same brand and domain within the window, unless it failed or
 * expired. Keyed by the address hash too: another visitor never gets this row, its inputs or its
 * competitors back.
 */
export async function findRecentQuickScore(
  db: Tx,
  requester: { ipHash: string; brandName: string; domain: string },
  since: Date,
): Promise<QuickScoreRow | null> {
  const [row] = await db
    .select(COLUMNS)
    .from(quickScores)
    .where(
      and(
        eq(quickScores.ipHash, requester.ipHash),
        sql`lower(${quickScores.brandName}) = lower(${requester.brandName})`,
        eq(quickScores.domain, requester.domain),
        gte(quickScores.createdAt, since),
        ne(quickScores.status, 'FAILED'),
        sql`${quickScores.expiresAt} > now()`,
      ),
    )
    .orderBy(desc(quickScores.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Serialises, until the transaction ends, every request from one address: the rate-limit count
 * and the insert that follows cannot be raced. Call it inside `db.transaction`.
 */
/**
 * Tries the address's transaction-scoped advisory lock without waiting, so a burst from one
 * address pauses outside the pool instead of holding its connections.
 */
export async function tryLockQuickScoreAddress(tx: Tx, ipHash: string): Promise<boolean> {
  const [row] = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(hashtext(${ipHash})) as locked`,
  );
  return row?.locked === true;
}

export async function countQuickScoresByAddress(
  db: Tx,
  ipHash: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldest: sql<Date | null>`min(${quickScores.createdAt})`.mapWith(quickScores.createdAt),
    })
    .from(quickScores)
    .where(and(eq(quickScores.ipHash, ipHash), gte(quickScores.createdAt, since)));
  return row ?? { count: 0, oldest: null };
}

export async function insertQuickScore(
  db: Tx,
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
  const [row] = await db.insert(quickScores).values(input).returning(COLUMNS);
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** QUEUED → RUNNING; returns false when the row has moved on (a second delivery). */
export async function markQuickScoreRunning(
  db: Tx,
  id: string,
  state: QuickScoreState,
): Promise<boolean> {
  const rows = await db
    .update(quickScores)
    .set({
      status: 'RUNNING',
      startedAt: sql`coalesce(${quickScores.startedAt}, now())`,
      state,
    })
    .where(and(eq(quickScores.id, id), inArray(quickScores.status, ['QUEUED', 'RUNNING'])))
    .returning({ id: quickScores.id });
  return rows.length > 0;
}

export async function updateQuickScoreProgress(
  db: Tx,
  id: string,
  progress: number,
  state: QuickScoreState,
): Promise<void> {
  await db
    .update(quickScores)
    .set({ progress: sql`greatest(${quickScores.progress}, ${progress})`, state })
    .where(and(eq(quickScores.id, id), eq(quickScores.status, 'RUNNING')));
}

export async function completeQuickScore(
  db: Tx,
  id: string,
  result: Record<string, unknown>,
  state: QuickScoreState,
): Promise<void> {
  await db
    .update(quickScores)
    .set({
      status: 'COMPLETED',
      progress: 100,
      result,
      state,
      completedAt: sql`now()`,
      error: null,
    })
    .where(and(eq(quickScores.id, id), eq(quickScores.status, 'RUNNING')));
}

/**
 * The keyed hash of the requester's address: the worker turns it into the guest's analytics id
 * (never sent as is). Kept out of QuickScoreRow so that no resolver can expose it.
 */
export async function findQuickScoreRequester(db: Tx, id: string): Promise<string | null> {
  const [row] = await db
    .select({ ipHash: quickScores.ipHash })
    .from(quickScores)
    .where(eq(quickScores.id, id));
  return row?.ipHash ?? null;
}

/** QUEUED/RUNNING → FAILED; false when the row had already finished (or does not exist). */
export async function failQuickScore(db: Tx, id: string, message: string): Promise<boolean> {
  const rows = await db
    .update(quickScores)
    .set({ status: 'FAILED', error: message, completedAt: sql`now()` })
    .where(and(eq(quickScores.id, id), inArray(quickScores.status, ['QUEUED', 'RUNNING'])))
    .returning({ id: quickScores.id });
  return rows.length > 0;
}

/** Unfinished checks created before `before`, oldest first: what the reconciler inspects. */
export function listOpenQuickScores(db: Tx, before: Date, limit: number): Promise<OpenRow[]> {
  return listOpenRows(db, quickScores, before, limit);
}

/** Expired checks keep only what the page needs to say so; answers and results are removed. */
export async function expireQuickScores(db: Tx): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = tx
      .select({ id: quickScores.id })
      .from(quickScores)
      .where(lt(quickScores.expiresAt, sql`now()`));
    await tx.delete(runs).where(inArray(runs.quickScoreId, expired));
    const rows = await tx
      .update(quickScores)
      .set({ result: null, state: {} })
      .where(
        and(
          lt(quickScores.expiresAt, sql`now()`),
          or(sql`${quickScores.result} is not null`, sql`${quickScores.state} <> '{}'::jsonb`),
        ),
      )
      .returning({ id: quickScores.id });
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
  db: Tx,
  quickScoreId: string,
  total: number,
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${quickScoreId}))`);
    const [existing] = await tx
      .select({ id: runs.id })
      .from(runs)
      .where(eq(runs.quickScoreId, quickScoreId))
      .limit(1);
    if (existing) return existing.id;
    const [row] = await tx
      .insert(runs)
      .values({
        quickScoreId,
        trigger: 'quick_score',
        status: 'RUNNING',
        total,
        startedAt: sql`now()`,
      })
      .returning({ id: runs.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  });
}

export async function listRunAnswers(db: Tx, runId: string): Promise<StoredAnswer[]> {
  return db
    .select({
      id: answers.id,
      promptText: answers.promptText,
      engine: answers.engine,
      text: answers.text,
      citations: answers.citations,
      servedModel: answers.servedModel,
      latencyMs: answers.latencyMs,
      error: answers.error,
    })
    .from(answers)
    .where(eq(answers.runId, runId));
}

type NewRunAnswer = Omit<StoredAnswer, 'id'> & {
  requestedModel: string | null;
  usage: { inputTokens?: number; outputTokens?: number } | null | undefined;
};

/**
 * Stores answers in one statement; a second delivery of the same (prompt, engine) keeps the
 * first. One round trip for every answer that landed while the previous write was in flight
 * (collect-answers.ts), instead of one per answer.
 */
export async function insertRunAnswers(
  db: Tx,
  runId: string,
  rows: readonly NewRunAnswer[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(answers)
    .values(
      rows.map((answer) => ({
        runId,
        promptText: answer.promptText,
        engine: answer.engine,
        requestedModel: answer.requestedModel,
        servedModel: answer.servedModel,
        text: answer.text,
        citations: answer.citations,
        latencyMs: answer.latencyMs,
        usage: answer.usage ?? null,
        error: answer.error,
      })),
    )
    .onConflictDoNothing({
      target: [answers.runId, answers.promptText, answers.engine, answers.sample],
    });
}

export async function finishRun(
  db: Tx,
  runId: string,
  status: 'COMPLETED' | 'FAILED',
  done: number,
  error: string | null,
): Promise<void> {
  await db
    .update(runs)
    .set({ status, done, finishedAt: sql`now()`, error })
    .where(eq(runs.id, runId));
}
