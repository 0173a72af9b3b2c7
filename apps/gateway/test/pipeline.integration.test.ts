import { loadEnv } from '@lumen/config/env';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { sseSubscribe } from './sse';

let gateway: RunningGateway;
let worker: RunningWorker;

beforeAll(async () => {
  const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test' });
  gateway = await startGateway(env, { webDist: null });
  worker = await startWorker(env);
});

afterAll(async () => {
  await worker?.close();
  await gateway?.close();
});

async function gql(query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as {
    data?: Record<string, { id: string; status: string }>;
    errors?: { message: string; extensions?: { code?: string } }[];
  };
}

describe('gateway ⇄ queue ⇄ worker ⇄ subscription', () => {
  it('answers health and __typename', async () => {
    const body = await gql('{ __typename health { ok version } }');
    expect(body.errors).toBeUndefined();
    expect(body.data).toMatchObject({ __typename: 'Query', health: { ok: true } });
  });

  it('delivers an event published by the worker to an SSE subscription', async () => {
    process.env.WORKER_PING_DELAY_MS = '400';
    try {
      const started = await gql('mutation { requestSystemPing { id status } }');
      expect(started.errors).toBeUndefined();
      const id = started.data?.requestSystemPing?.id as string;
      expect(started.data?.requestSystemPing?.status).toBe('QUEUED');

      const controller = new AbortController();
      const received = [];
      for await (const frame of sseSubscribe(
        `${gateway.url}/graphql`,
        'subscription ($id: ID!) { systemPingProcessed(id: $id) { id status processedAt } }',
        { id },
        controller.signal,
      )) {
        received.push(frame);
      }
      expect(received).toHaveLength(1);
      expect(received[0]?.data?.systemPingProcessed).toMatchObject({ id, status: 'PROCESSED' });
      const ping = received[0]?.data?.systemPingProcessed as { processedAt: string } | undefined;
      expect(Date.parse(String(ping?.processedAt))).toBeGreaterThan(0);
    } finally {
      delete process.env.WORKER_PING_DELAY_MS;
    }
  });

  it('masks unexpected errors and reports validation errors with their message', async () => {
    const body = await gql('{ nope }');
    expect(body.errors?.[0]?.message).toMatch(/Cannot query field "nope"/);
  });

  it('refuses signed-in-only fields to anonymous callers with UNAUTHENTICATED', async () => {
    const body = await gql('{ navigationCounts { brands } }');
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('rejects a malformed bearer token with UNAUTHENTICATED', async () => {
    const res = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer not-a-jwt' },
      body: JSON.stringify({ query: '{ health { ok } }' }),
    });
    const body = (await res.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('serves /healthz, /readyz and /config.json, and guards /admin/queues', async () => {
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${gateway.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ok: true, postgres: true, redis: true });
    const config = (await (await fetch(`${gateway.url}/config.json`)).json()) as Record<
      string,
      unknown
    >;
    expect(Object.keys(config).sort()).toEqual([
      'oauthProviders',
      'posthogHost',
      'posthogKey',
      'sentryDsn',
      'supabaseAnonKey',
      'supabaseUrl',
    ]);
    expect((await fetch(`${gateway.url}/admin/queues`)).status).toBe(401);
    const auth = Buffer.from(`operator:${gateway.operatorPassword}`).toString('base64');
    const board = await fetch(`${gateway.url}/admin/queues`, {
      headers: { authorization: `Basic ${auth}` },
    });
    expect(board.status).toBe(200);
    expect(await board.text()).toContain('<div id="root">');
  });
});
