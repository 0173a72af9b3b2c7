/**
 * Budget (docs/benchmarks.md): a brand run of 50 prompts × 4 local engines (200 engine queries
 * as one BullMQ flow) takes ≤ 5 s from enqueue to COMPLETED, on the real worker in-process
 * against fresh services; also prints answers stored per second. Several runs one after another,
 * after a warm-up run.
 */
import { closeDb, createDb } from '@lumen/db/client';
import { findRun } from '@lumen/db/repositories/run-query.repository';
import { enqueueBrandRun } from '@lumen/jobs/brand-run';
import {
  LOCAL_ENGINES,
  seedBrand,
  startManualRun,
} from '../../apps/worker/test/brand-run-fixtures';
import { BENCH_ENV, startTestProduct } from '../test/start-product';
import { machineReference } from './machine-reference';

const BUDGET_MS = 5000;
const PROMPTS = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 4);

const product = await startTestProduct({ label: 'bench', env: BENCH_ENV, webDist: null });
const { queues } = product.worker.deps;
const db = createDb(product.worker.deps.env.DATABASE_URL!, { max: 2 });

async function once(): Promise<{ ms: number; answers: number }> {
  // A fresh brand per run, as when many brands are measured one after another.
  const brand = await seedBrand(db, { prompts: PROMPTS, engines: LOCAL_ENGINES });
  const started = performance.now();
  const runId = await startManualRun(db, brand.brandId);
  await enqueueBrandRun(queues, runId);
  // The row is the truth; poll it tightly (subscriptions add nothing to what is measured).
  for (;;) {
    const row = await findRun(db, null, runId);
    if (row?.status === 'COMPLETED') return { ms: performance.now() - started, answers: row.done };
    if (row?.status === 'FAILED') throw new Error(`run failed: ${row.error}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

try {
  await once(); // warm-up: JIT, prepared statements, connection pools
  const results: { ms: number; answers: number }[] = [];
  for (let i = 0; i < RUNS; i++) results.push(await once());
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const worst = times.at(-1)!;
  const rate =
    results.reduce((n, r) => n + r.answers, 0) / (results.reduce((n, r) => n + r.ms, 0) / 1000);
  console.log(
    `brand run (local engine, ${PROMPTS} prompts × ${LOCAL_ENGINES.length} personas), ${RUNS} runs:`,
  );
  console.log(
    `  answers stored: ${rate.toFixed(0)} per second (analysed, with mentions and citations)`,
  );
  console.log(
    `  enqueue → COMPLETED median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms, budget ${BUDGET_MS} ms → ${worst <= BUDGET_MS ? 'PASS' : 'FAIL'}`,
  );
  console.log(machineReference());
  if (worst > BUDGET_MS) process.exitCode = 1;
} finally {
  await closeDb(db);
  await product.stop();
}
