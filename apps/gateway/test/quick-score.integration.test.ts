import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import type { QuickScoreResult } from '@lumen/domain/quick-score/quick-score-result';
import { loadSeedCorpus } from '@lumen/engines/corpus/load-seed-corpus';
import { expireQuickScoresProcessor } from '@lumen/worker/processors/expire-quick-scores.processor';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import type { Job } from 'bullmq';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { ADDRESS_HASH_PURPOSE, hashAddress } from '../src/services/start-quick-score.service';
import { sseSubscribe } from './sse';

let gateway: RunningGateway;
let worker: RunningWorker;
let handle: Database;
let address = 0;

type Body = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
};

beforeAll(async () => {
  handle = createDb(process.env.DATABASE_URL!, { max: 2 });
  await loadSeedCorpus(handle);
  // Each test speaks from its own address (through a trusted proxy) so limits do not collide.
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    TRUST_PROXY: '127.0.0.1,::1,::ffff:127.0.0.1',
  });
  gateway = await startGateway(env, { webDist: null });
  worker = await startWorker(env);
});

afterAll(async () => {
  await worker?.close();
  await gateway?.close();
  if (handle) await closeDb(handle);
});

function newAddress() {
  address += 1;
  return `203.0.113.${address}`;
}

async function gql(
  query: string,
  variables: Record<string, unknown> = {},
  from = '203.0.113.250',
): Promise<Body> {
  const res = await fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as Body;
}

const START = `mutation ($input: QuickScoreInput!) {
  startQuickScore(input: $input) { id status progress brandName domain industry expiresAt createdAt }
}`;
const FIELDS = `id status progress error expired engines { engine label done failed total }
  result { score mentionRate { value low high } shareOfVoice citationRate averageRank sentiment answers
    engines { engine label score mentionRate answers } competitors { name isBrand discovered shareOfVoice mentionRate }
    topSources { domain citations owner } opportunities { title type impact recommendedKind }
    sampleAnswers { engine label prompt excerpt mentioned highlights { start end } } prompts formula { text } }`;

describe('quick score', () => {
  it('runs 10 prompts on at least 4 engines to COMPLETED, with progress delivered in order', async () => {
    const from = newAddress();
    const started = await gql(
      START,
      {
        input: {
          brandName: 'Northwind CRM',
          website: 'https://www.northwindcrm.com/pricing',
          industry: 'CRM software',
        },
      },
      from,
    );
    expect(started.errors).toBeUndefined();
    const qs = started.data?.startQuickScore as {
      id: string;
      status: string;
      domain: string;
      expiresAt: string;
      createdAt: string;
    };
    expect(qs.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(qs.domain).toBe('northwindcrm.com');
    expect(['QUEUED', 'RUNNING']).toContain(qs.status);
    const days = (Date.parse(qs.expiresAt) - Date.parse(qs.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    const frames: {
      status: string;
      progress: number;
      result: unknown;
      engines: { done: number; total: number }[];
    }[] = [];
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 50_000);
    for await (const frame of sseSubscribe(
      `${gateway.url}/graphql`,
      `subscription ($id: ID!) { quickScoreUpdated(id: $id) { ${FIELDS} } }`,
      { id: qs.id },
      controller.signal,
    )) {
      expect(frame.errors).toBeUndefined();
      frames.push(frame.data?.quickScoreUpdated as (typeof frames)[number]);
    }
    clearTimeout(timer);

    const last = frames.at(-1)!;
    expect(last.status).toBe('COMPLETED');
    expect(last.progress).toBe(100);
    // Statuses never go back, progress never decreases, and there were intermediate updates.
    const order = ['QUEUED', 'RUNNING', 'COMPLETED'];
    for (let i = 1; i < frames.length; i++) {
      expect(order.indexOf(frames[i]!.status)).toBeGreaterThanOrEqual(
        order.indexOf(frames[i - 1]!.status),
      );
      expect(frames[i]!.progress).toBeGreaterThanOrEqual(frames[i - 1]!.progress);
      // Per-engine counts never go back either.
      frames[i - 1]!.engines.forEach((before, e) => {
        expect(frames[i]!.engines[e]!.done).toBeGreaterThanOrEqual(before.done);
      });
    }
    expect(frames.filter((f) => f.status === 'RUNNING').length).toBeGreaterThan(3);

    const result = (last as unknown as { result: QuickScoreResult & { formula: { text: string } } })
      .result;
    expect(result.score).toBeGreaterThanOrEqual(0);
    expect(result.score).toBeLessThanOrEqual(100);
    expect(result.engines.length).toBeGreaterThanOrEqual(4);
    expect(result.answers).toBe(10 * result.engines.length);
    // The page names exactly the engines that answered (public, before any check is started).
    const announced = await gql('{ quickScoreEngines { id label offline } }');
    const named = announced.data?.quickScoreEngines as { id: string; label: string }[];
    expect(named.map((e) => e.id).sort()).toEqual(result.engines.map((e) => e.engine).sort());
    expect(result.prompts).toHaveLength(10);
    for (const p of result.prompts as string[]) expect(p.toLowerCase()).not.toContain('northwind');
    expect(result.mentionRate.low).toBeLessThanOrEqual(result.mentionRate.value);
    expect(result.mentionRate.high).toBeGreaterThanOrEqual(result.mentionRate.value);
    // The seed corpus knows Northwind CRM, so the engines mention it and its competitors.
    expect(result.mentionRate.value).toBeGreaterThan(0);
    expect(result.competitors[0]).toMatchObject({ name: 'Northwind CRM', isBrand: true });
    expect(
      result.competitors.filter((c: { discovered: boolean }) => c.discovered).length,
    ).toBeGreaterThan(0);
    expect(result.topSources.length).toBeGreaterThan(0);
    expect(result.formula.text).toContain('0.40');
    const mentioned = result.sampleAnswers.find((a: { mentioned: boolean }) => a.mentioned);
    expect(mentioned).toBeDefined();
    for (const h of mentioned?.highlights ?? []) {
      expect(mentioned?.excerpt.slice(h.start, h.end).toLowerCase()).toContain('northwind');
    }
  }, 60_000);

  it('returns the requester’s own check of the same brand and domain, never another visitor’s', async () => {
    const from = newAddress();
    const input = {
      brandName: 'Acme Dedupe',
      website: 'acme-dedupe.com',
      industry: 'CRM software',
      competitors: [{ name: 'Confidential Rival' }],
    };
    const a = await gql(START, { input }, from);
    const again = await gql(
      START,
      { input: { ...input, brandName: 'acme dedupe', website: 'https://acme-dedupe.com/' } },
      from,
    );
    const other = await gql(
      `mutation ($input: QuickScoreInput!) { startQuickScore(input: $input) { id industry competitors } }`,
      { input: { brandName: 'Acme Dedupe', website: 'acme-dedupe.com', industry: 'Payroll' } },
      newAddress(),
    );
    expect(a.errors).toBeUndefined();
    const id = (a.data?.startQuickScore as { id: string } | undefined)?.id;
    expect(id).toBeDefined();
    expect((again.data?.startQuickScore as { id: string } | undefined)?.id).toBe(id);
    // A second visitor gets a check of their own, with their own inputs only.
    const theirs = other.data?.startQuickScore as {
      id: string;
      industry: string;
      competitors: string[];
    };
    expect(theirs.id).not.toBe(id);
    expect(theirs).toMatchObject({ industry: 'Payroll', competitors: [] });
    const rows = await handle.execute<{ n: number }>(
      sql`select count(*)::int as n from quick_scores where domain = 'acme-dedupe.com'`,
    );
    expect(rows[0]?.n).toBe(2);
    const jobs = await gateway.deps.queues['quick-score'].getJobs([
      'waiting',
      'active',
      'completed',
      'delayed',
      'failed',
    ]);
    expect(jobs.filter((j) => j.id === id)).toHaveLength(1);
  });

  it('refuses invalid input with a message per field', async () => {
    const body = await gql(START, {
      input: {
        brandName: '',
        website: 'http://192.168.0.1',
        industry: 'x',
        competitors: [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }],
      },
    });
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const fields = body.errors?.[0]?.extensions?.fields as Record<string, string>;
    expect(Object.keys(fields).sort()).toEqual(['brandName', 'competitors', 'industry', 'website']);
    expect(fields.website).toMatch(/IP address/);
    const local = await gql(START, {
      input: { brandName: 'X', website: 'localhost:3000', industry: 'CRM software' },
    });
    expect(local.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('answers null for an unknown or malformed id', async () => {
    const unknown = await gql('query ($id: ID!) { quickScore(id: $id) { id } }', {
      id: crypto.randomUUID(),
    });
    expect(unknown.errors).toBeUndefined();
    expect(unknown.data?.quickScore).toBeNull();
    const malformed = await gql('query ($id: ID!) { quickScore(id: $id) { id } }', { id: 'nope' });
    expect(malformed.data?.quickScore).toBeNull();
  });

  it('allows 5 new checks an hour per address, then RATE_LIMITED with the wait', async () => {
    const from = newAddress();
    for (let i = 0; i < 5; i++) {
      const ok = await gql(
        START,
        { input: { brandName: `Limit ${i}`, website: `limit-${i}.com`, industry: 'CRM software' } },
        from,
      );
      expect(ok.errors).toBeUndefined();
    }
    const refused = await gql(
      START,
      { input: { brandName: 'Limit 6', website: 'limit-6.com', industry: 'CRM software' } },
      from,
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    const wait = refused.errors?.[0]?.extensions?.retryAfterSeconds as number;
    expect(wait).toBeGreaterThan(3000);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(refused.errors?.[0]?.message).toMatch(/5 quick checks an hour/);
    // Another address is not affected, and an existing check is still returned to this one.
    const other = await gql(
      START,
      { input: { brandName: 'Limit 6', website: 'limit-6.com', industry: 'CRM software' } },
      newAddress(),
    );
    expect(other.errors).toBeUndefined();
    const again = await gql(
      START,
      { input: { brandName: 'Limit 0', website: 'limit-0.com', industry: 'CRM software' } },
      from,
    );
    expect(again.errors).toBeUndefined();
  });

  it('allows 20 a day per address', async () => {
    const from = newAddress();
    // 20 checks made over the last day, none in the last hour.
    const ipHash = hashAddress(from, gateway.deps.secrets.deriveKey(ADDRESS_HASH_PURPOSE));
    await handle.execute(sql`
      insert into quick_scores (brand_name, domain, industry, ip_hash, created_at, expires_at, status)
      select 'Old ' || g, 'old-' || g || '.com', 'CRM software', ${ipHash},
             now() - interval '2 hours', now() + interval '29 days', 'COMPLETED'
      from generate_series(1, 20) g`);
    const refused = await gql(
      START,
      { input: { brandName: 'Daily', website: 'daily.com', industry: 'CRM software' } },
      from,
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(refused.errors?.[0]?.message).toMatch(/20 quick checks a day/);
  });

  it('expires results after 30 days: the maintenance job removes them and the page can say so', async () => {
    const [row] = await handle.execute<{ id: string }>(sql`
      insert into quick_scores (brand_name, domain, industry, ip_hash, status, progress, result, expires_at, created_at)
      values ('Expired Co', 'expired.example.org', 'CRM software', 'x', 'COMPLETED', 100, '{"score": 40}'::jsonb,
              now() - interval '1 minute', now() - interval '30 days 1 minute') returning id`);
    const result = (await expireQuickScoresProcessor.run(
      { data: {}, attemptsMade: 0, opts: {} } as Job,
      worker.deps,
    )) as { expired: number };
    expect(result.expired).toBeGreaterThanOrEqual(1);
    const body = await gql(
      'query ($id: ID!) { quickScore(id: $id) { id status expired result { score } } }',
      { id: row!.id },
    );
    expect(body.data?.quickScore).toEqual({
      id: row!.id,
      status: 'COMPLETED',
      expired: true,
      result: null,
    });
    const [stored] = await handle.execute(
      sql`select result from quick_scores where id = ${row!.id}`,
    );
    expect(stored?.result).toBeNull();
  });
});
