import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { heartbeatProblem, MISSED_BEATS, startHeartbeat } from './heartbeat';

const dir = mkdtempSync(join(tmpdir(), 'lumen-heartbeat-'));
afterEach(() => rmSync(join(dir, 'beat'), { force: true }));

describe('worker heartbeat', () => {
  // The clock is the test's: no interval has to pass for a verdict.
  it('is healthy while fresh, unhealthy after three missed beats, and gone once stopped', async () => {
    const file = join(dir, 'beat');
    let now = 1_000_000;
    const heartbeat = startHeartbeat({
      file,
      intervalMs: 10_000,
      alive: async () => true,
      now: () => now,
    });
    expect(heartbeatProblem(file, now)).toMatch(/no heartbeat/);
    await heartbeat.beat();
    expect(heartbeatProblem(file, now)).toBeNull();
    expect(heartbeatProblem(file, now + MISSED_BEATS * 10_000)).toBeNull();
    expect(heartbeatProblem(file, now + MISSED_BEATS * 10_000 + 1)).toMatch(
      /last heartbeat 30 s ago/,
    );
    now += 25_000;
    await heartbeat.beat();
    expect(heartbeatProblem(file, now + 20_000)).toBeNull();
    heartbeat.stop();
    expect(existsSync(file)).toBe(false);
    expect(heartbeatProblem(file, now)).toMatch(/no heartbeat/);
  });

  it('writes no beat while the worker is not well (Redis silent, a worker stopped)', async () => {
    const file = join(dir, 'beat');
    let well = true;
    const now = 5_000;
    const heartbeat = startHeartbeat({
      file,
      intervalMs: 1000,
      alive: async () => well,
      now: () => now,
    });
    await heartbeat.beat();
    expect(heartbeatProblem(file, now)).toBeNull();
    well = false;
    const failing = startHeartbeat({
      file: join(dir, 'other'),
      intervalMs: 1000,
      alive: () => Promise.reject(new Error('Redis down')),
      now: () => now,
    });
    await failing.beat();
    expect(heartbeatProblem(join(dir, 'other'), now)).toMatch(/no heartbeat/);
    rmSync(file);
    await heartbeat.beat();
    expect(heartbeatProblem(file, now)).toMatch(/no heartbeat/);
    heartbeat.stop();
    failing.stop();
  });
});
