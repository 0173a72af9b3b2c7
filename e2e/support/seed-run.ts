import { closeDb, createDb, type Database } from '@lumen/db/client';
import { listRunAnalyzedAnswers } from '@lumen/db/repositories/analyzed-answer.repository';
import { writeDailyRollups } from '@lumen/db/repositories/metric-snapshot.repository';
import {
  finishBrandRun,
  loadQueryContext,
  recordServedModelChanges,
  settleRunCounts,
  storeEngineAnswer,
} from '@lumen/db/repositories/run.repository';
import { analysisRows } from '@lumen/domain/analysis/analysis-rows';
import { createAnalyzer } from '@lumen/domain/analysis/analyze-answer';
import { computeMetrics } from '@lumen/domain/metrics/compute-metrics';
import { storedPlace } from '@lumen/domain/places/place';
import { publishEvent, TOPIC } from '@lumen/jobs/events';
import { createQueues, type QueueName } from '@lumen/jobs/queues';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';

// Brand runs with scripted answers, stored the way the worker stores a real one: each answer
// through `storeEngineAnswer` with the worker's analysis (mentions, ranks, citation owners), the
// run completed with its score and its day's rollups, served-model changes recorded, and the
// worker's events published so open pages follow along. Only the engines' words and the run's
// start time are the test's, so a spec can put two runs a week apart with a known difference.

export type ScriptedAnswer = {
  promptId: string;
  engine: string;
  text: string;
  citations?: { url: string; title?: string }[];
  servedModel?: string;
};

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run e2e tests through \`vitest --project e2e\``);
  return value;
}

async function withDb<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const db = createDb(env('E2E_DATABASE_URL'), { max: 2 });
  try {
    return await fn(db);
  } finally {
    await closeDb(db);
  }
}

async function publish(topics: string[]): Promise<void> {
  const redis = new Redis(env('E2E_REDIS_URL'), { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    for (const topic of topics) await publishEvent(redis, env('E2E_REDIS_PREFIX'), topic);
  } finally {
    redis.disconnect();
  }
}

/** A RUNNING run of the brand that expects `total` answers. */
export async function startSeededRun(input: {
  workspaceId: string;
  brandId: string;
  startedAt: Date;
  total: number;
}): Promise<string> {
  const at = input.startedAt.toISOString();
  const id = await withDb(async (db) => {
    const [run] = await db.execute<{ id: string }>(sql`
      insert into runs (workspace_id, brand_id, trigger, status, total, done, started_at, created_at)
      values (${input.workspaceId}, ${input.brandId}, 'manual', 'RUNNING', ${input.total}, 0,
              ${at}::timestamptz, ${at}::timestamptz)
      returning id`);
    return run!.id;
  });
  await publish([TOPIC.workspace(input.workspaceId)]);
  return id;
}

/** Stores answers of an open run, analysed as the worker does, and tells the run's followers. */
export async function storeScriptedAnswers(
  runId: string,
  answers: readonly ScriptedAnswer[],
): Promise<void> {
  await withDb(async (db) => {
    for (const a of answers) {
      const context = await loadQueryContext(db, runId, a.promptId, a.engine);
      if (!context?.promptText) throw new Error(`prompt ${a.promptId} is not the brand's`);
      const cited = a.citations ?? [];
      const analyse = createAnalyzer(context.entities, { languageHint: context.place.language });
      const stored = await storeEngineAnswer(
        db,
        runId,
        context.workspaceId,
        {
          promptId: a.promptId,
          promptText: context.promptText,
          engine: a.engine,
          requestedModel: a.engine,
          servedModel: a.servedModel ?? null,
          text: a.text,
          citations: cited,
          latencyMs: 900,
          usage: null,
          ...storedPlace(context.place),
          error: null,
        },
        (answerId) =>
          analysisRows(
            answerId,
            analyse({ text: a.text, citations: cited }),
            context.entities,
            cited,
          ),
      );
      if (stored !== 'stored') throw new Error(`answer not stored: ${stored}`);
    }
  });
  await publish([TOPIC.run(runId)]);
}

/** Completes the run as the worker's finalizer does: score, day's rollups, model changes. */
export async function completeSeededRun(runId: string): Promise<number> {
  const { score, workspaceId } = await withDb(async (db) => {
    await settleRunCounts(db, runId);
    const [run] = await db.execute<{ brandId: string; workspaceId: string }>(sql`
      select brand_id as "brandId", workspace_id as "workspaceId" from runs where id = ${runId}`);
    const metrics = computeMetrics(
      (await listRunAnalyzedAnswers(db, runId)).map((i) => ({
        analysis: i.analysis,
        engine: i.engine,
        promptId: i.promptId ?? i.id,
        branded: i.branded,
      })),
      { brandId: run!.brandId },
    );
    await db.transaction(async (tx) => {
      await finishBrandRun(tx, runId, {
        status: 'COMPLETED',
        score: metrics.score,
        metrics: metrics as unknown as Record<string, unknown>,
      });
      await writeDailyRollups(tx, runId);
      await recordServedModelChanges(tx, runId);
    });
    return { score: metrics.score, workspaceId: run!.workspaceId };
  });
  await publish([TOPIC.run(runId), TOPIC.workspace(workspaceId)]);
  return score;
}

/** A completed run started at `startedAt` with these answers; returns its id and score. */
export async function seedCompletedRun(input: {
  workspaceId: string;
  brandId: string;
  startedAt: Date;
  answers: readonly ScriptedAnswer[];
}): Promise<{ runId: string; score: number }> {
  const runId = await startSeededRun({ ...input, total: input.answers.length });
  await storeScriptedAnswers(runId, input.answers);
  return { runId, score: await completeSeededRun(runId) };
}

/** What the gap analysis would write: an open opportunity of the brand. */
export function seedOpportunity(input: {
  workspaceId: string;
  brandId: string;
  promptId: string;
  title: string;
  impact: number;
}): Promise<string> {
  return withDb(async (db) => {
    const [row] = await db.execute<{ id: string }>(sql`
      insert into opportunities (workspace_id, brand_id, prompt_id, type, title, impact, status)
      values (${input.workspaceId}, ${input.brandId}, ${input.promptId}, 'missing_mention',
              ${input.title}, ${input.impact}, 'NEW')
      returning id`);
    return row!.id;
  });
}

/** What a site audit writes for a finding (docs/site-audit.md): a TECHNICAL opportunity. */
export function seedTechnicalOpportunity(input: {
  workspaceId: string;
  brandId: string;
  title: string;
  finding: Record<string, unknown>;
}): Promise<string> {
  return withDb(async (db) => {
    const [row] = await db.execute<{ id: string }>(sql`
      insert into opportunities (workspace_id, brand_id, type, title, impact, status, evidence,
                                 finding_key)
      values (${input.workspaceId}, ${input.brandId}, 'technical', ${input.title}, 80, 'NEW',
              ${JSON.stringify({ finding: input.finding })}::jsonb, ${String(input.finding.key)})
      returning id`);
    return row!.id;
  });
}

/**
 * Holds a queue (BullMQ pause: the worker takes no new job from it) until the returned release
 * is called, so a test can see the state a job leaves behind before it runs (docs/testing.md,
 * "Hold, do not delay").
 */
export async function holdQueue(name: QueueName): Promise<() => Promise<void>> {
  const redis = new Redis(env('E2E_REDIS_URL'), { maxRetriesPerRequest: null });
  const queues = createQueues(redis, env('E2E_REDIS_PREFIX'));
  await queues[name].pause();
  return async () => {
    try {
      await queues[name].resume();
    } finally {
      await queues.close();
      redis.disconnect();
    }
  };
}

/**
 * Points a brand at a loopback site: the brand form takes host names only, the audit reads
 * `https://<first domain>` and falls back to http (docs/site-audit.md), so `127.0.0.1:port`.
 */
export function setBrandDomains(brandId: string, domains: string[]): Promise<void> {
  return withDb(async (db) => {
    await db.execute(sql`update brands set domains = ${`{${domains.join(',')}}`}::text[]
                         where id = ${brandId}`);
  });
}
