/**
 * Answer analysis throughput on one core: ~2 KB markdown answers, 10 tracked entities, and
 * ~900-character answers with brands that are everyday words.
 * Budgets (docs/analysis.md, "Speed"): ≥ 20 000 and ≥ 8 000 answers/s. Prints the figures and
 * PASS/FAIL, and exits 1 on FAIL (after printing everything; docs/benchmarks.md).
 * The figure is answers per second of this process's CPU time (the benchmark is single-threaded),
 * so other work on a shared machine does not count against it; wall-clock is printed beside it.
 */
import { machineReference } from '../../../scripts/bench/machine-reference';
import { createAnalyzer } from '../src/analysis/analyze-answer';
import type { AnswerInput, Citation, TrackedEntity } from '../src/entities/types';
import {
  BENCH_ANSWER,
  BENCH_CITATIONS,
  BENCH_ENTITIES,
  SHORT_BENCH_ANSWER,
  SHORT_BENCH_ENTITIES,
} from './fixtures';

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Measures one shape of answer and prints its figure and budget line; false on FAIL. */
function measure(
  label: string,
  base: string,
  citations: Citation[],
  entities: TrackedEntity[],
  budget: number,
): boolean {
  // Vary the text so no stage can benefit from a repeated identical string.
  const answers: AnswerInput[] = Array.from({ length: 64 }, (_, i) => ({
    text: `${base}\n\n_Updated answer ${i}: prices checked ${(i % 12) + 1}/2025._`,
    citations,
  }));
  const analyze = createAnalyzer(entities);
  const run = (iterations: number) => {
    let mentions = 0;
    for (let i = 0; i < iterations; i++) {
      mentions += analyze(answers[i % answers.length]!).mentions.length;
    }
    return mentions;
  };
  run(5_000); // warm-up: let the JIT settle
  const rounds: { cpu: number; wall: number }[] = [];
  for (let r = 0; r < 5; r++) {
    const iterations = 20_000;
    const cpuStart = process.cpuUsage();
    const wallStart = performance.now();
    run(iterations);
    const wall = (performance.now() - wallStart) / 1000;
    const used = process.cpuUsage(cpuStart);
    const cpu = (used.user + used.system) / 1e6;
    rounds.push({ cpu: iterations / cpu, wall: iterations / wall });
  }
  const perCpuSecond = median(rounds.map((r) => r.cpu));
  const perWallSecond = median(rounds.map((r) => r.wall));
  const avg = Math.round(answers.reduce((sum, a) => sum + a.text.length, 0) / answers.length);
  console.log(
    `analyzeAnswer (${label}): ${fmt(perCpuSecond)} answers/s of CPU time (${fmt(perWallSecond)}/s wall clock; ` +
      `median of 5 rounds, ${avg}-character answers, ${entities.length} tracked entities, one core)`,
  );
  const pass = perCpuSecond >= budget;
  console.log(`budget (${label}): ${fmt(budget)} answers/s -> ${pass ? 'PASS' : 'FAIL'}`);
  return pass;
}

const long = measure('2 KB', BENCH_ANSWER, BENCH_CITATIONS, BENCH_ENTITIES, 20_000);
const short = measure(
  '900 chars, everyday-word brands',
  SHORT_BENCH_ANSWER,
  [],
  SHORT_BENCH_ENTITIES,
  8_000,
);
console.log(machineReference());
if (!long || !short) process.exitCode = 1;
