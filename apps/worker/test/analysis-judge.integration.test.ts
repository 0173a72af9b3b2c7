import { closeDb, createDb, type Database } from '@lumen/db/client';
import { requestReanalysis } from '@lumen/db/repositories/reanalysis.repository';
import { loadQueryContext } from '@lumen/db/repositories/run.repository';
import { findRun } from '@lumen/db/repositories/run-query.repository';
import { brands } from '@lumen/db/schema/brands';
import { analysisRows } from '@lumen/domain/analysis/analysis-rows';
import { createAnalyzer } from '@lumen/domain/analysis/analyze-answer';
import { enqueueBrandRun } from '@lumen/jobs/brand-run';
import { enqueueReanalysis } from '@lumen/jobs/reanalyze';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type LoopbackReply,
  type LoopbackServer,
  type RecordedRequest,
  startLoopback,
} from '../../../packages/engines/test/loopback-server';
import type { RunningWorker } from '../src/worker';
import { seedBrand, startManualRun, startTestWorker, until } from './brand-run-fixtures';

// The optional judge end to end (docs/analysis.md, "The optional judge"): a brand run through
// BullMQ and Postgres whose engine answers from one loopback server and whose judge is another,
// both speaking OpenAI's chat-completions wire format.

let db: Database;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(() => {
  db = createDb(process.env.DATABASE_URL!, { max: 4 });
});

afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => {});
});

afterAll(async () => {
  if (db) await closeDb(db);
});

/** Two lower-case occurrences of "harvest": no rule finds a signal either way in them. */
const ANSWER =
  'For invoicing, we tried harvest for a week and liked the reports. ' +
  'Relaymark is an alternative. Farmers still worry about the harvest each year.';
const BRAND_SENTENCE = 'For invoicing, we tried harvest for a week and liked the reports.';
const FIRST = ANSWER.indexOf('harvest');
const SECOND = ANSWER.indexOf('harvest', FIRST + 1);

function chatCompletion(model: string, content: string) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_763_700_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 20, completion_tokens: 5, total_tokens: 25 },
  };
}

async function loopback(reply: (request: RecordedRequest) => LoopbackReply) {
  const server = await startLoopback(reply);
  cleanups.push(() => server.close());
  return server;
}

const question = (r: RecordedRequest) =>
  JSON.stringify((r.body as { messages?: unknown }).messages ?? '');

/** The judge: the sentence about invoicing is the brand, the one about farms the word. */
const judgeReply = (r: RecordedRequest): LoopbackReply => ({
  body: chatCompletion(
    'judge-model',
    question(r).includes('we tried harvest') ? '{"brand": true}' : '{"brand": false}',
  ),
});

async function setUp(
  judgeEnv: (judge: LoopbackServer) => Record<string, string>,
  reply = judgeReply,
) {
  const engine = await loopback(() => ({ body: chatCompletion('test-model', ANSWER) }));
  const judge = await loopback(reply);
  const env = {
    OPENAI_COMPATIBLE_BASE_URL: `${engine.url}/v1`,
    OPENAI_COMPATIBLE_MODEL: 'test-model',
    // The judge is OpenAI here, at its own loopback base URL (the engines' override).
    OPENAI_API_KEY: 'sk-judge-test',
    OPENAI_BASE_URL: `${judge.url}/v1`,
    ANALYSIS_JUDGE_MODEL: 'judge-model',
    ...judgeEnv(judge),
  };
  const running = await startTestWorker(env);
  cleanups.push(() => running.close());
  const brand = await seedBrand(db, {
    prompts: 1,
    engines: ['openai-compatible'],
    name: 'Harvest',
  });
  await db
    .update(brands)
    .set({ commonWord: true, domains: ['getharvest.com'] })
    .where(eq(brands.id, brand.brandId));
  return { engine, judge, running, brand, env };
}

async function runBrand(running: RunningWorker, brandId: string) {
  const runId = await startManualRun(db, brandId);
  await enqueueBrandRun(running.deps.queues, runId);
  const run = await until(
    () => findRun(db, null, runId),
    (r) => r?.status === 'COMPLETED' || r?.status === 'FAILED',
  );
  expect(run).toMatchObject({ status: 'COMPLETED', done: 1, failed: 0 });
  return runId;
}

async function reanalyse(running: RunningWorker, workspaceId: string, brandId: string) {
  const { id } = await requestReanalysis(db, workspaceId, brandId, { methodChanged: false });
  await enqueueReanalysis(running.deps.queues, id);
  await until(
    () => db.execute<{ status: string }>(sql`select status from reanalyses where id = ${id}`),
    (rows) => rows[0]?.status === 'COMPLETED' || rows[0]?.status === 'FAILED',
  );
  const [row] = await db.execute<{ status: string }>(
    sql`select status from reanalyses where id = ${id}`,
  );
  expect(row?.status).toBe('COMPLETED');
}

/** The brand's stored mention in the run's one answer: its count and spans, or null. */
async function brandMention(runId: string) {
  const rows = await db.execute<{ answer_id: string; count: number; spans: [number, number][] }>(
    sql`select a.id as answer_id, m.count, m.spans from answers a
          left join mentions m on m.answer_id = a.id and m.entity = 'brand'
         where a.run_id = ${runId}`,
  );
  expect(rows).toHaveLength(1);
  const row = rows[0]!;
  return { answerId: row.answer_id, mention: row.count === null ? null : row };
}

async function judgements(answerId: string) {
  return db.execute<{ entity_id: string; start: number; model: string; brand: boolean }>(
    sql`select entity_id, start, model, brand from analysis_judgements
         where answer_id = ${answerId} order by start`,
  );
}

/** The mention rows the deterministic rule alone gives ANSWER with the run's tracked names. */
async function deterministicMentions(runId: string, promptId: string) {
  const context = await loadQueryContext(db, runId, promptId, 'openai-compatible');
  const entities = context!.entities;
  const analysis = createAnalyzer(entities)({ text: ANSWER, citations: [] });
  return analysisRows('answer', analysis, entities, []).mentions.map(mentionShape);
}

type MentionShape = {
  entityId: string | null;
  count: number;
  rank: number | null;
  firstOffset: number;
  spans: [number, number][];
};
const mentionShape = (m: MentionShape) => ({
  entityId: m.entityId,
  count: m.count,
  rank: m.rank,
  firstOffset: m.firstOffset,
  spans: m.spans,
});

/** The mention rows stored for the run's one answer, in the same shape. */
async function storedMentions(runId: string) {
  const rows = await db.execute<{
    entity_id: string | null;
    count: number;
    rank: number | null;
    first_offset: number;
    spans: [number, number][];
  }>(sql`select m.entity_id, m.count, m.rank, m.first_offset, m.spans
           from mentions m join answers a on a.id = m.answer_id
          where a.run_id = ${runId} order by m.first_offset, m.name`);
  return rows.map((r) =>
    mentionShape({
      entityId: r.entity_id,
      count: r.count,
      rank: r.rank,
      firstOffset: r.first_offset,
      spans: r.spans,
    }),
  );
}

describe('the optional judge (ANALYSIS_JUDGE)', () => {
  it('decides the ambiguous occurrences, caches each verdict, and a re-analysis asks nothing', async () => {
    const { judge, running, brand, env } = await setUp(() => ({ ANALYSIS_JUDGE: 'openai' }));
    const runId = await runBrand(running, brand.brandId);
    // Without the judge the brand is not mentioned at all: both occurrences are lower case prose.
    const rule = await deterministicMentions(runId, brand.promptIds[0]!);
    expect(rule.map((m) => m.entityId)).not.toContain(brand.brandId);
    const { answerId, mention } = await brandMention(runId);
    // The judge said "brand" for the first occurrence and "word" for the second.
    expect(mention).toMatchObject({ count: 1, spans: [[FIRST, FIRST + 'harvest'.length]] });
    expect(judge.requests).toHaveLength(2);
    expect(judge.requests.every((r) => r.path === '/v1/chat/completions')).toBe(true);
    const asked = judge.requests.map(question);
    expect(asked.some((q) => q.includes(BRAND_SENTENCE))).toBe(true);
    // Only the brand's name and the sentence go out: not the rest of the answer, not the key.
    expect(asked.some((q) => q.includes('Relaymark'))).toBe(false);
    expect(asked.some((q) => q.includes('sk-judge-test'))).toBe(false);
    expect(await judgements(answerId)).toEqual([
      { entity_id: brand.brandId, start: FIRST, model: 'openai/judge-model', brand: true },
      { entity_id: brand.brandId, start: SECOND, model: 'openai/judge-model', brand: false },
    ]);

    // A second analysis of the same answer reads the cached verdicts: no request, same numbers.
    await reanalyse(running, brand.workspaceId, brand.brandId);
    expect(judge.requests).toHaveLength(2);
    expect((await brandMention(runId)).mention).toMatchObject({
      count: 1,
      spans: [[FIRST, FIRST + 'harvest'.length]],
    });
    expect(await judgements(answerId)).toHaveLength(2);

    // Turned off, the rule alone reads the answer again; the cached verdicts are kept, unread.
    await running.close();
    const off = await startTestWorker({ ...env, ANALYSIS_JUDGE: 'off' });
    cleanups.push(() => off.close());
    await reanalyse(off, brand.workspaceId, brand.brandId);
    expect((await brandMention(runId)).mention).toBeNull();
    expect(await storedMentions(runId)).toEqual(rule);
    expect(judge.requests).toHaveLength(2);
    expect(await judgements(answerId)).toHaveLength(2);
  });

  it('off (the default), the judge is never asked and the numbers are the deterministic rule', async () => {
    const { judge, running, brand } = await setUp(() => ({}));
    expect(running.deps.env.ANALYSIS_JUDGE).toBe('off');
    const runId = await runBrand(running, brand.brandId);
    const { answerId, mention } = await brandMention(runId);
    const rule = await deterministicMentions(runId, brand.promptIds[0]!);
    expect(mention).toBeNull();
    expect(rule.length).toBeGreaterThan(0);
    expect(await storedMentions(runId)).toEqual(rule);
    await reanalyse(running, brand.workspaceId, brand.brandId);
    expect(await storedMentions(runId)).toEqual(rule);
    expect(judge.requests).toHaveLength(0);
    expect(await judgements(answerId)).toHaveLength(0);
  });

  it('on without its provider key, nothing is asked', async () => {
    const { judge, running, brand } = await setUp(() => ({
      ANALYSIS_JUDGE: 'openai',
      OPENAI_API_KEY: '',
    }));
    const runId = await runBrand(running, brand.brandId);
    expect((await brandMention(runId)).mention).toBeNull();
    expect(judge.requests).toHaveLength(0);
  });

  it('a failing judge (5xx, then a reply out of form) leaves the rule, the run completes, and nothing is cached', async () => {
    let n = 0;
    const { judge, running, brand } = await setUp(
      () => ({ ANALYSIS_JUDGE: 'on' }),
      () =>
        n++ === 0
          ? { status: 503, body: { error: { message: 'overloaded' } } }
          : { body: chatCompletion('judge-model', 'It is probably the brand.') },
    );
    const runId = await runBrand(running, brand.brandId);
    const { answerId, mention } = await brandMention(runId);
    expect(judge.requests).toHaveLength(2);
    expect(mention).toBeNull();
    expect(await storedMentions(runId)).toEqual(
      await deterministicMentions(runId, brand.promptIds[0]!),
    );
    expect(await judgements(answerId)).toHaveLength(0);
  });
});
