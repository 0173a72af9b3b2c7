import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmbeddedRedisHandle, startEmbeddedRedis } from '@lumen/config/embedded-redis';
import { createRedis } from '@lumen/config/redis';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { findRun } from '@lumen/db/repositories/run-query.repository';
import { loadSeedCorpus } from '@lumen/engines/corpus/load-seed-corpus';
import { enqueueBrandRun } from '@lumen/jobs/brand-run';
import { createQueues } from '@lumen/jobs/queues';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLoopback } from '../../../packages/engines/test/loopback-server';
import { type Service, startService } from '../../../scripts/test/spawn-service';
import { QUERY_STOPPED_MESSAGE } from '../src/processors/brand-run.processor';
import {
  FAST_STALLS,
  FAST_TIMING,
  LOCAL_ENGINES,
  seedBrand,
  startManualRun,
  until,
} from './brand-run-fixtures';

// Faults during a brand run, with the worker as its own process (as in production): killed with
// SIGKILL, and Redis restarted under it. Each step waits for the state it needs, never a clock.

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

async function workerProcess(env: Record<string, string> = {}): Promise<Service> {
  const service = await startService(
    'apps/worker/src/main.ts',
    { ...FAST_TIMING, ...FAST_STALLS, ...env },
    'worker ready',
  );
  cleanups.push(() => service.crash());
  return service;
}

/** Starts a run of a fresh 20 prompts × 4 local engines brand through the given Redis. */
async function startRun(redisUrl: string, prefix: string) {
  const brand = await seedBrand(db, { prompts: 20, engines: LOCAL_ENGINES });
  const connection = createRedis(redisUrl);
  const queues = createQueues(connection, prefix);
  cleanups.push(async () => {
    await queues.close();
    connection.disconnect();
  });
  const runId = await startManualRun(db, brand.brandId);
  await enqueueBrandRun(queues, runId);
  return runId;
}

const answerCount = async (runId: string) => {
  const [row] = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from answers where run_id = ${runId}`,
  );
  return row?.n ?? 0;
};

async function expectCompleteWithoutDuplicates(runId: string) {
  const run = await until(
    () => findRun(db, null, runId),
    (r) => r?.status === 'COMPLETED' || r?.status === 'FAILED',
  );
  expect(run).toMatchObject({ status: 'COMPLETED', total: 80, done: 80, failed: 0 });
  const [counts] = await db.execute<{ answers: number; distinct: number }>(
    sql`select count(*)::int as answers,
               count(distinct (prompt_id, engine))::int as distinct
          from answers where run_id = ${runId}`,
  );
  expect(counts).toEqual({ answers: 80, distinct: 80 });
  // Mentions were written once per answer too (with the answer, in its transaction).
  const [dup] = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (
          select m.answer_id, m.entity, m.name, m.first_offset from mentions m
            join answers a on a.id = m.answer_id where a.run_id = ${runId}
           group by 1, 2, 3, 4 having count(*) > 1) d`,
  );
  expect(dup?.n).toBe(0);
}

describe('brand run faults', () => {
  it('the worker killed with SIGKILL mid-run, then started again: the run completes, no duplicates', async () => {
    const first = await workerProcess();
    const runId = await startRun(process.env.REDIS_URL!, process.env.REDIS_PREFIX!);
    // Mid-run: some answers stored, most not.
    const seen = await until(
      () => answerCount(runId),
      (n) => n >= 4,
    );
    await first.crash();
    expect(seen).toBeLessThan(80);
    expect((await findRun(db, null, runId))?.status).toBe('RUNNING');

    // Its active queries stall; the next worker takes them back once their locks expire.
    await workerProcess();
    await expectCompleteWithoutDuplicates(runId);
  });

  it('Redis restarted mid-run: the run completes, no duplicates', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lumen-redis-restart-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    let redis: EmbeddedRedisHandle = await startEmbeddedRedis({ dir });
    cleanups.push(() => redis.stop());
    const port = Number(new URL(redis.url).port);
    const prefix = 'lumen-restart';
    await workerProcess({ REDIS_URL: redis.url, REDIS_PREFIX: prefix });
    const runId = await startRun(redis.url, prefix);
    await until(
      () => answerCount(runId),
      (n) => n >= 4,
    );

    // A clean restart on the same folder and port: the AOF brings every queue back.
    await redis.stop();
    const during = await answerCount(runId);
    expect(during).toBeLessThan(80);
    redis = await startEmbeddedRedis({ dir, port });

    await expectCompleteWithoutDuplicates(runId);
  });

  it('a query whose worker dies twice is failed by BullMQ; the run still completes and counts it', async () => {
    // The provider never answers, so its queries are always mid-flight when a worker is killed.
    const llm = await startLoopback(() => ({ hang: true }));
    cleanups.push(() => llm.close());
    const env = {
      OPENAI_COMPATIBLE_BASE_URL: `${llm.url}/v1`,
      OPENAI_COMPATIBLE_MODEL: 'test-model',
    };
    const brand = await seedBrand(db, {
      prompts: 2,
      engines: [LOCAL_ENGINES[0]!, 'openai-compatible'],
    });
    const first = await workerProcess(env);
    const connection = createRedis(process.env.REDIS_URL!);
    const queues = createQueues(connection, process.env.REDIS_PREFIX!);
    cleanups.push(async () => {
      await queues.close();
      connection.disconnect();
    });
    const runId = await startManualRun(db, brand.brandId);
    await enqueueBrandRun(queues, runId);

    // Both provider queries in flight, the local engine's two answers stored.
    await until(
      async () => llm.requests.length,
      (n) => n >= 2,
    );
    await until(
      () => answerCount(runId),
      (n) => n === 2,
    );
    await first.crash();
    const second = await workerProcess(env);
    await until(
      async () => llm.requests.length,
      (n) => n >= 4,
    );
    await second.crash();
    await workerProcess(env);

    const done = await until(
      () => findRun(db, null, runId),
      (r) => r?.status === 'COMPLETED' || r?.status === 'FAILED',
    );
    expect(done).toMatchObject({ status: 'COMPLETED', total: 4, done: 2, failed: 2 });
    const [stopped] = await db.execute<{ n: number; error: string }>(
      sql`select count(*)::int as n, min(error) as error from answers
           where run_id = ${runId} and engine = 'openai-compatible'`,
    );
    expect(stopped).toEqual({ n: 2, error: QUERY_STOPPED_MESSAGE });
  });
});
