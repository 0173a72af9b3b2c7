import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RestartPolicy } from './restart-policy';
import { supervise } from './supervisor';

// Real child processes; the policy is shrunk so that a streak of crashes takes milliseconds.
const fast: RestartPolicy = {
  initialDelayMs: 10,
  maxDelayMs: 40,
  stableAfterMs: 60_000,
  maxRestarts: 3,
};

const node = (code: string) => ({
  command: process.execPath,
  args: ['-e', code],
  cwd: process.cwd(),
  env: process.env,
});

const dir = mkdtempSync(join(tmpdir(), 'lumen-supervise-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A child that handles SIGTERM with `onTerm`, and creates `flag` once its handler is in place. */
function steady(onTerm: string, flag: string) {
  return node(
    `process.on('SIGTERM', () => { ${onTerm} }); ` +
      `require('node:fs').writeFileSync(${JSON.stringify(flag)}, ''); setInterval(() => {}, 1000)`,
  );
}

async function until(check: () => boolean) {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
}

function pidLines(lines: string[]): number[] {
  return lines.flatMap((l) => {
    const m = /started \(pid (\d+)\)/.exec(l);
    return m ? [Number(m[1])] : [];
  });
}

// Real processes: each start is a Node boot, which a loaded machine can stretch past the unit
// tier's 5 s. Every wait below is for a condition; this timeout only catches a hang.
describe('supervise', { timeout: 60_000 }, () => {
  it('restarts a crashing child with growing delays, then gives up and says why', async () => {
    const lines: string[] = [];
    const gaveUp = await new Promise<string>((done) => {
      supervise(
        { name: 'worker', ...node('process.exit(3)') },
        { policy: fast, log: (l) => lines.push(l), onGiveUp: (_name, message) => done(message) },
      );
    });
    expect(pidLines(lines)).toHaveLength(4); // the first start and three restarts
    expect(lines.filter((l) => l.includes('restarting in'))).toEqual([
      expect.stringMatching(
        /^worker exited with code 3 after .*; restarting in 0\.0 s \(restart 1 of at most 3 in a row\)$/,
      ),
      expect.stringMatching(/restart 2 of at most 3/),
      expect.stringMatching(/restart 3 of at most 3/),
    ]);
    expect(gaveUp).toMatch(/^worker exited with code 3 after .*: it crashed 4 times in a row/);
    expect(gaveUp).toContain('Stopping Lumen');
  });

  it('restarts a child killed with SIGKILL, with a new pid', async () => {
    const lines: string[] = [];
    const child = supervise(
      { name: 'gateway', ...node('setInterval(() => {}, 1000)') },
      { policy: fast, log: (l) => lines.push(l), onGiveUp: () => {} },
    );
    const first = child.pid()!;
    process.kill(first, 'SIGKILL');
    await until(() => pidLines(lines).length >= 2);
    expect(lines).toContainEqual(expect.stringMatching(/^gateway was killed by SIGKILL after/));
    const second = pidLines(lines)[1]!;
    expect(second).not.toBe(first);
    expect(child.pid()).toBe(second);
    await child.stop(5_000);
    expect(child.pid()).toBeUndefined();
  });

  it('does not restart a child it was asked to stop', async () => {
    const lines: string[] = [];
    const flag = join(dir, 'clean');
    const child = supervise(
      { name: 'worker', ...steady('process.exit(0)', flag) },
      { policy: fast, log: (l) => lines.push(l), onGiveUp: () => {} },
    );
    await until(() => existsSync(flag));
    await child.stop(5_000);
    await new Promise((r) => setTimeout(r, fast.maxDelayMs * 3));
    expect(pidLines(lines)).toHaveLength(1);
    expect(lines.some((l) => l.includes('restarting'))).toBe(false);
  });

  it('kills a child that ignores SIGTERM once the grace period is over', async () => {
    const lines: string[] = [];
    const flag = join(dir, 'stubborn');
    const child = supervise(
      { name: 'worker', ...steady('', flag) },
      { policy: fast, log: (l) => lines.push(l), onGiveUp: () => {} },
    );
    await until(() => existsSync(flag));
    await child.stop(200);
    expect(lines).toContain('worker did not stop within 0.2 s; killing it');
  });
});
