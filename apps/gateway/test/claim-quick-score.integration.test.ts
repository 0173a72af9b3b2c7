import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { loadSeedCorpus } from '@lumen/engines/corpus/load-seed-corpus';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { BRAND_FIELDS, client, codeOf, signUp } from './brand-helpers';

let gateway: RunningGateway;
let worker: RunningWorker;
let handle: Database;
let requestId: string;

const CLAIM = `mutation ($id: ID!) { claimQuickScore(requestId: $id) { ${BRAND_FIELDS} } }`;

type Claimed = {
  id: string;
  name: string;
  domains: string[];
  industry: string;
  engines: string[];
  competitors: { name: string; source: string }[];
  keywords: { text: string; prompts: { text: string }[] }[];
  latestRun: { trigger: string; status: string; total: number; done: number; score: number | null };
};

async function startCheck(input: Record<string, unknown>, from: string): Promise<string> {
  const res = await fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({
      query: 'mutation ($input: QuickScoreInput!) { startQuickScore(input: $input) { id } }',
      variables: { input },
    }),
  });
  const body = (await res.json()) as { data: { startQuickScore: { id: string } } };
  return body.data.startQuickScore.id;
}

async function waitForCompletion(id: string): Promise<void> {
  for (;;) {
    const [row] = await handle.execute<{ status: string }>(
      sql`select status from quick_scores where id = ${id}`,
    );
    if (row?.status === 'COMPLETED') return;
    if (row?.status === 'FAILED') throw new Error('quick score failed');
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  handle = createDb(process.env.DATABASE_URL!, { max: 2 });
  await loadSeedCorpus(handle);
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    TRUST_PROXY: '127.0.0.1,::1,::ffff:127.0.0.1',
  });
  gateway = await startGateway(env, { webDist: null });
  worker = await startWorker(env);
  requestId = await startCheck(
    { brandName: 'Northwind CRM', website: 'northwindcrm.com', industry: 'CRM software' },
    '198.51.100.7',
  );
  await waitForCompletion(requestId);
}, 120_000);

afterAll(async () => {
  await worker?.close();
  await gateway?.close();
  if (handle) await closeDb(handle);
});

describe('claimQuickScore', () => {
  it('tracks the checked brand with its answers as the first run, and claiming again returns it', async () => {
    const gql = client(gateway, await signUp(gateway));
    const first = await gql<{ claimQuickScore: Claimed }>(CLAIM, { id: requestId });
    expect(first.errors).toBeUndefined();
    const brand = first.data!.claimQuickScore;
    expect(brand).toMatchObject({
      name: 'Northwind CRM',
      domains: ['northwindcrm.com'],
      industry: 'CRM software',
    });
    expect(brand.engines.length).toBeGreaterThanOrEqual(4);
    // No competitors were given: the names the engines ranked stand in, marked discovered.
    expect(brand.competitors.length).toBeGreaterThan(0);
    expect(brand.competitors.every((c) => c.source === 'DISCOVERED')).toBe(true);
    expect(brand.keywords).toHaveLength(1);
    expect(brand.keywords[0]?.prompts).toHaveLength(10);

    const [check] = await handle.execute<{ score: number; answers: number }>(sql`
      select (result->>'score')::int as score, (result->>'answers')::int as answers
        from quick_scores where id = ${requestId}`);
    expect(brand.latestRun).toMatchObject({ trigger: 'QUICK_SCORE', status: 'COMPLETED' });
    expect(brand.latestRun.done).toBe(check?.answers);
    // The same answers and entities as the check: the same score.
    expect(brand.latestRun.score).toBe(check?.score);
    const [stored] = await handle.execute<{
      answers: number;
      mentions: number;
      linked: number;
    }>(sql`
      select count(distinct a.id)::int as answers, count(m.id)::int as mentions,
             count(distinct a.id) filter (where a.prompt_id is not null)::int as linked
        from runs r join answers a on a.run_id = r.id left join mentions m on m.answer_id = a.id
       where r.brand_id = ${brand.id}`);
    expect(stored?.answers).toBe(brand.latestRun.total);
    expect(stored?.linked).toBe(stored?.answers);
    expect(stored?.mentions).toBeGreaterThan(0);

    const again = await gql<{ claimQuickScore: Claimed }>(CLAIM, { id: requestId });
    expect(again.data?.claimQuickScore.id).toBe(brand.id);
    const brands = await gql<{ brands: { id: string }[] }>('{ brands { id } }');
    expect(brands.data?.brands).toHaveLength(1);
  });

  it('creates exactly one brand under concurrent claims', async () => {
    const gql = client(gateway, await signUp(gateway));
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        gql<{ claimQuickScore: { id: string } }>(CLAIM, { id: requestId }),
      ),
    );
    const ids = new Set(results.map((r) => r.data?.claimQuickScore.id));
    expect(results.every((r) => r.errors === undefined)).toBe(true);
    expect(ids.size).toBe(1);
  });

  it('says so for an unknown, expired or unfinished check', async () => {
    const gql = client(gateway, await signUp(gateway));
    const unknown = await gql(CLAIM, { id: '00000000-0000-4000-8000-000000000000' });
    expect(codeOf(unknown)).toBe('NOT_FOUND');
    expect(unknown.errors?.[0]?.extensions?.reason).toBe('UNKNOWN');
    expect(codeOf(await gql(CLAIM, { id: 'not-a-uuid' }))).toBe('NOT_FOUND');

    const [running] = await handle.execute<{ id: string }>(sql`
      insert into quick_scores (brand_name, domain, industry, ip_hash, expires_at, status)
      values ('Pending Co', 'pending.example.org', 'CRM', 'x', now() + interval '1 day', 'RUNNING')
      returning id`);
    expect(codeOf(await gql(CLAIM, { id: running!.id }))).toBe('CONFLICT');

    await handle.execute(sql`update quick_scores set status = 'COMPLETED', result = ${JSON.stringify({ prompts: [] })}::jsonb,
      expires_at = now() - interval '1 minute' where id = ${running!.id}`);
    const expired = await gql(CLAIM, { id: running!.id });
    expect(codeOf(expired)).toBe('NOT_FOUND');
    expect(expired.errors?.[0]?.extensions?.reason).toBe('EXPIRED');
    expect(expired.errors?.[0]?.message).toMatch(/expired/);
  });
});

describe('a claimed check as the first run', () => {
  it('has its day rolled up and its gaps analysed like any run, and is on the brand schedule', async () => {
    const gql = client(gateway, await signUp(gateway));
    const body = await gql<{ claimQuickScore: Claimed }>(CLAIM, { id: requestId });
    expect(body.errors).toBeUndefined();
    const brandId = body.data!.claimQuickScore.id;
    const [run] = await handle.execute<{ id: string; score: number }>(
      sql`select id, score from runs where brand_id = ${brandId}`,
    );
    // The headline rollup of the run's day is the run's own score (docs/metrics.md).
    const [headline] = await handle.execute<{ score: number; answers: number }>(sql`
      select score, answers from metric_snapshots
       where brand_id = ${brandId} and engine = 'all' and keyword_id is null and not branded`);
    expect(headline).toMatchObject({ score: run!.score });
    expect(headline!.answers).toBeGreaterThan(0);
    // Its gap analysis goes through the worker's gap-analysis queue; the row is the truth.
    const job = await worker.deps.queues['gap-analysis'].getJob(`gap-${run!.id}`);
    expect(job).toBeDefined();
    while (!(await job!.isCompleted())) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await job!.isCompleted()).toBe(true);
    const [found] = await handle.execute<{ n: number }>(
      sql`select count(*)::int as n from opportunities where brand_id = ${brandId} and run_id = ${run!.id}`,
    );
    const finished = await worker.deps.queues['gap-analysis'].getJob(`gap-${run!.id}`);
    expect(found!.n).toBe((finished!.returnvalue as { created: number }).created);
    const scheduler = await worker.deps.queues.maintenance.getJobScheduler(
      `brand-schedule:${brandId}`,
    );
    expect(scheduler).toMatchObject({ pattern: '0 6 * * 1', tz: 'UTC' });
  });
});
