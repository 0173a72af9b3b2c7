import { randomUUID } from 'node:crypto';
import { loadEnv } from '@lumen/config/env';
import { SystemPingJob } from '@lumen/jobs/definitions';
import { enqueue } from '@lumen/jobs/enqueue';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningWorker, startWorker } from '../src/worker';
import { FAST_TIMING, startTestWorker, until } from './brand-run-fixtures';

// What operators scrape from a worker (docs/observability.md, "Worker metrics"): its jobs'
// durations by queue, name and outcome, on a port of its own, never public.

let worker: RunningWorker | undefined;
afterEach(async () => {
  await worker?.close();
  worker = undefined;
});

const PASSWORD = 'a-long-operator-password';
const operator = `Basic ${Buffer.from(`operator:${PASSWORD}`).toString('base64')}`;

const pingsCompleted = async (url: string, headers: Record<string, string> = {}) => {
  const text = await (await fetch(url, { headers })).text();
  const match =
    /lumen_job_duration_seconds_count\{queue="maintenance",job="system-ping",outcome="completed"\} (\d+)/.exec(
      text,
    );
  return Number(match?.[1] ?? 0);
};

describe('worker metrics', () => {
  it('times every job by queue, name and outcome, on loopback when asked for', async () => {
    worker = await startTestWorker({ WORKER_METRICS_PORT: '0' });
    const url = worker.metricsUrl!;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const before = await pingsCompleted(url);
    await enqueue(worker.deps.queues, SystemPingJob, { pingId: randomUUID() });
    await enqueue(worker.deps.queues, SystemPingJob, { pingId: randomUUID() });
    expect(
      await until(
        () => pingsCompleted(url),
        (n) => n >= before + 2,
      ),
    ).toBe(before + 2);
    const res = await fetch(url);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('# TYPE lumen_job_duration_seconds histogram');
    expect(text).toMatch(/lumen_jobs_started_total\{queue="maintenance",job="system-ping"\} \d+/);
    expect(text).toMatch(/\nlumen_db_pool_in_use \d+\n/);
    expect(text).toMatch(/\nlumen_db_pool_waiting \d+\n/);
    expect(text).toMatch(/\nlumen_db_pool_max [1-9]\d*\n/);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect((await fetch(url.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('asks for the operators’ credentials when OPERATOR_PASSWORD is set', async () => {
    worker = await startTestWorker({ WORKER_METRICS_PORT: '0', OPERATOR_PASSWORD: PASSWORD });
    const url = worker.metricsUrl!;
    const refused = await fetch(url);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Basic realm="Lumen operators"');
    expect(await refused.text()).not.toContain('lumen_');
    const wrong = await fetch(url, {
      headers: {
        authorization: `Basic ${Buffer.from('operator:not-the-password!').toString('base64')}`,
      },
    });
    expect(wrong.status).toBe(401);
    const answered = await fetch(url, { headers: { authorization: operator } });
    expect(answered.status).toBe(200);
    expect(await answered.text()).toContain('lumen_jobs_started_total');
  });

  it('refuses to serve them beyond loopback without a password, and is off without a port', async () => {
    await expect(
      startWorker(
        loadEnv({
          ...process.env,
          ...FAST_TIMING,
          NODE_ENV: 'test',
          WORKER_METRICS_PORT: '0',
          WORKER_METRICS_HOST: '0.0.0.0',
          OPERATOR_PASSWORD: '',
        }),
      ),
    ).rejects.toThrow(/WORKER_METRICS_HOST=0\.0\.0\.0 .* set OPERATOR_PASSWORD/);
    worker = await startTestWorker({ WORKER_METRICS_PORT: '' });
    expect(worker.metricsUrl).toBeNull();
  });
});
