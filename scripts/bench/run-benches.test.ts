import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { budgetVerdicts, summarize } from './verdict';

const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'lumen-bench-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in benchmark: prints a figure and a budget line, exits as a real one would. */
function bench(name: string, body: string): string {
  const file = join(dir, name);
  writeFileSync(file, body);
  return file;
}

const passing = bench(
  'passing.bench.ts',
  "console.log('answers: 25,000/s');\nconsole.log('budget: 20,000 answers/s -> PASS');\n",
);
const failing = bench(
  'failing.bench.ts',
  "console.log('answers: 17,836/s');\nconsole.log('budget: 20,000 answers/s -> FAIL');\nprocess.exitCode = 1;\n",
);
const silentFailing = bench(
  'silent-failing.bench.ts',
  "console.log('  budget p95 ≤ 100 ms → FAIL');\n",
);
const crashing = bench('crashing.bench.ts', "throw new Error('no database');\n");

function runBenches(files: string[]) {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/run-benches.ts', ...files],
    {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
}

describe('npm run bench', () => {
  it('exits 0 when every budget holds', () => {
    const run = runBenches([passing]);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('Every budget held.');
  });

  it('exits 1 when a budget fails, after running and printing every benchmark', () => {
    const run = runBenches([failing, passing]);
    expect(run.status).toBe(1);
    // The benchmark after the failing one still ran and printed its figure.
    expect(run.stdout).toContain('answers: 17,836/s');
    expect(run.stdout).toContain('answers: 25,000/s');
    expect(run.stdout).toMatch(/FAIL {2}.*failing\.bench\.ts: budget: 20,000 answers\/s -> FAIL/);
    expect(run.stdout).toMatch(/PASS {2}.*passing\.bench\.ts/);
  });

  it('exits 1 on a FAIL line even when the benchmark itself exited 0', () => {
    expect(runBenches([silentFailing]).status).toBe(1);
  });

  it('exits 1 when a benchmark crashes before its budget line', () => {
    const run = runBenches([crashing, passing]);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/crashing\.bench\.ts: exited with code 1/);
    expect(run.stdout).toContain('answers: 25,000/s');
  });
});

describe('budget lines', () => {
  it.each([
    ['budget: 20,000 answers/s -> PASS', true],
    ['  budget p95 ≤ 100 ms → FAIL', false],
    ['  parallel:    median 84 ms per quick score, budget 3000 ms -> PASS  ', true],
  ])('%s', (line, pass) => {
    expect(budgetVerdicts(`figure\n${line}\nmachine reference: 1.8 ns`)).toEqual([
      { line: line.trim(), pass },
    ]);
  });

  it('ignores lines that only mention the words', () => {
    expect(budgetVerdicts('PASS or FAIL is printed per budget.\nmachine reference')).toEqual([]);
  });

  it('fails a run whose benchmark printed no budget line', () => {
    expect(summarize([{ file: 'a.bench.ts', exitCode: 0, verdicts: [] }]).failed).toBe(true);
  });
});
