// Benchmark (docs/benchmarks.md): a quick score asks 10 prompts of 4 local personas; budget ≤ 3 s for
// the whole score. Measures the engines alone, sequentially and 40-way parallel, over 5 rounds.
// DATABASE_URL, or the embedded Postgres under $DATA_DIR.
import { machineReference } from '../../../scripts/bench/machine-reference';
import { openCorpus } from '../src/cli/open-corpus';
import { createLocalEngine } from '../src/local/local-engine';
import { PERSONAS } from '../src/local/personas';

const PROMPTS = [
  'What is the best CRM for startups?',
  'best CRM for small businesses',
  'Which CRM is best for agencies?',
  'top CRM software for enterprise sales teams',
  'Northwind CRM vs Relaymark',
  'alternatives to Relaymark',
  'how do I choose a CRM for a small team',
  'Is Pipewell good for startups?',
  'cheapest CRM with email sync',
  'CRM with a free plan for founders',
];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

const corpus = await openCorpus({ poolSize: 10 });
const engines = PERSONAS.map((p) => createLocalEngine(corpus.db, p));
const jobs = PROMPTS.flatMap((prompt) => engines.map((engine) => ({ prompt, engine })));

// Warm-up: plans, JIT.
await Promise.all(jobs.map(({ prompt, engine }) => engine.answer({ prompt })));

const sequential: number[] = [];
const parallel: number[] = [];
const perAnswer: number[] = [];
for (let round = 0; round < 5; round++) {
  let started = performance.now();
  for (const { prompt, engine } of jobs) {
    const t = performance.now();
    await engine.answer({ prompt });
    perAnswer.push(performance.now() - t);
  }
  sequential.push(performance.now() - started);
  started = performance.now();
  await Promise.all(jobs.map(({ prompt, engine }) => engine.answer({ prompt })));
  parallel.push(performance.now() - started);
}
await corpus.stop();

const ms = (v: number) => `${v.toFixed(0)} ms`;
console.log(`local engine, ${jobs.length} answers (10 prompts × ${engines.length} personas)`);
console.log(
  `  per answer:  p50 ${ms(percentile(perAnswer, 0.5))}, p95 ${ms(percentile(perAnswer, 0.95))}`,
);
console.log(`  sequential:  median ${ms(percentile(sequential, 0.5))} per quick score`);
const BUDGET_MS = 3000;
const parallelMedian = percentile(parallel, 0.5);
console.log(
  `  parallel:    median ${ms(parallelMedian)} per quick score, budget ${BUDGET_MS} ms -> ${parallelMedian <= BUDGET_MS ? 'PASS' : 'FAIL'}`,
);
console.log(machineReference());
// A missed budget fails `npm run bench` (docs/benchmarks.md), after every figure is printed.
if (parallelMedian > BUDGET_MS) process.exitCode = 1;
