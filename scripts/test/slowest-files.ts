import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the slowest test files after a run (docs/testing.md), so what dominates `npm test` is
 * in front of whoever runs it: wall time per file (import + tests and hooks), its tier, and
 * the share of the run. SLOWEST_FILES sets how many (default 12; 0 turns it off).
 */
export default class SlowestFiles implements Reporter {
  private started = 0;

  onTestRunStart(): void {
    this.started = performance.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const count = Number(process.env.SLOWEST_FILES ?? 12);
    if (!count || modules.length < 2) return;
    const total = performance.now() - this.started;
    const rows = modules
      .map((module) => {
        const d = module.diagnostic();
        return {
          file: module.relativeModuleId,
          tier: module.project.name,
          ms: d.collectDuration + d.setupDuration + d.duration,
        };
      })
      .sort((a, b) => b.ms - a.ms)
      .slice(0, count);
    const lines = rows.map(
      (r) =>
        `  ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${String(Math.round((r.ms / total) * 100)).padStart(3)} %  ${r.tier.padEnd(11)} ${r.file}`,
    );
    console.log(
      `\nSlowest ${rows.length} of ${modules.length} test files (whole run ${(total / 1000).toFixed(0)} s; files of a tier that runs in parallel overlap):\n${lines.join('\n')}\n`,
    );
  }
}
