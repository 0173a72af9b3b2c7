/** One budget line of a benchmark's output: the line itself and whether it says PASS. */
export type BudgetVerdict = { line: string; pass: boolean };

export type BenchOutcome = {
  file: string;
  exitCode: number;
  verdicts: BudgetVerdict[];
  error?: string;
};

/** Benchmarks end each budget line with PASS or FAIL (docs/benchmarks.md). */
const VERDICT = /\b(PASS|FAIL)\s*$/;

export function budgetVerdicts(output: string): BudgetVerdict[] {
  return output
    .split('\n')
    .map((line) => line.trim())
    .flatMap((line) => {
      const match = VERDICT.exec(line);
      return match ? [{ line, pass: match[1] === 'PASS' }] : [];
    });
}

/**
 * The closing summary: one line per budget, and whether the run failed. A benchmark that
 * printed no budget line, or exited non-zero for any reason other than a failed budget (it
 * crashed), fails the run as well: its figure is missing.
 */
export function summarize(outcomes: readonly BenchOutcome[]): { lines: string[]; failed: boolean } {
  const lines = ['Budgets:'];
  let failures = 0;
  for (const { file, exitCode, verdicts, error } of outcomes) {
    for (const v of verdicts) lines.push(`  ${v.pass ? 'PASS' : 'FAIL'}  ${file}: ${v.line}`);
    const budgetFailed = verdicts.some((v) => !v.pass);
    if (budgetFailed) failures++;
    else if (verdicts.length === 0 || exitCode !== 0) {
      const why = exitCode !== 0 ? `exited with code ${exitCode}` : 'printed no budget line';
      lines.push(`  FAIL  ${file}: ${why}${error ? ` (${error})` : ''}`);
      failures++;
    }
  }
  lines.push(
    failures > 0
      ? `${failures} benchmark(s) missed their budget or did not finish.`
      : 'Every budget held.',
  );
  return { lines, failed: failures > 0 };
}
