import type { TrackedEntity } from '@lumen/domain/entities/types';
import { effectivePlace, type Place } from '@lumen/domain/places/place';
import type { RunStatus } from '@lumen/domain/status/run-status';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../client';
import { prompts } from '../schema/brands';
import { answers, citations, mentions, runs } from '../schema/runs';
import { type JudgementRow, saveVerdicts } from './analysis-judgement.repository';
import type { CitationValues, MentionValues } from './brand-run.repository';
import { type ChargeOutcome, chargeAnswer } from './budget.repository';
import { listOpenRows, type OpenRow } from './open-rows';

// The worker's side of brand runs (docs/jobs.md, "Brand runs"): claim, store each engine's
// answer with its analysis, settle, finish. Every run starts with `startBrandRun`
// (run-start.repository.ts) and is read as a `RunRow` with `findRun` (run-query.repository.ts).

const OPEN = ['QUEUED', 'RUNNING'] as const;

/** What a run asks: the brand's active prompts × its engines × the run's samples. */
export async function listRunPlan(
  db: Tx,
  runId: string,
): Promise<{ engines: string[]; promptIds: string[]; samples: number }> {
  // A targeted run (docs/closed-loop.md) asks only its own prompts, those still active.
  const rows = await db.execute<{
    engines: string[];
    prompt_ids: string[] | null;
    samples: number;
  }>(sql`
    select b.engines, r.samples,
           (select array_agg(p.id order by p.created_at, p.id) from prompts p
             where p.brand_id = b.id and p.active
               and (r.prompt_ids is null or p.id = any(r.prompt_ids))) as prompt_ids
      from runs r join brands b on b.id = r.brand_id
     where r.id = ${runId}`);
  const row = rows[0];
  return {
    engines: row?.engines ?? [],
    promptIds: row?.prompt_ids ?? [],
    samples: row?.samples ?? 1,
  };
}

/**
 * QUEUED → RUNNING with the number of queries planned; a second delivery (already RUNNING)
 * refreshes the total. False when the run is over (cancelled, failed by the reconciler).
 */
export async function claimRun(db: Tx, runId: string, total: number): Promise<boolean> {
  const rows = await db
    .update(runs)
    .set({ status: 'RUNNING', total, startedAt: sql`coalesce(${runs.startedAt}, now())` })
    .where(and(eq(runs.id, runId), inArray(runs.status, [...OPEN])))
    .returning({ id: runs.id });
  return rows.length > 0;
}

export type QueryContext = {
  status: RunStatus;
  workspaceId: string;
  brandId: string;
  /** Null when the prompt was deleted since the run started. */
  promptText: string | null;
  /** This sample of this engine's answer to this prompt is stored already (a second delivery). */
  answered: boolean;
  entities: TrackedEntity[];
  /**
   * Where the prompt is asked for: its own country and language, else its brand's
   * (`effectivePlace`). The language is the analyzer's hint for answers too short to tell
   * their own; engines that take a location get the country (an ISO code, or null).
   */
  place: Place;
};

/**
 * Everything one engine query needs, in one round trip: the run, the prompt, whether it was
 * answered already, the tracked entities.
 */
export async function loadQueryContext(
  db: Tx,
  runId: string,
  promptId: string,
  engine: string,
  sample = 1,
): Promise<QueryContext | null> {
  const rows = await db.execute<{
    status: RunStatus;
    workspace_id: string;
    brand_id: string;
    prompt_text: string | null;
    answered: boolean;
    brand: TrackedEntity;
    competitors: TrackedEntity[];
    language: string;
    country: string | null;
    prompt_country: string | null;
    prompt_language: string | null;
  }>(sql`
    select r.status, r.workspace_id, r.brand_id, b.language, b.country,
           p.text as prompt_text, p.country as prompt_country, p.language as prompt_language,
           exists(select 1 from answers a join prompts p on p.id = ${promptId}
                   where a.run_id = r.id and a.prompt_text = p.text and a.engine = ${engine}
                     and a.sample = ${sample})
             as answered,
           json_build_object('id', b.id, 'kind', 'brand', 'name', b.name,
                             'aliases', b.aliases, 'domains', b.domains,
                             'commonWord', b.common_word) as brand,
           coalesce((select json_agg(json_build_object('id', c.id, 'kind', 'competitor',
                                     'name', c.name, 'aliases', c.aliases, 'domains', c.domains,
                                     'commonWord', c.common_word)
                                     order by c.created_at, c.id)
                       from competitors c where c.brand_id = r.brand_id), '[]'::json)
             as competitors
      from runs r join brands b on b.id = r.brand_id
      left join prompts p on p.id = ${promptId} and p.brand_id = r.brand_id
     where r.id = ${runId}`);
  const row = rows[0];
  if (!row) return null;
  return {
    status: row.status,
    workspaceId: row.workspace_id,
    brandId: row.brand_id,
    promptText: row.prompt_text,
    answered: row.answered,
    entities: [row.brand, ...row.competitors],
    place: effectivePlace(
      { country: row.prompt_country, language: row.prompt_language },
      { country: row.country, language: row.language },
    ),
  };
}

export type EngineAnswerValues = {
  promptId: string;
  promptText: string;
  engine: string;
  /** Which of the run's samples of this prompt × engine; 1 when omitted. */
  sample?: number;
  requestedModel: string | null;
  servedModel: string | null;
  text: string | null;
  citations: { url: string; title?: string }[];
  latencyMs: number | null;
  usage: { inputTokens?: number; outputTokens?: number; searchCalls?: number } | null;
  /** US dollars by the price table; 0 for the local engines, null when unknown or failed. */
  costUsd?: number | null;
  /** An answer page showed no AI answer: empty text, counted as mentioning no one. */
  noOverview?: boolean;
  /** Where it was asked for: an ISO country code (or null) and a primary language subtag. */
  country?: string | null;
  language?: string | null;
  /** Set when the engine gave up on this query: the answer row then counts as failed. */
  error: string | null;
};

/**
 * One engine's answer to one prompt with its mentions and citations, in one transaction.
 * Returns 'stored', 'duplicate' (a second delivery: the unique (run, prompt, engine, sample) answer
 * exists, nothing is written) or 'closed' (the run is no longer RUNNING, e.g. cancelled: nothing
 * is written).
 *
 * The run row is read FOR SHARE, not updated: the queries of a run share that lock without
 * waiting for each other's commits (counting each answer on the row serialised them, one WAL
 * flush at a time), while a cancel waits for the answers in flight and every later one sees it.
 * `done`/`failed` are therefore counted from the answers: live by the API, on the row by
 * `settleRunCounts` when the run ends.
 */
export async function storeEngineAnswer(
  db: Database,
  runId: string,
  workspaceId: string,
  answer: EngineAnswerValues,
  analyse: (answerId: string) => {
    mentions: MentionValues[];
    citations: CitationValues[];
    /** The judge's verdicts the analysis used, cached with it (docs/analysis.md). */
    judgements?: JudgementRow[];
  },
  /**
   * A paid answer's charge against the month's budget, in the same transaction (its hold is
   * released, its cost added; docs/engines.md, "Budget"). `onCharged` hears the thresholds due.
   */
  charge?: { key: string; month: string; onCharged: (outcome: ChargeOutcome) => void },
): Promise<'stored' | 'duplicate' | 'closed'> {
  return db.transaction(async (tx) => {
    const [run] = await tx
      .select({ status: runs.status })
      .from(runs)
      .where(eq(runs.id, runId))
      .for('share');
    if (run?.status !== 'RUNNING') return 'closed' as const;
    const [row] = await tx
      .insert(answers)
      .values({ ...answer, runId, workspaceId })
      .onConflictDoNothing({
        target: [answers.runId, answers.promptText, answers.engine, answers.sample],
      })
      .returning({ id: answers.id });
    if (!row) return 'duplicate' as const;
    const rows = answer.error === null ? analyse(row.id) : { mentions: [], citations: [] };
    if (rows.mentions.length > 0) {
      await tx.insert(mentions).values(rows.mentions.map((m) => ({ ...m, workspaceId })));
    }
    if (rows.citations.length > 0) {
      await tx.insert(citations).values(rows.citations.map((c) => ({ ...c, workspaceId })));
    }
    if (rows.judgements) await saveVerdicts(tx, rows.judgements);
    if (charge) {
      charge.onCharged(
        await chargeAnswer(tx, {
          workspaceId,
          key: charge.key,
          month: charge.month,
          costUsd: answer.error === null ? (answer.costUsd ?? null) : null,
        }),
      );
    }
    return 'stored' as const;
  });
}

/** The texts of prompts by id (for queries that failed before they stored anything). */
export async function promptTexts(
  db: Tx,
  promptIds: readonly string[],
): Promise<Map<string, string>> {
  if (promptIds.length === 0) return new Map();
  const rows = await db
    .select({ id: prompts.id, text: prompts.text })
    .from(prompts)
    .where(inArray(prompts.id, [...promptIds]));
  return new Map(rows.map((r) => [r.id, r.text]));
}

/**
 * Writes the run's counters from its stored answers once its queries are done: done (answered)
 * and failed (gave up). A RUNNING run about to finish also gets total = done + failed (a prompt
 * deleted during the run asked nothing); a run that ended early (cancelled, failed by the
 * reconciler) keeps its planned total. A completed run is not touched.
 */
export async function settleRunCounts(
  db: Tx,
  runId: string,
): Promise<{ total: number; done: number; failed: number } | null> {
  const rows = await db.execute<{ total: number; done: number; failed: number }>(sql`
    update runs r
       set done = c.done, failed = c.failed,
           total = case when r.status = 'RUNNING' then c.done + c.failed else r.total end
      from (select count(*) filter (where error is null)::int as done,
                   count(*) filter (where error is not null)::int as failed
              from answers where run_id = ${runId}) c
     where r.id = ${runId} and r.status in ('RUNNING', 'FAILED')
    returning r.total, r.done, r.failed`);
  return rows[0] ?? null;
}

/** RUNNING → COMPLETED or FAILED, with the headline numbers; false when it was over already. */
export async function finishBrandRun(
  db: Tx,
  runId: string,
  outcome:
    | {
        status: 'COMPLETED';
        score: number | null;
        metrics: Record<string, unknown> | null;
        /** Why some answers are missing (the monthly budget stopped them); null otherwise. */
        notice?: string | null;
      }
    | { status: 'FAILED'; error: string },
): Promise<boolean> {
  const rows = await db
    .update(runs)
    .set(
      outcome.status === 'COMPLETED'
        ? {
            status: 'COMPLETED',
            score: outcome.score,
            metrics: outcome.metrics,
            error: outcome.notice ?? null,
            finishedAt: sql`now()`,
          }
        : { status: 'FAILED', error: outcome.error, finishedAt: sql`now()` },
    )
    .where(and(eq(runs.id, runId), eq(runs.status, 'RUNNING')))
    .returning({ id: runs.id });
  return rows.length > 0;
}

/** QUEUED/RUNNING → FAILED with a message safe to show; false when it was already final. */
export async function failRun(db: Tx, runId: string, message: string): Promise<boolean> {
  const rows = await db
    .update(runs)
    .set({ status: 'FAILED', error: message, finishedAt: sql`now()` })
    .where(
      and(eq(runs.id, runId), inArray(runs.status, [...OPEN]), sql`${runs.brandId} is not null`),
    )
    .returning({ id: runs.id });
  return rows.length > 0;
}

/** Unfinished brand runs created before `before`, oldest first (for the reconciler). */
export function listOpenRuns(db: Tx, before: Date, limit: number): Promise<OpenRow[]> {
  // Quick checks have their own row (quick_scores); a brand run always has its brand.
  return listOpenRows(db, runs, before, limit, sql`brand_id is not null`);
}

/**
 * Records, per engine, a served model that differs from the one the brand's previous run got
 * from that engine (the most common one in each run). Returns the changes it recorded; a second
 * call for the same run records nothing new.
 */
export async function recordServedModelChanges(
  db: Tx,
  runId: string,
): Promise<{ engine: string; previousModel: string; servedModel: string }[]> {
  const rows = await db.execute<{ engine: string; previousModel: string; servedModel: string }>(
    sql`
    insert into served_model_changes
           (workspace_id, brand_id, engine, previous_model, served_model, run_id)
    select r.workspace_id, r.brand_id, cur.engine, prev.model, cur.model, r.id
      from runs r
      cross join lateral (
        select a.engine, mode() within group (order by a.served_model) as model
          from answers a where a.run_id = r.id and a.served_model is not null
         group by a.engine) cur
      cross join lateral (
        select a.served_model as model
          from runs p join answers a on a.run_id = p.id
         where p.brand_id = r.brand_id and p.id <> r.id and p.created_at < r.created_at
           and a.engine = cur.engine and a.served_model is not null
         order by p.created_at desc
         limit 1) prev
     where r.id = ${runId} and r.brand_id is not null and prev.model <> cur.model
    on conflict (run_id, engine) do nothing
    returning engine, previous_model as "previousModel", served_model as "servedModel"`,
  );
  return [...rows];
}
