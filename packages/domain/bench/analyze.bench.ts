/**
 * Answer analysis throughput on one core: ~2 KB markdown answers, 10 tracked entities.
 * Budget (docs/analysis.md, "Speed"): ≥ 20 000 answers/s. Prints the figure and PASS/FAIL, and
 * exits 1 on FAIL (after printing everything; docs/benchmarks.md).
 * The figure is answers per second of this process's CPU time (the benchmark is single-threaded),
 * so other work on a shared machine does not count against it; wall-clock is printed beside it.
 */
import { machineReference } from '../../../scripts/bench/machine-reference';
import { createAnalyzer } from '../src/analysis/analyze-answer';
import { BENCH_ANSWER, BENCH_CITATIONS, BENCH_ENTITIES } from './fixtures';

const BUDGET = 20_000;

// Vary the text so no stage can benefit from a repeated identical string.
const answers = Array.from({ length: 64 }, (_, i) => ({
  text: `${BENCH_ANSWER}\n\n_Updated answer ${i}: prices checked ${(i % 12) + 1}/2025._`,
  citations: BENCH_CITATIONS,
}));
const analyze = createAnalyzer(BENCH_ENTITIES);

function run(iterations: number): number {
  let mentions = 0;
  for (let i = 0; i < iterations; i++) {
    mentions += analyze(answers[i % answers.length]!).mentions.length;
  }
  return mentions;
}

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
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const perCpuSecond = median(rounds.map((r) => r.cpu));
const perWallSecond = median(rounds.map((r) => r.wall));

const avgBytes = Math.round(
  answers.reduce((sum, a) => sum + new TextEncoder().encode(a.text).length, 0) / answers.length,
);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(
  `analyzeAnswer: ${fmt(perCpuSecond)} answers/s of CPU time (${fmt(perWallSecond)}/s wall clock; ` +
    `median of 5 rounds, ${avgBytes} B answers, ${BENCH_ENTITIES.length} tracked entities, one core)`,
);
console.log(machineReference());
console.log(`budget: ${fmt(BUDGET)} answers/s -> ${perCpuSecond >= BUDGET ? 'PASS' : 'FAIL'}`);
if (perCpuSecond < BUDGET) process.exitCode = 1;
