import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startService } from './spawn-service';
import { until } from './until';

// A test that times out while its service is still starting never receives the Service, so its
// own clean-up cannot stop the process. The spawner's hooks must.

const dir = mkdtempSync(join(tmpdir(), 'lumen-spawn-'));
const pidFile = join(dir, 'pid');
const entry = join(dir, 'never-ready.mjs');
// Starts, says where it is, and never prints the line the test waits for.
writeFileSync(
  entry,
  `import { writeFileSync } from 'node:fs';
writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));
setInterval(() => {}, 1000);
`,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('a service abandoned while it starts', () => {
  let pid = 0;

  it('is running while its test waits for it', async () => {
    // As a test that hits its timeout leaves it: the promise is never awaited to the end.
    startService(entry, {}, 'a line it never prints').catch(() => {});
    pid = Number(
      await until(
        async () => {
          try {
            return readFileSync(pidFile, 'utf8');
          } catch {
            return '';
          }
        },
        (text) => text !== '',
      ),
    );
    expect(alive(pid)).toBe(true);
  });

  it('is gone once that test has ended', () => {
    expect(pid).toBeGreaterThan(0);
    expect(alive(pid)).toBe(false);
  });
});
