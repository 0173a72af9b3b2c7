import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { dropDatabase, ensureDatabase } from '@lumen/config/embedded-postgres';
import { findFreePort } from '@lumen/config/free-port';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { loadSeedCorpus } from '@lumen/engines/corpus/load-seed-corpus';
import { ReconcileJobsJob } from '@lumen/jobs/definitions';
import { createQueues, type Queues } from '@lumen/jobs/queues';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sseSubscribe } from '../apps/gateway/test/sse';
import { buildServer } from './build-server';
import { withDatabase } from './test/provision';

// Many processes, one product (docs/deployment.md, "Several processes"): two gateways and two
// workers as real child processes (the bundles `npm start` and the image run) on this file's
// own database and Redis prefix. Nothing waits on a clock: every step waits for the state it
// needs, and the test's timeout bounds the whole. Every child is killed in afterAll.

const root = resolve(import.meta.dirname, '..');
const databaseUrl = process.env.DATABASE_URL!;
const redisUrl = process.env.REDIS_URL!;
const prefix = process.env.REDIS_PREFIX!;
const OPERATOR_PASSWORD = 'scale-out-operator-password';

type Child = {
  name: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
};

const children: Child[] = [];
let handle: Database;
let redis: Redis;
let queues: Queues;
let gatewayA: { url: string; child: Child };
let gatewayB: { url: string; child: Child };
let workers: Child[] = [];
let anonKey: string;

function spawnService(name: string, file: string, env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, ['--enable-source-maps', resolve(root, file)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  const started: Child = { name, child, exited, output: () => output };
  children.push(started);
  return started;
}

const running = (c: Child) => c.child.exitCode === null && c.child.signalCode === null;

/** Polls `check` until it returns a value (not undefined); fails if `watch` exits first. */
async function until<T>(
  check: () => Promise<T | undefined> | T | undefined,
  what: string,
  watch: Child[] = [],
): Promise<T> {
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    const dead = watch.find((c) => !running(c));
    if (dead) throw new Error(`${dead.name} exited while waiting for ${what}:\n${dead.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function readyz(url: string): Promise<number | null> {
  try {
    return (await fetch(`${url}/readyz`)).status;
  } catch {
    return null;
  }
}

const commonEnv = (): NodeJS.ProcessEnv => ({
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  REDIS_PREFIX: prefix,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  LOCAL_AUTH: '1',
  OPERATOR_PASSWORD,
  // Every client of this test speaks from an address of its own through a trusted proxy.
  TRUST_PROXY: 'loopback',
  // The reconciler and the schedulers run every second; a killed worker's jobs are taken over
  // by the other within seconds (docs/jobs.md).
  RECONCILE_INTERVAL_MS: '1000',
  WORKER_LOCK_MS: '5000',
  WORKER_STALLED_INTERVAL_MS: '2000',
  DATABASE_POOL_MAX: '5',
});

function startWorkerProcess(name: string): Child {
  return spawnService(name, 'apps/worker/dist/main.mjs', commonEnv());
}

beforeAll(async () => {
  handle = createDb(databaseUrl, { max: 3 });
  redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  queues = createQueues(redis, prefix);
  await loadSeedCorpus(handle);
  const t0 = Date.now();
  await buildServer();
  const t1 = Date.now();
  const [portA, portB] = [await findFreePort(), await findFreePort()];
  // One site: one public URL (local auth's issuer), as npm start sets for several gateways.
  const publicUrl = `http://localhost:${portA}`;
  const a = spawnService('gateway A', 'apps/gateway/dist/main.mjs', {
    ...commonEnv(),
    PORT: String(portA),
    PUBLIC_URL: publicUrl,
  });
  const b = spawnService('gateway B', 'apps/gateway/dist/main.mjs', {
    ...commonEnv(),
    PORT: String(portB),
    PUBLIC_URL: publicUrl,
  });
  gatewayA = { url: `http://127.0.0.1:${portA}`, child: a };
  gatewayB = { url: `http://127.0.0.1:${portB}`, child: b };
  workers = [startWorkerProcess('worker 1'), startWorkerProcess('worker 2')];
  await Promise.all([
    until(async () => ((await readyz(gatewayA.url)) === 200 ? true : undefined), 'A ready', [a]),
    until(async () => ((await readyz(gatewayB.url)) === 200 ? true : undefined), 'B ready', [b]),
    ...workers.map((w) =>
      until(() => (w.output().includes('worker ready') ? true : undefined), 'worker', [w]),
    ),
  ]);
  console.log(
    `scale-out: bundles built in ${((t1 - t0) / 1000).toFixed(1)} s; two gateways and two workers ready ${((Date.now() - t1) / 1000).toFixed(1)} s later`,
  );
  anonKey = (
    (await (await fetch(`${gatewayA.url}/config.json`)).json()) as {
      supabaseAnonKey: string;
    }
  ).supabaseAnonKey;
}, 300_000);

afterAll(async () => {
  // Even after a failure: no process of this file outlives it.
  for (const c of children) if (running(c)) c.child.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  await queues?.close();
  redis?.disconnect();
  if (handle) await closeDb(handle);
});

type Body<T = Record<string, unknown>> = {
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
};

async function gql<T = Record<string, unknown>>(
  on: string,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Body<T>> {
  const res = await fetch(`${on}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as Body<T>;
}

async function auth(on: string, path: string, body: unknown, from: string) {
  const res = await fetch(`${on}/auth/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: anonKey, 'x-forwarded-for': from },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

// Addresses of the documentation ranges, a new one for every client.
let nextAddress = 0;
const newAddress = () => {
  nextAddress += 1;
  return `198.18.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
};

const PASSWORD = 'correct horse battery';
const START_CHECK = `mutation ($input: QuickScoreInput!) { startQuickScore(input: $input) { id status } }`;
const FOLLOW_CHECK =
  'subscription ($id: ID!) { quickScoreUpdated(id: $id) { id status progress } }';

async function startCheck(
  on: string,
  from: string,
  brandName = `Brand ${randomUUID().slice(0, 8)}`,
) {
  return gql<{ startQuickScore: { id: string; status: string } }>(
    on,
    START_CHECK,
    { input: { brandName, website: 'https://www.northwindcrm.com/', industry: 'CRM software' } },
    { 'x-forwarded-for': from },
  );
}

/** Follows a quick check's stream on `on` until it ends; the statuses seen, in order. */
async function follow(on: string, id: string, from: string, signal: AbortSignal) {
  const statuses: string[] = [];
  for await (const frame of sseSubscribe(`${on}/graphql`, FOLLOW_CHECK, { id }, signal, {
    'x-forwarded-for': from,
  })) {
    expect(frame.errors).toBeUndefined();
    statuses.push(statusOf(frame));
  }
  return statuses;
}

function statusOf(frame: { data?: Record<string, unknown> } | undefined): string {
  return (frame?.data?.quickScoreUpdated as { status?: string } | undefined)?.status ?? 'NONE';
}

async function signUp(on: string): Promise<{ token: string; email: string }> {
  const email = `scale-${randomUUID().slice(0, 8)}@example.com`;
  const res = await auth(on, 'signup', { email, password: PASSWORD }, newAddress());
  const token = res.body.access_token;
  if (typeof token !== 'string') throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
  return { token, email };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('two gateways and two workers on one Postgres and one Redis', () => {
  it('a session signed in through one gateway works on the other (one issuer, one key)', async () => {
    // Both gateways publish the same key set: the key lives in Postgres, made once.
    const [jwksA, jwksB] = await Promise.all(
      [gatewayA, gatewayB].map(async (g) =>
        (await fetch(`${g.url}/auth/v1/.well-known/jwks.json`)).json(),
      ),
    );
    expect(jwksB).toEqual(jwksA);
    const keys = await handle.execute<{ n: number }>(
      sql`select count(*)::int as n from auth_signing_keys`,
    );
    expect(keys[0]!.n).toBe(1);

    const { token, email } = await signUp(gatewayA.url);
    const me = await gql<{ me: { email: string } }>(
      gatewayB.url,
      '{ me { email } }',
      {},
      bearer(token),
    );
    expect(me.errors).toBeUndefined();
    expect(me.data?.me.email).toBe(email);

    // Signed in through B with a password: the token and its refresh token work on A.
    const signIn = await auth(
      gatewayB.url,
      'token?grant_type=password',
      { email, password: PASSWORD },
      newAddress(),
    );
    expect(signIn.status).toBe(200);
    const onA = await gql<{ me: { email: string } }>(
      gatewayA.url,
      '{ me { email } }',
      {},
      bearer(signIn.body.access_token as string),
    );
    expect(onA.data?.me.email).toBe(email);
    const refreshed = await auth(
      gatewayA.url,
      'token?grant_type=refresh_token',
      { refresh_token: signIn.body.refresh_token },
      newAddress(),
    );
    expect(refreshed.status).toBe(200);
    expect(typeof refreshed.body.access_token).toBe('string');
  });

  it('a subscription on one gateway receives the events of a job enqueued through the other', async () => {
    const from = newAddress();
    const started = await startCheck(gatewayA.url, from);
    expect(started.errors).toBeUndefined();
    const id = started.data!.startQuickScore.id;
    const statuses = await follow(gatewayB.url, id, from, AbortSignal.timeout(120_000));
    expect(statuses.at(-1)).toBe('COMPLETED');
    expect(statuses.length).toBeGreaterThan(1);
  });

  it("one gateway's response cache forgets a change made through the other", async () => {
    const { token } = await signUp(gatewayA.url);
    const created = await gql<{ createBrand: { id: string } }>(
      gatewayA.url,
      'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
      { input: brandInput('Cache Before') },
      bearer(token),
    );
    expect(created.errors).toBeUndefined();
    const id = created.data!.createBrand.id;
    const DASHBOARD = '{ brands { id name } }';
    const names = async () =>
      (
        await gql<{ brands: { name: string }[] }>(gatewayB.url, DASHBOARD, {}, bearer(token))
      ).data?.brands.map((b) => b.name);
    expect(await names()).toEqual(['Cache Before']);
    // B answers from its cache: a change behind the product's back is not seen yet…
    await handle.execute(sql`update brands set name = 'Changed Behind' where id = ${id}`);
    expect(await names()).toEqual(['Cache Before']);
    // …while a change made through A is, once A's word reaches B through Redis.
    const renamed = await gql(
      gatewayA.url,
      'mutation ($id: ID!, $input: BrandInput!) { updateBrand(id: $id, input: $input) { id } }',
      { id, input: brandInput('Cache After') },
      bearer(token),
    );
    expect(renamed.errors).toBeUndefined();
    await until(
      async () => ((await names())?.[0] === 'Cache After' ? true : undefined),
      'B forgets',
    );
  });

  it('rate limits hold across gateways: guest quick checks and sign-in attempts', async () => {
    // Quick checks: 5 an hour per address, counted in Postgres, whichever gateway is asked.
    const from = newAddress();
    const gateways = [gatewayA, gatewayB, gatewayA, gatewayB, gatewayA];
    for (const g of gateways) expect((await startCheck(g.url, from)).errors).toBeUndefined();
    for (const g of [gatewayA, gatewayB]) {
      const refused = await startCheck(g.url, from);
      expect(refused.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    }

    // Sign-in: 5 wrong guesses per email and address in 15 minutes, counted in Postgres.
    const { email } = await signUp(gatewayA.url);
    const guesser = newAddress();
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) {
      const on = i % 2 === 0 ? gatewayA : gatewayB;
      const res = await auth(
        on.url,
        'token?grant_type=password',
        { email, password: 'wrong password here' },
        guesser,
      );
      codes.push(String(res.body.error_code ?? res.body.code));
    }
    expect(codes).toEqual([...Array(5).fill('invalid_credentials'), 'over_request_rate_limit']);
    // B refuses as well, even with the right password, from that address.
    const right = await auth(
      gatewayB.url,
      'token?grant_type=password',
      { email, password: PASSWORD },
      guesser,
    );
    expect(right.status).toBe(429);
  });

  it('the per-address stream limit is per gateway process: 10 on A, and B still accepts', async () => {
    const PING = 'subscription ($id: ID!) { systemPingProcessed(id: $id) { id status } }';
    const from = newAddress();
    const held = new AbortController();
    try {
      // Ten streams open on A (no job answers these ids, so each stays open).
      const opened = Array.from({ length: 10 }, () =>
        sseSubscribe(`${gatewayA.url}/graphql`, PING, { id: randomUUID() }, held.signal, {
          'x-forwarded-for': from,
        }),
      );
      for (const s of opened) void s.next().catch(() => undefined);
      // The eleventh on A is refused, once the ten are counted.
      const refusal = await until(async () => {
        const frame = (
          await sseSubscribe(
            `${gatewayA.url}/graphql`,
            PING,
            { id: randomUUID() },
            AbortSignal.timeout(10_000),
            {
              'x-forwarded-for': from,
            },
          ).next()
        ).value;
        return frame?.errors?.[0]?.extensions?.code === 'RATE_LIMITED' ? frame : undefined;
      }, 'the eleventh stream refused on A');
      expect(refusal.errors?.[0]?.message).toMatch(/At most 10 live updates/);
      // B counts its own: the same address opens a stream there, and it delivers (a ping
      // requested through A, answered by a worker).
      const ping = await gql<{ requestSystemPing: { id: string } }>(
        gatewayA.url,
        'mutation { requestSystemPing { id } }',
        {},
        { 'x-forwarded-for': newAddress() },
      );
      expect(ping.errors).toBeUndefined();
      const frame = (
        await sseSubscribe(
          `${gatewayB.url}/graphql`,
          PING,
          { id: ping.data!.requestSystemPing.id },
          held.signal,
          { 'x-forwarded-for': from },
        ).next()
      ).value;
      expect(frame?.errors).toBeUndefined();
      expect(frame?.data?.systemPingProcessed).toMatchObject({ status: 'PROCESSED' });
    } finally {
      held.abort();
    }
  });

  it('schedules fire once: one scheduler per job, and each firing is one job', async () => {
    const maintenance = queues[ReconcileJobsJob.queue];
    // Both workers upserted every scheduler at start: each id is there once.
    const schedulers = await maintenance.getJobSchedulers(0, -1);
    const ids = schedulers.map((s) => s.key ?? s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(ReconcileJobsJob.name);
    // The reconciler fires every second; wait for a few firings and read their jobs.
    const jobs = await until(async () => {
      const done = (await maintenance.getJobs(['completed'], 0, -1)).filter(
        (j) => j.name === ReconcileJobsJob.name,
      );
      return done.length >= 4 ? done : undefined;
    }, 'four reconciler runs');
    // One job per slot of the schedule (the slot's time is the end of the job's id), never two
    // for the same moment from two workers, and no more jobs than slots since the first.
    const slots = jobs.map((j) => Number(j.id!.split(':').at(-1)));
    expect(new Set(slots).size).toBe(slots.length);
    const span = Math.max(...slots) - Math.min(...slots);
    expect(slots.length).toBeLessThanOrEqual(Math.floor(span / 1000) + 2);
  });

  it('the reconciler acts once per row: a row without a job is enqueued once and answered once', async () => {
    // A quick check whose enqueue was lost (inserted, never queued), older than a period.
    const [row] = await handle.execute<{ id: string }>(sql`
      insert into quick_scores (brand_name, domain, industry, ip_hash, created_at, expires_at)
      values ('Orphan Brand', 'orphan.example', 'CRM software', ${randomBytes(8).toString('hex')},
        now() - interval '5 seconds', now() + interval '30 days')
      returning id`);
    const id = row!.id;
    await until(
      async () => {
        const [r] = await handle.execute<{ status: string }>(
          sql`select status from quick_scores where id = ${id}`,
        );
        return r!.status === 'COMPLETED' ? true : undefined;
      },
      'the orphan check to complete',
      workers,
    );
    const enqueued = workers
      .flatMap((w) => w.output().split('\n'))
      .filter((line) => line.includes('reconciler enqueued') && line.includes(id));
    expect(enqueued).toHaveLength(1);
    await expectAnswersOnce(sql`r.quick_score_id = ${id}`);
  });

  it('migrations run once when two processes migrate one empty database at the same time', async () => {
    const adminUrl = process.env.LUMEN_TEST_ADMIN_URL!;
    const name = `scale_migrate_${randomBytes(4).toString('hex')}`;
    await ensureDatabase(adminUrl, name);
    try {
      const url = withDatabase(adminUrl, name);
      const runs = [1, 2].map((n) =>
        spawnService(`migrate ${n}`, 'packages/db/dist/migrate.mjs', { DATABASE_URL: url }),
      );
      const exits = await Promise.all(runs.map((r) => r.exited));
      expect(exits, runs.map((r) => r.output()).join('\n')).toEqual([
        { code: 0, signal: null },
        { code: 0, signal: null },
      ]);
      const journal = JSON.parse(
        readFileSync(resolve(root, 'packages/db/drizzle/meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const db = createDb(url, { max: 1 });
      try {
        const [applied] = await db.execute<{ n: number }>(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(applied!.n).toBe(journal.entries.length);
      } finally {
        await closeDb(db);
      }
    } finally {
      await dropDatabase(adminUrl, name);
    }
  });
});

// Last: it kills one of each. How many guest checks run beside the brand run.
const FAULT_CHECKS = 100;

describe('faults', () => {
  it('kill -9 of a worker amid 100 quick checks and a brand run, and of a gateway under a followed check: every job completes once', async () => {
    const { token } = await signUp(gatewayB.url);
    const brand = await gql<{ createBrand: { id: string } }>(
      gatewayB.url,
      'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
      { input: brandInput('Fault Brand') },
      bearer(token),
    );
    expect(brand.errors).toBeUndefined();
    const run = await gql<{ startRun: { id: string } }>(
      gatewayA.url,
      'mutation ($id: ID!) { startRun(brandId: $id) { id } }',
      { id: brand.data!.createBrand.id },
      bearer(token),
    );
    expect(run.errors).toBeUndefined();
    const runId = run.data!.startRun.id;

    const started = Date.now();
    const checks = await Promise.all(
      Array.from({ length: FAULT_CHECKS }, async (_, i) => {
        const body = await startCheck(i % 2 === 0 ? gatewayA.url : gatewayB.url, newAddress());
        expect(body.errors).toBeUndefined();
        return body.data!.startQuickScore.id;
      }),
    );

    // A browser follows one more check through A; A dies under it; it reconnects to B.
    const from = newAddress();
    const followed = await startCheck(gatewayB.url, from);
    const followedId = followed.data!.startQuickScore.id;
    const onA = sseSubscribe(
      `${gatewayA.url}/graphql`,
      FOLLOW_CHECK,
      { id: followedId },
      AbortSignal.timeout(60_000),
      {
        'x-forwarded-for': from,
      },
    );
    const firstOnA = (await onA.next()).value;
    expect(firstOnA?.errors).toBeUndefined();
    const seenOnA = [statusOf(firstOnA)];

    // The first worker dies once answers are being stored for the checks and the run.
    await until(
      async () => {
        const [r] = await handle.execute<{ n: number }>(
          sql`select count(*)::int as n from answers where run_id = ${runId}`,
        );
        return r!.n > 0 ? true : undefined;
      },
      'the brand run to start answering',
      workers,
    );
    workers[0]!.child.kill('SIGKILL');
    expect(await workers[0]!.exited).toEqual({ code: null, signal: 'SIGKILL' });
    gatewayA.child.child.kill('SIGKILL');
    await gatewayA.child.exited;

    // A's stream ended with the check unfinished: the client reconnects to the other gateway.
    const rest: string[] = [];
    try {
      for await (const frame of onA) rest.push(statusOf(frame));
    } catch {
      // the connection was cut
    }
    seenOnA.push(...rest);
    expect(['COMPLETED', 'FAILED']).not.toContain(seenOnA.at(-1));
    const onB = await follow(gatewayB.url, followedId, from, AbortSignal.timeout(170_000));
    expect(onB.at(-1)).toBe('COMPLETED');

    // Every check and the run finish, on the worker that is left, each answer stored once.
    const ids = [...checks, followedId];
    await until(
      async () => {
        const [r] = await handle.execute<{ open: number }>(sql`
        select count(*)::int as open from quick_scores
        where id in ${ids} and status in ('QUEUED', 'RUNNING')`);
        const [b] = await handle.execute<{ status: string }>(
          sql`select status from runs where id = ${runId}`,
        );
        return r!.open === 0 && ['COMPLETED', 'FAILED'].includes(b!.status) ? true : undefined;
      },
      'every check and the run to finish',
      [workers[1]!],
    );
    const seconds = (Date.now() - started) / 1000;
    const [failed] = await handle.execute<{ n: number }>(
      sql`select count(*)::int as n from quick_scores where id in ${ids} and status <> 'COMPLETED'`,
    );
    expect(failed!.n).toBe(0);
    const checkRuns = await expectAnswersOnce(sql`r.quick_score_id in ${ids}`);
    expect(checkRuns).toHaveLength(ids.length);
    const [brandRun] = await expectAnswersOnce(sql`r.id = ${runId}`);
    console.log(
      `faults: ${ids.length} quick checks (${checkRuns.reduce((n, r) => n + r.answers, 0)} answers) and a brand run (${brandRun!.answers} answers) finished in ${seconds.toFixed(1)} s, one of two workers killed midway`,
    );
  });
});

function brandInput(name: string) {
  return {
    name,
    domains: ['https://www.northwindcrm.com/'],
    aliases: [],
    industry: 'CRM software',
    country: 'Germany',
    language: 'en',
    engines: ['local-gpt', 'local-claude'],
    keywords: ['CRM software'],
    schedule: { cadence: 'DAILY', hour: 7, timezone: 'Europe/Berlin' },
  };
}

/** Every run matched has exactly its total of answers, none twice. */
async function expectAnswersOnce(where: ReturnType<typeof sql>) {
  // A quick check is marked COMPLETED a moment before its run row: wait for the runs too.
  await until(async () => {
    const [open] = await handle.execute<{ n: number }>(sql`
      select count(*)::int as n from runs r where ${where} and r.status in ('QUEUED', 'RUNNING')`);
    return open!.n === 0 ? true : undefined;
  }, 'the runs to finish');
  const rows = await handle.execute<{
    id: string;
    status: string;
    total: number;
    answers: number;
    distinct: number;
  }>(sql`
    select r.id, r.status, r.total, count(a.id)::int as answers,
      count(distinct (a.prompt_id, a.prompt_text, a.engine, a.sample))::int as distinct
    from runs r left join answers a on a.run_id = r.id
    where ${where}
    group by r.id`);
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) {
    expect(r.status).toBe('COMPLETED');
    expect(r.answers).toBe(r.total);
    expect(r.distinct).toBe(r.answers);
  }
  return rows;
}
