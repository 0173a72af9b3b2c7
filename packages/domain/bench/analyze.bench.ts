/**
 * Answer analysis throughput on one core: ~2 KB markdown answers, 10 tracked entities.
 * Budget (DESIGN §10): ≥ 20 000 answers/s. Prints the figure and PASS/FAIL; never fails the run.
 */
import { createAnalyzer } from '../src/analysis/analyze-answer';
import { BENCH_ANSWER, BENCH_CITATIONS, BENCH_ENTITIES } from './fixtures';

const BUDGET = 20_000;

// Vary the text so no stage can benefit from a repeated identical string.
const answers = Array.from({ length: 64 }, (_, i) => ({
  text: `${BENCH_ANSWER}\n\n_Updated answer ${i}: prices checked ${i % 12 + 1}/2025._`,
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
const rounds: number[] = [];
for (let r = 0; r < 5; r++) {
  const iterations = 20_000;
  const started = performance.now();
  run(iterations);
  const seconds = (performance.now() - started) / 1000;
  rounds.push(iterations / seconds);
}
rounds.sort((a, b) => a - b);
const median = rounds[Math.floor(rounds.length / 2)]!;
const avgBytes = Math.round(
  answers.reduce((sum, a) => sum + new TextEncoder().encode(a.text).length, 0) / answers.length,
);
console.log(
  `analyzeAnswer: ${Math.round(median).toLocaleString('en-US')} answers/s ` +
    `(median of 5 rounds, ${avgBytes} B answers, ${BENCH_ENTITIES.length} tracked entities, one core)`,
);
console.log(`budget: ${BUDGET.toLocaleString('en-US')} answers/s -> ${median >= BUDGET ? 'PASS' : 'FAIL'}`);
