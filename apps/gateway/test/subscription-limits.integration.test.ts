import { randomUUID } from 'node:crypto';
import { loadEnv } from '@lumen/config/env';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { openStreams, STREAM_LIMITS } from '../src/subscriptions/stream-limits';
import { sseSubscribe } from './sse';

// Subscriptions hold a Redis channel and a socket each: ids must be UUIDs, an address may hold
// only a few at once, and none lives forever.
let gateway: RunningGateway;
let shortLived: RunningGateway;

const PING = 'subscription ($id: ID!) { systemPingProcessed(id: $id) { id status } }';

beforeAll(async () => {
  const env = { ...process.env, PORT: '0', NODE_ENV: 'test', TRUST_PROXY: 'loopback' };
  gateway = await startGateway(loadEnv(env), { webDist: null });
  shortLived = await startGateway(loadEnv({ ...env, SUBSCRIPTION_MAX_SECONDS: '1' }), {
    webDist: null,
  });
});

afterAll(async () => {
  await gateway?.close();
  await shortLived?.close();
});

async function firstFrame(id: string, from: string, signal: AbortSignal, on = gateway) {
  const frames = sseSubscribe(`${on.url}/graphql`, PING, { id }, signal, {
    'x-forwarded-for': from,
  });
  return (await frames.next()).value;
}

async function until(check: () => boolean) {
  while (!check()) await new Promise((r) => setTimeout(r, 20));
}

describe('subscription limits', () => {
  it.each(['not-a-uuid', 'x'.repeat(5000)])('refuses a ping id that is not a UUID', async (id) => {
    const frame = await firstFrame(id, '198.51.100.40', AbortSignal.timeout(10_000));
    expect(frame?.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('caps concurrent streams per address', async () => {
    const from = '198.51.100.41';
    const held = Array.from({ length: STREAM_LIMITS.perAddress }, () => new AbortController());
    const streams = held.map((c) =>
      sseSubscribe(`${gateway.url}/graphql`, PING, { id: randomUUID() }, c.signal, {
        'x-forwarded-for': from,
      }),
    );
    // Start them all; none gets an event (no worker answers), so each stays open.
    for (const s of streams) void s.next().catch(() => undefined);
    await until(() => openStreams(from) === STREAM_LIMITS.perAddress);

    const refused = await firstFrame(randomUUID(), from, AbortSignal.timeout(10_000));
    expect(refused?.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');

    // Another address is not affected.
    const other = new AbortController();
    void firstFrame(randomUUID(), '198.51.100.42', other.signal).catch(() => undefined);
    await until(() => openStreams('198.51.100.42') === 1);
    other.abort();

    // Closing one frees its place.
    held[0]?.abort();
    await until(() => openStreams(from) === STREAM_LIMITS.perAddress - 1);
    for (const c of held) c.abort();
    await until(() => openStreams(from) === 0);
  });

  it('ends a stream when its lifetime is over', async () => {
    const frames: unknown[] = [];
    for await (const frame of sseSubscribe(
      `${shortLived.url}/graphql`,
      PING,
      { id: randomUUID() },
      AbortSignal.timeout(30_000),
      { 'x-forwarded-for': '198.51.100.43' },
    )) {
      frames.push(frame);
    }
    // Completed by the server with nothing to report, not cut by the 30 s client timeout.
    expect(frames).toEqual([]);
    expect(openStreams('198.51.100.43')).toBe(0);
  });
});
