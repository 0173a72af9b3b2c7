/**
 * `npm run bench`: every benchmark, one after another (docs/benchmarks.md). Each runs as its own
 * process and prints its figures, its budget line(s) ending in PASS or FAIL, and the machine
 * reference. Every benchmark runs even after one fails, so all figures are printed; the run then
 * exits 1 when any budget line says FAIL or any benchmark exited non-zero.
 *
 * `tsx scripts/bench/run-benches.ts [file …]` runs only the files given.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { type BenchOutcome, budgetVerdicts, summarize } from './verdict';

const root = resolve(import.meta.dirname, '../..');

const BENCHES = [
  'packages/domain/bench/analyze.bench.ts',
  'packages/engines/bench/local-engine.bench.ts',
  'scripts/bench/quick-score.bench.ts',
  'scripts/bench/quick-check-throughput.bench.ts',
  'scripts/bench/brand-run.bench.ts',
  'scripts/bench/brand-run-1000.bench.ts',
  'scripts/bench/worker-scaling.bench.ts',
  'scripts/bench/event-latency.bench.ts',
  'scripts/bench/metrics.bench.ts',
  'scripts/bench/gateway-overhead.bench.ts',
  'scripts/bench/bundle-size.bench.ts',
  'scripts/bench/draft-preview.bench.ts',
  'scripts/bench/crawler-logs.bench.ts',
];

function runOne(file: string): Promise<BenchOutcome> {
  return new Promise((done) => {
    // Node itself with tsx as a loader: the benchmark's own exit code reaches us.
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    child.once('error', (error) => done({ file, exitCode: 1, verdicts: [], error: error.message }));
    child.once('close', (code, signal) =>
      done({
        file,
        exitCode: code ?? 1,
        verdicts: budgetVerdicts(output),
        ...(signal ? { error: `killed by ${signal}` } : {}),
      }),
    );
  });
}

const files = process.argv.slice(2);
const outcomes: BenchOutcome[] = [];
for (const file of files.length > 0 ? files : BENCHES) {
  process.stdout.write(`\n▶ ${file}\n`);
  outcomes.push(await runOne(file));
}
const { lines, failed } = summarize(outcomes);
process.stdout.write(`\n${lines.join('\n')}\n`);
process.exitCode = failed ? 1 : 0;
