import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { ADDRESS_HASH_PURPOSE, hashAddress } from '../src/services/start-quick-score.service';

// One job per request, and client mistakes answered as client mistakes (docs/jobs.md). No worker
// runs here: the rows stay QUEUED, which is all these tests look at.
let gateway: RunningGateway;
let handle: Database;
let address = 0;

type Body = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
};

beforeAll(async () => {
  handle = createDb(process.env.DATABASE_URL!, { max: 2 });
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    TRUST_PROXY: '127.0.0.1,::1,::ffff:127.0.0.1',
  });
  gateway = await startGateway(env, { webDist: null });
});

afterAll(async () => {
  await gateway?.close();
  if (handle) await closeDb(handle);
});

const newAddress = () => `198.51.100.${++address}`;

async function post(query: string, variables: unknown, from: string): Promise<Response> {
  return fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ query, variables }),
  });
}

const START = `mutation ($input: QuickScoreInput!) { startQuickScore(input: $input) { id status } }`;
const input = (brand: string) => ({
  brandName: brand,
  website: `${brand.toLowerCase().replace(/\W+/g, '-')}.com`,
  industry: 'CRM software',
});

describe('one job per request', () => {
  it('10 parallel identical submissions give one row, one job and one unit of the hourly quota', async () => {
    const from = newAddress();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(START, { input: input('Parallel Co') }, from).then((r) => r.json() as Promise<Body>),
      ),
    );
    for (const reply of replies) expect(reply.errors).toBeUndefined();
    const ids = new Set(
      replies.map((r) => (r.data?.startQuickScore as { id: string } | undefined)?.id),
    );
    expect(ids.size).toBe(1);
    const [id] = [...ids];

    const ipHash = hashAddress(from, gateway.deps.secrets.deriveKey(ADDRESS_HASH_PURPOSE));
    const [rows] = await handle.execute<{ n: number }>(
      sql`select count(*)::int as n from quick_scores where ip_hash = ${ipHash}`,
    );
    expect(rows?.n).toBe(1);
    const jobs = await gateway.deps.queues['quick-score'].getJobs(['waiting', 'active', 'delayed']);
    expect(jobs.filter((j) => j.data.quickScoreId === id)).toHaveLength(1);

    // Four more checks fit in the hour: the ten submissions used one unit, not ten.
    for (const brand of ['Second Co', 'Third Co', 'Fourth Co', 'Fifth Co']) {
      const ok = (await (await post(START, { input: input(brand) }, from)).json()) as Body;
      expect(ok.errors).toBeUndefined();
    }
    const refused = await post(START, { input: input('Sixth Co') }, from);
    const body = (await refused.json()) as Body;
    expect(body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    // The wait is in the reply and in a Retry-After header, and never reads "61 minutes".
    const seconds = body.errors?.[0]?.extensions?.retryAfterSeconds as number;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(refused.headers.get('retry-after')).toBe(String(seconds));
    expect(body.errors?.[0]?.message).toMatch(/Try again in (\d+ minutes|1 hour)\./);
    expect(body.errors?.[0]?.message).not.toMatch(/6\d minutes/);
  });
});

describe('client mistakes', () => {
  it.each([
    ['a variable of the wrong type', { input: { ...input('Typed'), brandName: 123 } }],
    ['a missing required field', { input: { website: 'acme.com', industry: 'CRM software' } }],
    ['an unknown field', { input: { ...input('Unknown'), colour: 'blue' } }],
    ['a NUL byte in a string', { input: { ...input('Nul'), brandName: 'Nul\u0000Co' } }],
    [
      'a control character in a nested string',
      { input: { ...input('Bell'), competitors: [{ name: 'Ri\u0007val' }] } },
    ],
  ])(
    '%s is BAD_USER_INPUT with its message, and no error-level log line',
    async (_what, variables) => {
      const error = vi.spyOn(gateway.deps.logger, 'error');
      const fatal = vi.spyOn(gateway.deps.logger, 'fatal');
      try {
        const res = await post(START, variables, newAddress());
        const body = (await res.json()) as Body;
        expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
        expect(body.errors?.[0]?.message).not.toBe('Unexpected error.');
        expect(body.data?.startQuickScore ?? null).toBeNull();
        expect(error).not.toHaveBeenCalled();
        expect(fatal).not.toHaveBeenCalled();
      } finally {
        error.mockRestore();
        fatal.mockRestore();
      }
    },
  );
});
