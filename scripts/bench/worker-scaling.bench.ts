/**
 * One worker against two at the same total concurrency (docs/benchmarks.md, "One worker against
 * two"): the same brand run (250 prompts × 4 local engines, 1 000 `engine-query` jobs) done by one
 * worker process with the local engines' queue at concurrency 8, then by two worker processes at
 * 4 each, on the same Postgres and Redis. Prints both times and their ratio; on two cores expect
 * about 1 (the work is this machine's CPU and Postgres, not waiting). Counts are checked: every
 * query answered once, no answer lost or stored twice, the run COMPLETED with done = 1 000.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { createRedis } from '@lumen/config/redis';
import { closeDb, createDb } from '@lumen/db/client';
import { findRun } from '@lumen/db/repositories/run-query.repository';
import { enqueueBrandRun } from '@lumen/jobs/brand-run';
import { createQueues } from '@lumen/jobs/queues';
import { sql } from 'drizzle-orm';
import {
  LOCAL_ENGINES,
  seedBrand,
  startManualRun,
} from '../../apps/worker/test/brand-run-fixtures';
import { prepareDatabase } from '../lib/prepare-database';
import { provisionTestServices } from '../test/provision';
import { BENCH_ENV } from '../test/start-product';
import { machineReference } from './machine-reference';

const PROMPTS = Number(process.env.BENCH_PROMPTS ?? 250);
const TOTAL_CONCURRENCY = 8;
const QUERIES = PROMPTS * LOCAL_ENGINES.length;

const services = await provisionTestServices('bench_scale');
await prepareDatabase(services.databaseUrl);
const db = createDb(services.databaseUrl, { max: 2 });
const connection = createRedis(services.redisUrl);
const queues = createQueues(connection, services.redisPrefix);

type WorkerProcess = { child: ChildProcess; stop(): Promise<void> };

/**
 * One worker process as `npm start` runs it (node with the tsx loader, so signals reach it),
 * resolved once it prints "worker ready". (scripts/test/spawn-service.ts is for tests only: it
 * registers vitest hooks.)
 */
function startWorkerProcess(concurrency: number): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/worker/src/main.ts'], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      ...BENCH_ENV,
      DATABASE_URL: services.databaseUrl,
      REDIS_URL: services.redisUrl,
      REDIS_PREFIX: services.redisPrefix,
      ENGINE_QUEUE_LIMITS: `local:${concurrency}:0`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((ready, fail) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('worker ready')) ready({ child, stop });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => fail(new Error(`a worker exited before it was ready:\n${output}`)));
  });
}

function startWorkers(count: number): Promise<WorkerProcess[]> {
  return Promise.all(
    Array.from({ length: count }, () => startWorkerProcess(TOTAL_CONCURRENCY / count)),
  );
}

type Outcome = { ms: number; answers: number; distinct: number; done: number; failed: number };

async function measure(workers: number): Promise<Outcome> {
  const brand = await seedBrand(db, { prompts: PROMPTS, engines: LOCAL_ENGINES });
  await db.execute(sql`update workspaces set plan = 'business' where id = ${brand.workspaceId}`);
  const running = await startWorkers(workers);
  try {
    // A small run first on the same processes: JIT, prepared statements, pools.
    const warm = await seedBrand(db, { prompts: 5, engines: LOCAL_ENGINES, name: 'Warm-up' });
    await waitFor(await enqueue(warm.brandId));
    const started = performance.now();
    const runId = await enqueue(brand.brandId);
    const run = await waitFor(runId);
    const ms = performance.now() - started;
    const [counts] = await db.execute<{ answers: number; distinct: number }>(sql`
      select count(*)::int as answers,
             count(distinct (prompt_text, engine, sample))::int as distinct
        from answers where run_id = ${runId}`);
    return { ms, answers: counts!.answers, distinct: counts!.distinct, ...run };
  } finally {
    for (const w of running) await w.stop();
  }
}

async function enqueue(brandId: string): Promise<string> {
  const runId = await startManualRun(db, brandId);
  await enqueueBrandRun(queues, runId);
  return runId;
}

async function waitFor(runId: string): Promise<{ done: number; failed: number }> {
  for (;;) {
    const row = await findRun(db, null, runId);
    if (row?.status === 'COMPLETED') return { done: row.done, failed: row.failed };
    if (row?.status === 'FAILED') throw new Error(`run failed: ${row.error}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

try {
  const load = loadavg()[0]!;
  const one = await measure(1);
  const two = await measure(2);
  console.log(
    `brand run of ${PROMPTS} prompts × ${LOCAL_ENGINES.length} local personas (${QUERIES} queries), total concurrency ${TOTAL_CONCURRENCY}:`,
  );
  for (const [label, o] of [
    ['one worker (8)', one],
    ['two workers (4 + 4)', two],
  ] as const) {
    console.log(
      `  ${label}: ${(o.ms / 1000).toFixed(1)} s, ${(QUERIES / (o.ms / 1000)).toFixed(0)} answers/s; ${o.answers} answers stored (${o.distinct} distinct), done ${o.done}, failed ${o.failed}`,
    );
  }
  console.log(`  two workers ÷ one: ${(one.ms / two.ms).toFixed(2)}× the throughput`);
  const exact = (o: Outcome) =>
    o.answers === QUERIES && o.distinct === QUERIES && o.done === QUERIES && o.failed === 0;
  const pass = exact(one) && exact(two);
  console.log(
    `  every query answered once with one and with two workers (${QUERIES} answers, none lost or twice) → ${pass ? 'PASS' : 'FAIL'}`,
  );
  console.log(`load average ${load.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`);
  console.log(machineReference());
  if (!pass) process.exitCode = 1;
} finally {
  await queues.close();
  connection.disconnect();
  await closeDb(db);
  await services.teardown();
}
