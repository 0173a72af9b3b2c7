import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { systemPingKey } from '@lumen/jobs/events';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
const queue = new Queue('maintenance', { connection: redis, prefix: process.env.REDIS_PREFIX! });

afterAll(async () => {
  await queue.close();
  redis.disconnect();
});

describe('worker shutdown', () => {
  it('finishes the active job on SIGTERM, then exits 0', async () => {
    const child = spawn(resolve(root, 'node_modules/.bin/tsx'), ['apps/worker/src/main.ts'], {
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
    for (let i = 0; i < 200 && (await job.getState()) !== 'active'; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await job.getState()).toBe('active');

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await queue.getJobState(job.id!)).toBe('completed');
    expect(await redis.get(systemPingKey(process.env.REDIS_PREFIX!, pingId))).not.toBeNull();
  });
});
