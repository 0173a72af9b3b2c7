/**
 * A brand run of 1 000 prompts × 4 local engines (4 000 `engine-query` children of one BullMQ
 * flow), enqueue to COMPLETED, on the real worker in-process against fresh services
 * (docs/benchmarks.md). Budget ≤ 60 s on two cores, memory flat: the resident set is printed at
 * the start, its peak (sampled every 100 ms) and at the end.
 */
import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { closeDb, createDb } from '@lumen/db/client';
import { findRun } from '@lumen/db/repositories/run-query.repository';
import { workspaces } from '@lumen/db/schema/tenancy';
import { enqueueBrandRun } from '@lumen/jobs/brand-run';
import { eq } from 'drizzle-orm';
import {
  LOCAL_ENGINES,
  seedBrand,
  startManualRun,
} from '../../apps/worker/test/brand-run-fixtures';
import { BENCH_ENV, startTestProduct } from '../test/start-product';
import { machineReference } from './machine-reference';

const BUDGET_MS = 60_000;
const PROMPTS = Number(process.env.BENCH_PROMPTS ?? 1000);

const product = await startTestProduct({ label: 'bench', env: BENCH_ENV, webDist: null });
const { queues } = product.worker.deps;
const db = createDb(product.databaseUrl, { max: 2 });
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
// A forced collection before reading the heap, so that retained objects are told apart from
// pages V8 keeps after collecting (the resident set alone cannot).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapAfterGc = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

async function run(prompts: number): Promise<{ ms: number; done: number; failed: number }> {
  const brand = await seedBrand(db, { prompts, engines: LOCAL_ENGINES });
  // Local answers are free, but the run is checked against the plan's prompt and answer limits.
  await db.update(workspaces).set({ plan: 'business' }).where(eq(workspaces.id, brand.workspaceId));
  const started = performance.now();
  const runId = await startManualRun(db, brand.brandId);
  await enqueueBrandRun(queues, runId);
  for (;;) {
    const row = await findRun(db, null, runId);
    if (row?.status === 'COMPLETED')
      return { ms: performance.now() - started, done: row.done, failed: row.failed };
    if (row?.status === 'FAILED') throw new Error(`run failed: ${row.error}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

try {
  await run(20); // warm-up: JIT, prepared statements, connection pools
  const heapStart = heapAfterGc();
  const rssStart = process.memoryUsage().rss;
  let rssPeak = rssStart;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 100);
  const load = loadavg()[0]!;
  const cpu = process.cpuUsage();
  const result = await run(PROMPTS).finally(() => clearInterval(sampler));
  const used = process.cpuUsage(cpu);
  const rssEnd = process.memoryUsage().rss;
  const heapEnd = heapAfterGc();
  const answers = PROMPTS * LOCAL_ENGINES.length;
  console.log(`brand run (local engine, ${PROMPTS} prompts × ${LOCAL_ENGINES.length} personas):`);
  console.log(
    `  ${result.done} answers stored, ${result.failed} failed, ${(answers / (result.ms / 1000)).toFixed(0)} per second; worker used ${((used.user + used.system) / 1e6).toFixed(1)} s of CPU (${((used.user + used.system) / 1e3 / result.ms).toFixed(2)} cores)`,
  );
  console.log(
    `  resident memory: start ${mb(rssStart)}, peak ${mb(rssPeak)}, end ${mb(rssEnd)} (peak − start ${mb(rssPeak - rssStart)})`,
  );
  console.log(
    `  heap in use after a full collection: start ${mb(heapStart)}, end ${mb(heapEnd)} (end − start ${mb(heapEnd - heapStart)})`,
  );
  // The budget is for 1 000 prompts; a smaller BENCH_PROMPTS prints its figures but fails it.
  const pass = result.ms <= BUDGET_MS && result.done === answers && PROMPTS >= 1000;
  console.log(
    `  enqueue → COMPLETED ${(result.ms / 1000).toFixed(1)} s, budget ${BUDGET_MS / 1000} s at 1 000 prompts → ${pass ? 'PASS' : 'FAIL'}`,
  );
  console.log(`load average ${load.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`);
  console.log(machineReference());
  if (!pass) process.exitCode = 1;
} finally {
  await closeDb(db);
  await product.stop();
}
