import { closeDb, createDb, type Database } from '@lumen/db/client';
import { claimRun } from '@lumen/db/repositories/run.repository';
import { findRun } from '@lumen/db/repositories/run-query.repository';
import { cancelOpenRun } from '@lumen/db/repositories/run-start.repository';
import { loadSeedCorpus } from '@lumen/engines/corpus/load-seed-corpus';
import { engineQueryJobId, enqueueBrandRun, removeBrandRunJobs } from '@lumen/jobs/brand-run';
import { EngineQueryJob } from '@lumen/jobs/definitions';
import { eventChannel, TOPIC } from '@lumen/jobs/events';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type LoopbackReply,
  type LoopbackServer,
  startLoopback,
} from '../../../packages/engines/test/loopback-server';
import { NO_ANSWERS_MESSAGE } from '../src/runs/finalize-brand-run';
import type { RunningWorker } from '../src/worker';
import {
  LOCAL_ENGINES,
  seedBrand,
  startManualRun,
  startTestWorker,
  until,
} from './brand-run-fixtures';

let db: Database;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, { max: 4 });
  await loadSeedCorpus(db);
});

afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => {});
});

afterAll(async () => {
  if (db) await closeDb(db);
});

async function worker(env: Record<string, string> = {}): Promise<RunningWorker> {
  const running = await startTestWorker(env);
  cleanups.push(() => running.close());
  return running;
}

async function provider(reply: (request: { body: unknown }) => LoopbackReply) {
  const server = await startLoopback(reply);
  cleanups.push(() => server.close());
  return server;
}

const compatibleEnv = (server: LoopbackServer) => ({
  OPENAI_COMPATIBLE_BASE_URL: `${server.url}/v1`,
  OPENAI_COMPATIBLE_MODEL: 'test-model',
});

const RATE_LIMITED = {
  error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
};

/** A chat-completions answer as an OpenAI-compatible server sends it. */
function chatCompletion(model: string, content: string) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_763_700_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 20, completion_tokens: 30, total_tokens: 50 },
  };
}

async function startRun(running: RunningWorker, brandId: string) {
  const runId = await startManualRun(db, brandId);
  await enqueueBrandRun(running.deps.queues, runId);
  return runId;
}

const finished = (runId: string) =>
  until(
    () => findRun(db, null, runId),
    (run) => run?.status === 'COMPLETED' || run?.status === 'FAILED',
  );

async function answersOf(runId: string) {
  return db.execute<{ engine: string; prompt_id: string; error: string | null; n: number }>(
    sql`select engine, prompt_id, error, count(*)::int as n from answers where run_id = ${runId}
        group by engine, prompt_id, error`,
  );
}

describe('a brand run (BullMQ flow: brand-run parent, engine-query children)', () => {
  /** The activity rows written about a run (job outcomes). */
  const outcomesOf = async (runId: string) => [
    ...(await db.execute<{ kind: string; level: string; actor_type: string; brand_id: string }>(
      sql`select kind, level::text as level, actor_type::text as actor_type, brand_id
            from activity_log where subject_id = ${runId} order by created_at`,
    )),
  ];

  it('10 prompts × 4 local engines completes with 40 analysed answers, and says so', async () => {
    const running = await worker();
    const brand = await seedBrand(db, { prompts: 10, engines: LOCAL_ENGINES });
    const events = new Redis(process.env.REDIS_URL!);
    cleanups.push(async () => events.disconnect());
    const topics: string[] = [];
    const prefix = running.deps.env.REDIS_PREFIX;
    await events.psubscribe(eventChannel(prefix, '*'));
    events.on('pmessage', (_p, _c, message: string) => topics.push(JSON.parse(message).topic));

    const runId = await startRun(running, brand.brandId);
    const run = await finished(runId);

    expect(run).toMatchObject({ status: 'COMPLETED', total: 40, done: 40, failed: 0, error: null });
    expect(run?.startedAt).not.toBeNull();
    expect(run?.finishedAt).not.toBeNull();
    const rows = await answersOf(runId);
    expect(rows.reduce((n, r) => n + r.n, 0)).toBe(40);
    expect(rows.every((r) => r.n === 1 && r.error === null)).toBe(true);
    expect(new Set(rows.map((r) => r.engine))).toEqual(new Set(LOCAL_ENGINES));
    // Analysed as each answer was stored: the brand and its competitors are found and cited.
    const [counts] = await db.execute<{ brand: number; citations: number; score: number | null }>(
      sql`select (select count(*)::int from mentions m join answers a on a.id = m.answer_id
                   where a.run_id = ${runId} and m.entity = 'brand') as brand,
                 (select count(*)::int from citations c join answers a on a.id = c.answer_id
                   where a.run_id = ${runId}) as citations,
                 (select score from runs where id = ${runId}) as score`,
    );
    expect(counts?.brand).toBeGreaterThan(0);
    expect(counts?.citations).toBeGreaterThan(0);
    expect(counts?.score).toBeGreaterThanOrEqual(0);
    // The parent job finishes too (nothing left waiting for children); it ends just after the
    // row does.
    await until(
      () => running.deps.queues.visibility.getJobState(runId),
      (state) => state === 'completed',
    );
    // Subscribers were told about every stored answer, and the workspace at start and end.
    await until(
      async () => topics.filter((t) => t === TOPIC.workspace(brand.workspaceId)).length,
      (n) => n >= 2,
    );
    expect(topics.filter((t) => t === TOPIC.run(runId)).length).toBeGreaterThanOrEqual(42);
  });

  it('a second delivery of every child stores nothing new', async () => {
    // The run is RUNNING with no brand-run job until the test enqueues one: the reconciler would
    // enqueue it itself once the 80 deliveries take longer than its period (a loaded machine),
    // and that flow's children would store some answers first. It stays out of this test.
    const running = await worker({ RECONCILE_INTERVAL_MS: '600000' });
    const { queues } = running.deps;
    const brand = await seedBrand(db, { prompts: 10, engines: LOCAL_ENGINES });
    const runId = await startManualRun(db, brand.brandId);
    // Every child delivered twice at once, as BullMQ's at-least-once delivery allows.
    expect(await claimRun(db, runId, 40)).toBe(true);
    const payloads = brand.promptIds.flatMap((promptId) =>
      LOCAL_ENGINES.map((engine) => ({ runId, promptId, engine })),
    );
    const jobs = await queues['engine-local'].addBulk(
      ['first', 'second'].flatMap((delivery) =>
        payloads.map((data) => ({
          name: EngineQueryJob.name,
          data,
          opts: {
            jobId: `${delivery}-${engineQueryJobId(data.runId, data.promptId, data.engine)}`,
          },
        })),
      ),
    );
    await until(
      () => Promise.all(jobs.map((j) => j.getState())),
      (states) => states.every((s) => s === 'completed'),
    );
    const results = await Promise.all(
      jobs.map(async (j) => (await queues['engine-local'].getJob(j.id!))?.returnvalue),
    );
    expect(results.filter((r) => r.status === 'STORED')).toHaveLength(40);
    expect((await findRun(db, null, runId))?.status).toBe('RUNNING');
    expect((await answersOf(runId)).reduce((n, r) => n + r.n, 0)).toBe(40);
    const before = await db.execute<{ mentions: number; citations: number }>(
      sql`select (select count(*)::int from mentions m join answers a on a.id = m.answer_id
                   where a.run_id = ${runId}) as mentions,
                 (select count(*)::int from citations c join answers a on a.id = c.answer_id
                   where a.run_id = ${runId}) as citations`,
    );

    // Then the whole flow is delivered as well: its children find their answers stored.
    await enqueueBrandRun(queues, runId);
    expect(await finished(runId)).toMatchObject({
      status: 'COMPLETED',
      total: 40,
      done: 40,
      failed: 0,
    });
    const rows = await answersOf(runId);
    expect(rows.reduce((n, r) => n + r.n, 0)).toBe(40);
    const after = await db.execute<{ mentions: number; citations: number }>(
      sql`select (select count(*)::int from mentions m join answers a on a.id = m.answer_id
                   where a.run_id = ${runId}) as mentions,
                 (select count(*)::int from citations c join answers a on a.id = c.answer_id
                   where a.run_id = ${runId}) as citations`,
    );
    expect(after).toEqual(before);
  });

  it('one engine failing (401) leaves the run COMPLETED with its failures counted', async () => {
    const llm = await provider(() => ({
      status: 401,
      body: { error: { message: 'Invalid API key', type: 'invalid_request_error', code: null } },
    }));
    const running = await worker(compatibleEnv(llm));
    const engines = [...LOCAL_ENGINES.slice(0, 3), 'openai-compatible'];
    const brand = await seedBrand(db, { prompts: 10, engines });

    const runId = await startRun(running, brand.brandId);

    expect(await finished(runId)).toMatchObject({
      status: 'COMPLETED',
      total: 40,
      done: 30,
      failed: 10,
    });
    const rows = await answersOf(runId);
    const failed = rows.filter((r) => r.error !== null);
    expect(failed).toHaveLength(10);
    expect(failed.every((r) => r.engine === 'openai-compatible')).toBe(true);
    expect(failed[0]?.error).toMatch(/Authentication failed/);
    // An auth error is final: one call per query, no retries.
    expect(llm.requests).toHaveLength(10);
    // The workspace's activity log says the run was partial (docs/activity.md).
    expect(await outcomesOf(runId)).toEqual([
      { kind: 'run.partial', level: 'warn', actor_type: 'system', brand_id: brand.brandId },
    ]);
  });

  it('a provider failing with 503 is asked 5 times per query, then the query counts as failed', async () => {
    const llm = await provider(() => ({
      status: 503,
      body: { error: { message: 'The server is overloaded', type: 'server_error', code: null } },
    }));
    const running = await worker(compatibleEnv(llm));
    const brand = await seedBrand(db, {
      prompts: 2,
      engines: [LOCAL_ENGINES[0]!, 'openai-compatible'],
    });

    const runId = await startRun(running, brand.brandId);

    expect(await finished(runId)).toMatchObject({
      status: 'COMPLETED',
      total: 4,
      done: 2,
      failed: 2,
    });
    expect(llm.requests).toHaveLength(2 * 5);
    const failed = (await answersOf(runId)).filter((r) => r.error !== null);
    expect(failed.map((r) => r.engine)).toEqual(['openai-compatible', 'openai-compatible']);
    expect(failed[0]?.error).toMatch(/temporarily unavailable/);
  });

  it('every engine failing fails the run', async () => {
    const running = await worker();
    // Engines nobody configured: each query fails at once, for good.
    const brand = await seedBrand(db, { prompts: 3, engines: ['anthropic', 'perplexity'] });

    const runId = await startRun(running, brand.brandId);

    expect(await finished(runId)).toMatchObject({
      status: 'FAILED',
      total: 6,
      done: 0,
      failed: 6,
      error: NO_ANSWERS_MESSAGE,
    });
    expect(await outcomesOf(runId)).toEqual([
      { kind: 'run.failed', level: 'error', actor_type: 'system', brand_id: brand.brandId },
    ]);
  });

  it('a run whose job never reached Redis is enqueued by the reconciler and completes', async () => {
    const running = await worker();
    const brand = await seedBrand(db, { prompts: 2, engines: LOCAL_ENGINES.slice(0, 2) });
    // The gateway died between its commit and its enqueue.
    const runId = await startManualRun(db, brand.brandId);

    expect(await finished(runId)).toMatchObject({ status: 'COMPLETED', total: 4, done: 4 });
    await until(
      () => running.deps.queues.visibility.getJobState(runId),
      (state) => state === 'completed',
    );
  });

  it('a malformed ENGINE_QUEUE_LIMITS stops the worker at start, naming the format', async () => {
    await expect(startTestWorker({ ENGINE_QUEUE_LIMITS: 'openai:sixteen:20' })).rejects.toThrow(
      'ENGINE_QUEUE_LIMITS: "openai:sixteen:20" is not provider:concurrency:perSecond',
    );
  });

  it('a brand with nothing to ask fails its run at once, and the workspace hears it', async () => {
    const running = await worker();
    const brand = await seedBrand(db, { prompts: 1, engines: LOCAL_ENGINES });
    const events = new Redis(process.env.REDIS_URL!);
    cleanups.push(async () => events.disconnect());
    const heard: unknown[] = [];
    await events.subscribe(
      eventChannel(running.deps.env.REDIS_PREFIX, TOPIC.workspace(brand.workspaceId)),
    );
    events.on('message', (_c, message: string) => heard.push(JSON.parse(message).data));

    // Its only prompt is paused after the run started and before the worker claims it.
    const runId = await startManualRun(db, brand.brandId);
    await db.execute(sql`update prompts set active = false where brand_id = ${brand.brandId}`);
    await enqueueBrandRun(running.deps.queues, runId);

    expect(await finished(runId)).toMatchObject({
      status: 'FAILED',
      error: 'This brand has no active prompts to ask. Add a prompt and run it again.',
    });
    await until(
      async () => heard,
      (list) => list.length > 0,
    );
    expect(heard).toEqual([{ runId, status: 'FINISHED' }]);
  });

  it('a provider answering 429 delays only its own queue', async () => {
    let open = false;
    const llm = await provider(() =>
      open
        ? { body: chatCompletion('test-model', 'Try **Northwind CRM** or Relaymark.') }
        : {
            status: 429,
            headers: { 'retry-after-ms': '300' },
            body: {
              error: {
                message: 'Rate limit reached',
                type: 'requests',
                code: 'rate_limit_exceeded',
              },
            },
          },
    );
    const running = await worker(compatibleEnv(llm));
    const { queues } = running.deps;
    const brand = await seedBrand(db, {
      prompts: 10,
      engines: [...LOCAL_ENGINES, 'openai-compatible'],
    });

    const runId = await startRun(running, brand.brandId);

    // The local engines' 40 answers all land while the provider keeps refusing…
    await until(
      async () => (await answersOf(runId)).filter((r) => r.engine !== 'openai-compatible').length,
      (n) => n === 40,
    );
    expect((await answersOf(runId)).filter((r) => r.engine === 'openai-compatible')).toEqual([]);
    expect(llm.requests.length).toBeGreaterThan(0);
    // …because only the provider's queue is paused.
    await until(
      () => queues['engine-openai-compatible'].getRateLimitTtl(),
      (ttl) => ttl > 0,
    );
    expect(await queues['engine-local'].getRateLimitTtl()).toBeLessThanOrEqual(0);

    open = true;
    expect(await finished(runId)).toMatchObject({
      status: 'COMPLETED',
      total: 50,
      done: 50,
      failed: 0,
    });
    // Being told to wait used up no attempt: every query answered on its first.
    const rows = await answersOf(runId);
    expect(rows.filter((r) => r.engine === 'openai-compatible' && r.error === null)).toHaveLength(
      10,
    );
  });

  it('a cancelled run stores nothing more and its parent still ends', async () => {
    let open = false;
    const llm = await provider(() =>
      open
        ? { body: chatCompletion('test-model', 'Try **Northwind CRM**.') }
        : { status: 429, headers: { 'retry-after-ms': '200' }, body: RATE_LIMITED },
    );
    const running = await worker(compatibleEnv(llm));
    const brand = await seedBrand(db, {
      prompts: 5,
      engines: [...LOCAL_ENGINES.slice(0, 2), 'openai-compatible'],
    });
    const runId = await startRun(running, brand.brandId);
    await until(
      async () => (await answersOf(runId)).length,
      (n) => n === 10,
    );

    expect(await cancelOpenRun(db, brand.workspaceId, runId)).toBe(true);
    open = true;

    // The provider's queries now run, find the run cancelled and store nothing; the parent
    // then ends, leaving the row FAILED with the counts of what was answered before.
    await until(
      () => running.deps.queues.visibility.getJobState(runId),
      (state) => state === 'completed',
    );
    // The row's own counters (findRun counts the answers live, so it would not tell).
    const [row] = await db.execute<{ status: string; error: string; done: number; failed: number }>(
      sql`select status, error, done, failed from runs where id = ${runId}`,
    );
    expect(row).toEqual({ status: 'FAILED', error: 'Cancelled', done: 10, failed: 0 });
    expect((await answersOf(runId)).filter((r) => r.engine === 'openai-compatible')).toEqual([]);
  });

  it('removeBrandRunJobs takes a cancelled run and its waiting children out of Redis', async () => {
    const llm = await provider(() => ({
      status: 429,
      headers: { 'retry-after-ms': '200' },
      body: RATE_LIMITED,
    }));
    const running = await worker(compatibleEnv(llm));
    const { queues } = running.deps;
    const brand = await seedBrand(db, { prompts: 3, engines: ['openai-compatible'] });
    const runId = await startRun(running, brand.brandId);
    await until(
      () => queues.visibility.getJobState(runId),
      (state) => state === 'waiting-children',
    );

    expect(await cancelOpenRun(db, brand.workspaceId, runId)).toBe(true);
    // A child may be active (being refused) at this moment; it is then left to end by itself.
    await until(
      () => removeBrandRunJobs(queues, runId),
      (removed) => removed,
    );

    expect(await queues.visibility.getJob(runId)).toBeUndefined();
    const children = await queues['engine-openai-compatible'].getJobs();
    expect(children.filter((j) => j.data.runId === runId)).toEqual([]);
  });

  it('records a change of the model an engine served, once, on the run that saw it', async () => {
    let served = 'test-model-2025-01';
    const llm = await provider(() => ({ body: chatCompletion(served, 'Try **Northwind CRM**.') }));
    const running = await worker(compatibleEnv(llm));
    const brand = await seedBrand(db, { prompts: 2, engines: ['openai-compatible'] });
    const changes = () =>
      db.execute<{ run_id: string; previous_model: string; served_model: string }>(
        sql`select run_id, previous_model, served_model from served_model_changes
             where brand_id = ${brand.brandId}`,
      );

    const first = await startRun(running, brand.brandId);
    expect(await finished(first)).toMatchObject({ status: 'COMPLETED' });
    served = 'test-model-2025-06';
    const second = await startRun(running, brand.brandId);
    expect(await finished(second)).toMatchObject({ status: 'COMPLETED' });
    const third = await startRun(running, brand.brandId);
    expect(await finished(third)).toMatchObject({ status: 'COMPLETED' });

    expect([...(await changes())]).toEqual([
      { run_id: second, previous_model: 'test-model-2025-01', served_model: 'test-model-2025-06' },
    ]);
    const [answer] = await db.execute<{ requested_model: string; served_model: string }>(
      sql`select requested_model, served_model from answers where run_id = ${second} limit 1`,
    );
    expect(answer).toEqual({ requested_model: 'test-model', served_model: 'test-model-2025-06' });
  });
});

describe('samples (docs/metrics.md, "Samples")', () => {
  it('a brand with 3 samples stores 3 answers per prompt × engine, numbered, once each', async () => {
    const running = await worker();
    const brand = await seedBrand(db, { prompts: 2, engines: LOCAL_ENGINES });
    await db.execute(sql`update brands set samples = 3 where id = ${brand.brandId}`);
    const runId = await startRun(running, brand.brandId);
    const run = await finished(runId);
    expect(run).toMatchObject({ status: 'COMPLETED', total: 24, done: 24, failed: 0 });
    const rows = await db.execute<{ prompt_id: string; engine: string; samples: number[] }>(sql`
      select prompt_id, engine, array_agg(sample order by sample) as samples from answers
       where run_id = ${runId} group by prompt_id, engine`);
    expect(rows).toHaveLength(8);
    for (const row of rows) expect(row.samples).toEqual([1, 2, 3]);
  });

  it('a second delivery of a sample stores nothing more', async () => {
    const running = await worker();
    const brand = await seedBrand(db, { prompts: 1, engines: ['local-gpt'] });
    await db.execute(sql`update brands set samples = 2 where id = ${brand.brandId}`);
    const runId = await startRun(running, brand.brandId);
    await finished(runId);
    await db.execute(sql`update runs set status = 'RUNNING' where id = ${runId}`);
    const queue = running.deps.queues[EngineQueryJob.queue];
    const again = await queue.add(
      EngineQueryJob.name,
      { runId, promptId: brand.promptIds[0]!, engine: 'local-gpt', sample: 2 },
      { jobId: `again-${engineQueryJobId(runId, brand.promptIds[0]!, 'local-gpt', 2)}` },
    );
    await until(
      () => again.getState(),
      (state) => state === 'completed' || state === 'failed',
    );
    expect((await queue.getJob(again.id!))?.returnvalue).toEqual({ status: 'DUPLICATE' });
    const [count] = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from answers where run_id = ${runId}`,
    );
    expect(count?.n).toBe(2);
  });
});
