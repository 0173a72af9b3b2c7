import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { systemPingKey } from '@lumen/jobs/events';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { startService } from '../../../scripts/test/spawn-service';
import { startTcpProxy, targetOf, viaProxy } from '../../../scripts/test/tcp-proxy';

const root = resolve(import.meta.dirname, '../../..');
const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
const queue = new Queue('maintenance', { connection: redis, prefix: process.env.REDIS_PREFIX! });

afterAll(async () => {
  await queue.close();
  redis.disconnect();
});

describe('worker shutdown', () => {
  it('finishes the active job on SIGTERM, then exits 0', async () => {
    // Node itself with tsx as a loader, as production runs one node process. The `tsx` binary
    // is a parent that relays signals to its child and, when the child's "I handle it" message
    // takes over 30 ms (a loaded machine), exits 143 itself: it failed this test under load.
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/worker/src/main.ts'], {
      cwd: root,
      env: { ...process.env, WORKER_PING_DELAY_MS: '1500', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    await new Promise<void>((ready, fail) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('worker ready')) ready();
      });
      child.once('exit', () => fail(new Error('worker exited before it was ready')));
    });

    const pingId = randomUUID();
    const job = await queue.add(
      'system-ping',
      { pingId },
      { jobId: `ping-${pingId}`, attempts: 1 },
    );
    // Wait until the worker has picked the job up.
    while ((await job.getState()) !== 'active') await new Promise((r) => setTimeout(r, 20));
    expect(await job.getState()).toBe('active');

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await queue.getJobState(job.id!)).toBe('completed');
    expect(await redis.get(systemPingKey(process.env.REDIS_PREFIX!, pingId))).not.toBeNull();
  });
});

describe('worker shutdown with Postgres stalled', () => {
  it('does not hang on a job waiting for a database that never answers: it exits 1 at SHUTDOWN_TIMEOUT_MS', async () => {
    // Its own key prefix: the job left active here must not reach the other tests' workers.
    const prefix = `${process.env.REDIS_PREFIX!}-stalled-pg`;
    const quickScores = new Queue('quick-score', { connection: redis, prefix });
    const proxy = await startTcpProxy(targetOf(process.env.DATABASE_URL!, 5432));
    const worker = await startService(
      'apps/worker/src/main.ts',
      {
        DATABASE_URL: viaProxy(process.env.DATABASE_URL!, proxy),
        REDIS_PREFIX: prefix,
        SHUTDOWN_TIMEOUT_MS: '1500',
        LOG_LEVEL: 'silent',
      },
      'worker ready',
    );
    try {
      // Postgres accepts and never answers: the job's first read of its row waits for good.
      await proxy.stall();
      const job = await quickScores.add(
        'quick-score',
        { quickScoreId: randomUUID() },
        { jobId: randomUUID(), attempts: 1 },
      );
      while ((await job.getState()) !== 'active') await new Promise((r) => setTimeout(r, 20));

      worker.child.kill('SIGTERM');
      // Without the bound, Worker.close() would wait for that job for as long as Postgres stalls.
      expect(await worker.exited).toEqual({ code: 1, signal: null });
      expect(worker.output()).toContain('worker did not stop within 1500 ms');
      // Not lost: the job is still active, and BullMQ hands it on once its lock lapses.
      expect(await job.getState()).toBe('active');
    } finally {
      await worker.crash();
      await proxy.close();
      await quickScores.obliterate({ force: true });
      await quickScores.close();
    }
  });
});
