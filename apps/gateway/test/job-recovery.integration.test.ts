import { randomUUID } from 'node:crypto';
import { loadEnv } from '@lumen/config/env';
import { findFreePort } from '@lumen/config/free-port';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { loadSeedCorpus } from '@lumen/engines/corpus/load-seed-corpus';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackServer, startLoopback } from '../../../packages/engines/test/loopback-server';
import { startEnvelopeServer } from '../../../scripts/test/sentry-envelopes';
import { type Service, startService } from '../../../scripts/test/spawn-service';
import { startTcpProxy, type TcpProxy, targetOf, viaProxy } from '../../../scripts/test/tcp-proxy';
import { until } from '../../../scripts/test/until';
import { type RunningGateway, startGateway } from '../src/server';
import { sseSubscribe } from './sse';

// Job timing shrunk so that a 5-minute retry budget and the reconciler's period take a second
// or so (docs/jobs.md). Nothing below waits on a clock: each step waits for the state it needs.
// The lock keeps its production length: a live worker on a loaded machine can miss a renewal
// of a 1 s lock, and its job then counts as stalled (seen here: the outage test's worker
// reported "could not renew lock"). A crashed worker's lock is lapsed by the test instead
// (`lapseLock`), at the moment it chooses.
const TIMING = {
  WORKER_LOCK_MS: '30000',
  WORKER_STALLED_INTERVAL_MS: '400',
  RECONCILE_INTERVAL_MS: '500',
  JOB_RETRY_SCALE: '0.001',
};

let gateway: RunningGateway;
let handle: Database;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  handle = createDb(process.env.DATABASE_URL!, { max: 2 });
  await loadSeedCorpus(handle);
  const env = loadEnv({ ...process.env, ...TIMING, PORT: '0', NODE_ENV: 'test' });
  gateway = await startGateway(env, { webDist: null });
});

afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => {});
});

afterAll(async () => {
  await gateway?.close();
  if (handle) await closeDb(handle);
});

const START = `mutation ($input: QuickScoreInput!) { startQuickScore(input: $input) { id status } }`;

async function startCheck(brandName: string, url = gateway.url): Promise<string> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: START,
      variables: {
        input: { brandName, website: `${slug(brandName)}.com`, industry: 'CRM software' },
      },
    }),
  });
  const body = (await res.json()) as { data?: { startQuickScore?: { id: string } } };
  const id = body.data?.startQuickScore?.id;
  if (!id) throw new Error(`startQuickScore failed: ${JSON.stringify(body)}`);
  return id;
}

/** Follows the check's subscription until the gateway ends it, and returns the statuses seen. */
async function followToEnd(id: string): Promise<{ status: string; error: string | null }[]> {
  const frames: { status: string; error: string | null }[] = [];
  const controller = new AbortController();
  cleanups.push(async () => controller.abort());
  try {
    for await (const frame of sseSubscribe(
      `${gateway.url}/graphql`,
      'subscription ($id: ID!) { quickScoreUpdated(id: $id) { status error } }',
      { id },
      controller.signal,
    )) {
      expect(frame.errors).toBeUndefined();
      frames.push(frame.data?.quickScoreUpdated as { status: string; error: string | null });
    }
  } catch (error) {
    // Aborted by the cleanup of a test that failed before the stream ended.
    if (!controller.signal.aborted) throw error;
  }
  return frames;
}

/**
 * Each test boots two or three Node processes through tsx and runs a job to its end, every step
 * waiting for the state it needs. The timeout only catches a hang: on a machine running 20 times
 * more work than it has cores (load average 40 on 2 cores) these took over 180 s while making
 * progress, so it is not a measure of speed.
 */
const HANG_GUARD_MS = 600_000;

/**
 * What the passing of WORKER_LOCK_MS does for a crashed worker's job: its lock is gone, so the
 * next stall check (every WORKER_STALLED_INTERVAL_MS) hands the job on.
 */
async function lapseLock(queue: string, jobId: string): Promise<void> {
  await gateway.deps.redis.del(`${process.env.REDIS_PREFIX}:${queue}:${jobId}:lock`);
}

async function workerProcess(env: NodeJS.ProcessEnv): Promise<Service> {
  const service = await startService(
    'apps/worker/src/main.ts',
    { ...TIMING, LOG_LEVEL: 'warn', ...env },
    'worker ready',
  );
  cleanups.push(() => service.crash());
  return service;
}

/** An OpenAI-compatible provider on loopback; the only engine the worker then asks. */
async function provider(reply: Parameters<typeof startLoopback>[0]): Promise<LoopbackServer> {
  const server = await startLoopback(reply);
  cleanups.push(() => server.close());
  return server;
}

const providerEnv = (server: LoopbackServer) => ({
  OPENAI_COMPATIBLE_BASE_URL: `${server.url}/v1`,
  OPENAI_COMPATIBLE_MODEL: 'test-model',
});

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

describe('no status row stays QUEUED or RUNNING', () => {
  it(
    'a worker killed twice during one job: the row ends FAILED and the subscriber sees it',
    async () => {
      // The provider never answers, so the job is always mid-flight when its worker is killed.
      const llm = await provider(() => ({ hang: true }));
      const env = providerEnv(llm);
      const id = await startCheck(`Stalled ${randomUUID().slice(0, 8)}`);
      const seen = followToEnd(id);

      const first = await workerProcess(env);
      await until(
        async () => llm.requests.length,
        (n) => n > 0,
      );
      await first.crash();
      await lapseLock('quick-score', id);
      const asked = llm.requests.length;

      const second = await workerProcess(env);
      await until(
        async () => llm.requests.length,
        (n) => n > asked,
      );
      await second.crash();
      await lapseLock('quick-score', id);

      // The second stall is one too many: whichever worker checks next fails the job. In this
      // process: a third Node boot would only add time.
      const third = await startWorker(
        loadEnv({ ...process.env, ...TIMING, ...env, NODE_ENV: 'test' }),
      );
      cleanups.push(() => third.close());
      const frames = await seen;
      expect(frames.at(-1)).toEqual({
        status: 'FAILED',
        error: 'This check stopped before it finished. Please run it again.',
      });
      const [row] = await handle.execute<{ status: string }>(
        sql`select status from quick_scores where id = ${id}`,
      );
      expect(row?.status).toBe('FAILED');
    },
    HANG_GUARD_MS,
  );

  it(
    'a database outage longer than the retry budget: FAILED once Postgres is back, reported to Sentry',
    async () => {
      const proxy: TcpProxy = await startTcpProxy(targetOf(process.env.DATABASE_URL!, 5432));
      cleanups.push(() => proxy.close());
      const sentry = await startEnvelopeServer();
      cleanups.push(() => sentry.close());
      // The first answer arrives just as the database goes away.
      const llm = await provider((request) => {
        void proxy.cut();
        const model = (request.body as { model: string }).model;
        return {
          body: {
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 1_763_700_000,
            model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: 'Try Northwind CRM.' },
                finish_reason: 'stop',
              },
            ],
          },
        };
      });
      const brand = `Outage ${randomUUID().slice(0, 8)}`;
      await workerProcess({
        ...providerEnv(llm),
        DATABASE_URL: viaProxy(process.env.DATABASE_URL!, proxy),
        SENTRY_DSN: sentry.dsn,
      });
      const id = await startCheck(brand);
      const seen = followToEnd(id);

      // Every retry in the budget fails while the database is away; then the job fails for good.
      await until(
        () => gateway.deps.queues['quick-score'].getJobState(id),
        (state) => state === 'failed',
      );
      await proxy.restore();

      const frames = await seen;
      // The processor could not write its own verdict; the reconciler (or the worker's `failed`
      // event, if the database came back first) did.
      expect(frames.at(-1)).toEqual({
        status: 'FAILED',
        error: 'This check stopped before it finished. Please run it again.',
      });

      // The worker reported the final failure with the job's queue, name and id, and nothing of
      // its inputs or of the database's credentials.
      // The report of the job's final failure (a loaded machine may add others first, such as a
      // lock renewal that failed while the database was away).
      const envelope = await sentry.waitFor((e) => e.includes(`"jobId":"${id}"`));
      expect(envelope).toContain('"queue":"quick-score"');
      expect(envelope).toContain('"job":"quick-score"');
      expect(envelope).toContain(`"jobId":"${id}"`);
      expect(envelope).not.toContain(brand);
      expect(envelope).not.toContain('CRM software');
      const password = new URL(process.env.DATABASE_URL!).password;
      if (password) expect(envelope).not.toContain(password);
    },
    HANG_GUARD_MS,
  );

  it(
    'a gateway that dies between insert and enqueue: the reconciler enqueues, the row COMPLETES',
    async () => {
      // This gateway reaches Redis through a proxy that is cut: its enqueue waits forever.
      const redisProxy = await startTcpProxy(targetOf(process.env.REDIS_URL!, 6379));
      cleanups.push(() => redisProxy.close());
      await redisProxy.cut();
      const port = await findFreePort();
      const doomed = await startService(
        'apps/gateway/src/main.ts',
        {
          ...TIMING,
          PORT: String(port),
          REDIS_URL: viaProxy(process.env.REDIS_URL!, redisProxy),
          LOG_LEVEL: 'silent',
        },
        null,
      );
      cleanups.push(() => doomed.crash());
      await until(
        () =>
          fetch(`http://127.0.0.1:${port}/healthz`).then(
            (r) => r.ok,
            () => false,
          ),
        (ok) => ok,
      );
      const brand = `Orphan ${randomUUID().slice(0, 8)}`;
      void startCheck(brand, `http://127.0.0.1:${port}`).catch(() => {});
      const [row] = await until(
        () =>
          handle.execute<{ id: string }>(
            sql`select id from quick_scores where brand_name = ${brand}`,
          ),
        (rows) => rows.length === 1,
      );
      await doomed.crash();
      const id = row!.id;
      expect(await gateway.deps.queues['quick-score'].getJob(id)).toBeUndefined();

      const seen = followToEnd(id);
      const worker: RunningWorker = await startWorker(
        loadEnv({ ...process.env, ...TIMING, NODE_ENV: 'test' }),
      );
      cleanups.push(() => worker.close());
      const frames = await seen;
      expect(frames.at(-1)?.status).toBe('COMPLETED');
    },
    HANG_GUARD_MS,
  );
});
