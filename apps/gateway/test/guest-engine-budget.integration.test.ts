import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadEnv } from '@lumen/config/env';
import { GUEST_BUDGET_SPENT_MESSAGE, reserveGuestEngines } from '@lumen/jobs/guest-engine-budget';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';

// A paid engine (OpenAI-compatible, answered by a loopback server speaking chat completions)
// and GUEST_ENGINE_DAILY_BUDGET=2: guest checks use it until today's budget is spent, then the
// worker refuses to spend more and the gateway says "try again tomorrow". Real Postgres, Redis,
// BullMQ, gateway and worker.

type Body = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
};

const PAID_ENGINE = 'openai-compatible';
let provider: Server;
const asked: string[] = [];
let gateway: RunningGateway;
let worker: RunningWorker | undefined;
let env: ReturnType<typeof loadEnv>;

beforeAll(async () => {
  provider = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(raw) as { model: string; messages: { content: string }[] };
      asked.push(body.messages.map((m) => m.content).join('\n'));
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1_763_700_000,
          model: body.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: 'Try **Northwind CRM** or Relaymark.' },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 8, total_tokens: 18 },
        }),
      );
    });
  });
  provider.listen(0, '127.0.0.1');
  await once(provider, 'listening');
  env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    TRUST_PROXY: '127.0.0.1,::1,::ffff:127.0.0.1',
    REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'lumen'}-budget-${randomUUID().slice(0, 6)}`,
    OPENAI_COMPATIBLE_BASE_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`,
    OPENAI_COMPATIBLE_MODEL: 'budget-test-model',
    GUEST_ENGINE_DAILY_BUDGET: '2',
  });
  gateway = await startGateway(env, { webDist: null });
});

afterAll(async () => {
  await worker?.close();
  await gateway?.close();
  await new Promise((resolve) => provider.close(resolve));
});

async function gql(query: string, variables: Record<string, unknown>, from: string) {
  const res = await fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as Body;
}

const START = `mutation ($input: QuickScoreInput!) { startQuickScore(input: $input) { id status } }`;
const start = (brand: string, from: string) =>
  gql(
    START,
    {
      input: { brandName: brand, website: `${brand.toLowerCase()}.com`, industry: 'CRM software' },
    },
    from,
  );

/** Polls the public quickScore query until the check is final. */
async function finalState(id: string, from: string) {
  for (;;) {
    const body = await gql(
      'query ($id: ID!) { quickScore(id: $id) { status error engines { engine total done } } }',
      { id },
      from,
    );
    const qs = body.data?.quickScore as {
      status: string;
      error: string | null;
      engines: { engine: string }[] | null;
    };
    if (qs.status === 'COMPLETED' || qs.status === 'FAILED') return qs;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the paid engines’ daily budget for guest checks', () => {
  it('asks the paid engine, with the guest’s text as plain words, while the budget lasts', async () => {
    worker = await startWorker(env);
    const from = '192.0.2.10';
    const started = await start('Acmeone', from);
    expect(started.errors).toBeUndefined();
    const id = (started.data?.startQuickScore as { id: string } | undefined)?.id as string;
    const done = await finalState(id, from);
    expect(done.status).toBe('COMPLETED');
    expect(done.engines?.map((e) => e.engine)).toEqual([PAID_ENGINE]);
    expect(asked).toHaveLength(10);
    for (const prompt of asked) {
      expect(prompt).toContain('CRM software');
      expect(prompt).not.toMatch(/["“”]/);
    }
    await worker.close();
    worker = undefined;
  });

  it('lets the worker spend no more than the budget, whatever the gateway saw', async () => {
    const from = '192.0.2.11';
    // Accepted: one check of today's two is left.
    const started = await start('Acmetwo', from);
    expect(started.errors).toBeUndefined();
    const id = (started.data?.startQuickScore as { id: string } | undefined)?.id as string;
    // Another gateway's guest takes the last one before this check's job runs.
    const granted = await reserveGuestEngines(
      { redis: gateway.deps.redis, prefix: env.REDIS_PREFIX, perEngine: 2 },
      randomUUID(),
      [PAID_ENGINE],
    );
    expect(granted).toEqual([PAID_ENGINE]);
    const before = asked.length;
    worker = await startWorker(env);
    const failed = await finalState(id, from);
    expect(failed).toMatchObject({ status: 'FAILED', error: GUEST_BUDGET_SPENT_MESSAGE });
    expect(asked.length).toBe(before);
  });

  it('answers a new check RATE_LIMITED with "try again tomorrow" once every paid engine is spent', async () => {
    const refused = await start('Acmethree', '192.0.2.12');
    expect(refused.data?.startQuickScore ?? null).toBeNull();
    const error = refused.errors?.[0];
    expect(error?.message).toBe(GUEST_BUDGET_SPENT_MESSAGE);
    expect(error?.extensions?.code).toBe('RATE_LIMITED');
    const retryAfter = error?.extensions?.retryAfterSeconds as number;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
  });
});
