import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnv } from '@lumen/config/env';
import { findFreePort } from '@lumen/config/free-port';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { loadSeedCorpus } from '@lumen/engines/corpus/load-seed-corpus';
import { type RunningGateway, startGateway } from '@lumen/gateway/server';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { sql } from 'drizzle-orm';
import { Cluster } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sseSubscribe } from '../apps/gateway/test/sse';

// Lumen on a three-node Redis Cluster made of this machine's redis-server (docs/deployment.md,
// "Redis Cluster, Sentinel and Valkey"): REDIS_URL in its cluster form, the prefix a hash tag,
// and a quick check and a brand run (a flow across queues) end to end.

const dir = mkdtempSync(join(tmpdir(), 'lumen-cluster-'));
const nodes: ChildProcess[] = [];
let ports: number[] = [];
let gateway: RunningGateway | undefined;
let worker: RunningWorker | undefined;
let admin: Cluster | undefined;
let handle: Database;
let prefix = '';

async function until<T>(check: () => Promise<T | undefined>, what: string): Promise<T> {
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    const dead = nodes.find((n) => n.exitCode !== null);
    if (dead) throw new Error(`a redis-server exited while waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  handle = createDb(process.env.DATABASE_URL!, { max: 2 });
  await loadSeedCorpus(handle);
  ports = [await findFreePort(), await findFreePort(), await findFreePort()];
  for (const port of ports) {
    const nodeDir = join(dir, String(port));
    mkdirSync(nodeDir);
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--cluster-enabled',
        'yes',
        '--save',
        '',
        '--appendonly',
        'no',
        '--cluster-config-file',
        'nodes.conf',
        '--maxmemory-policy',
        'noeviction',
      ],
      { cwd: nodeDir, stdio: 'ignore' },
    );
    nodes.push(child);
  }
  const { Redis } = await import('ioredis');
  for (const port of ports) {
    await until(async () => {
      const probe = new Redis({
        port,
        host: '127.0.0.1',
        lazyConnect: true,
        maxRetriesPerRequest: 0,
      });
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG' ? true : undefined;
      } finally {
        probe.disconnect();
      }
    }, `redis-server on ${port}`);
  }
  const create = spawnSync(
    'redis-cli',
    [
      '--cluster',
      'create',
      ...ports.map((p) => `127.0.0.1:${p}`),
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    ],
    { encoding: 'utf8' },
  );
  if (create.status !== 0)
    throw new Error(`redis-cli --cluster create failed:\n${create.stdout}${create.stderr}`);
  for (const port of ports) {
    await until(async () => {
      const probe = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 0 });
      try {
        const info = (await probe.cluster('INFO')) as string;
        return info.includes('cluster_state:ok') ? true : undefined;
      } finally {
        probe.disconnect();
      }
    }, 'cluster_state:ok');
  }

  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    TRUST_PROXY: 'loopback',
    REDIS_URL: `redis+cluster://${ports.map((p) => `127.0.0.1:${p}`).join(',')}`,
  });
  prefix = env.REDIS_PREFIX;
  gateway = await startGateway(env, { webDist: null });
  worker = await startWorker(env);
  admin = new Cluster(ports.map((port) => ({ host: '127.0.0.1', port })));
}, 180_000);

afterAll(async () => {
  await worker?.close().catch(() => {});
  await gateway?.close().catch(() => {});
  admin?.disconnect();
  for (const node of nodes) if (node.exitCode === null) node.kill('SIGKILL');
  await Promise.all(
    nodes.map((n) => (n.exitCode === null ? new Promise((r) => n.once('exit', r)) : null)),
  );
  rmSync(dir, { recursive: true, force: true });
  if (handle) await closeDb(handle);
});

async function gql<T>(
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string>,
) {
  const res = await fetch(`${gateway!.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: T; errors?: { message: string }[] };
}

describe('on a three-node Redis Cluster', () => {
  it('hash-tags the prefix, and runs a quick check and a brand run end to end', async () => {
    expect(prefix).toBe(`{${process.env.REDIS_PREFIX}}`);
    const from = '198.18.200.1';
    const started = await gql<{ startQuickScore: { id: string } }>(
      `mutation ($input: QuickScoreInput!) { startQuickScore(input: $input) { id } }`,
      {
        input: {
          brandName: 'Cluster CRM',
          website: 'https://www.northwindcrm.com/',
          industry: 'CRM software',
        },
      },
      { 'x-forwarded-for': from },
    );
    expect(started.errors).toBeUndefined();
    const statuses: string[] = [];
    for await (const frame of sseSubscribe(
      `${gateway!.url}/graphql`,
      'subscription ($id: ID!) { quickScoreUpdated(id: $id) { status } }',
      { id: started.data!.startQuickScore.id },
      AbortSignal.timeout(120_000),
      { 'x-forwarded-for': from },
    )) {
      expect(frame.errors).toBeUndefined();
      statuses.push(
        (frame.data?.quickScoreUpdated as { status: string } | undefined)?.status ?? '',
      );
    }
    expect(statuses.at(-1)).toBe('COMPLETED');

    // A brand run: a BullMQ flow whose parent and children sit in different queues.
    const config = (await (await fetch(`${gateway!.url}/config.json`)).json()) as {
      supabaseAnonKey: string;
    };
    const signUp = await fetch(`${gateway!.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: config.supabaseAnonKey },
      body: JSON.stringify({
        email: `cluster-${Date.now()}@example.com`,
        password: 'correct horse battery',
      }),
    });
    const token = ((await signUp.json()) as { access_token: string }).access_token;
    const auth = { authorization: `Bearer ${token}` };
    const brand = await gql<{ createBrand: { id: string } }>(
      'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
      {
        input: {
          name: 'Cluster Brand',
          domains: ['https://www.northwindcrm.com/'],
          aliases: [],
          industry: 'CRM software',
          country: 'Germany',
          language: 'en',
          engines: ['local-gpt', 'local-claude'],
          keywords: ['CRM software'],
          schedule: { cadence: 'DAILY', hour: 7, timezone: 'Europe/Berlin' },
        },
      },
      auth,
    );
    expect(brand.errors).toBeUndefined();
    const run = await gql<{ startRun: { id: string } }>(
      'mutation ($id: ID!) { startRun(brandId: $id) { id } }',
      { id: brand.data!.createBrand.id },
      auth,
    );
    expect(run.errors).toBeUndefined();
    const runId = run.data!.startRun.id;
    const finished = await until(async () => {
      const [r] = await handle.execute<{ status: string; total: number; answers: number }>(sql`
        select r.status, r.total, (select count(*)::int from answers a where a.run_id = r.id) as answers
        from runs r where r.id = ${runId}`);
      return r && ['COMPLETED', 'FAILED'].includes(r.status) ? r : undefined;
    }, 'the brand run');
    expect(finished.status).toBe('COMPLETED');
    expect(finished.answers).toBe(finished.total);

    // Every key Lumen wrote is in the one slot of its hash tag.
    const slot = Number(await admin!.cluster('KEYSLOT', `${prefix}:x`));
    const keys: string[] = [];
    for (const node of admin!.nodes('master')) {
      let cursor = '0';
      do {
        const [next, batch] = await node.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        cursor = next;
        keys.push(...batch);
      } while (cursor !== '0');
    }
    expect(keys.length).toBeGreaterThan(0);
    const slots = new Set(
      await Promise.all(
        keys.slice(0, 50).map(async (k) => Number(await admin!.cluster('KEYSLOT', k))),
      ),
    );
    expect([...slots]).toEqual([slot]);
  });
});
