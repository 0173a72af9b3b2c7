import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { wilson } from '@lumen/domain/metrics/wilson';
import { loadSeedCorpus } from '@lumen/engines/corpus/load-seed-corpus';
import { BrandRunJob } from '@lumen/jobs/definitions';
import { publishEvent, TOPIC } from '@lumen/jobs/events';
import { createQueues, type Queues } from '@lumen/jobs/queues';
import { startWorker } from '@lumen/worker/worker';
import { type SQL, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, client, codeOf, type GqlBody, signUp } from './brand-helpers';
import { sseSubscribe } from './sse';

// The runs API against real Postgres, Redis and BullMQ. No worker runs here: the test writes
// what the worker writes (answers, mentions, citations, status) and publishes the same events,
// so every field, page and frame is checked on known data (docs/brands.md, "Runs").

let gateway: RunningGateway;
let handle: Database;
let redis: Redis;
let queues: Queues;
const prefix = process.env.REDIS_PREFIX ?? 'lumen';
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  handle = createDb(process.env.DATABASE_URL!, { max: 2 });
  redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
  queues = createQueues(redis, prefix);
  const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
  gateway = await startGateway(env, { webDist: null });
});

afterAll(async () => {
  await gateway?.close();
  await queues?.close();
  redis?.disconnect();
  if (handle) await closeDb(handle);
});

const RUN_FIELDS = `id trigger status total done failed score scoreChange startedAt finishedAt
  error createdAt brand { id name } engines { engine label done failed total }`;

type Run = {
  id: string;
  trigger: string;
  status: string;
  total: number;
  done: number;
  failed: number;
  error: string | null;
  finishedAt: string | null;
  brand: { id: string; name: string } | null;
  engines: { engine: string; label: string; done: number; failed: number; total: number }[];
};

type Gql = ReturnType<typeof client>;

async function signedIn() {
  const token = await signUp(gateway);
  const gql = client(gateway, token);
  const me = await gql<{ me: { workspaces: { id: string }[] } }>('{ me { workspaces { id } } }');
  return { token, gql, workspaceId: me.data!.me.workspaces[0]!.id };
}

/** A brand with 2 engines and one keyword of 5 generated prompts: 10 queries a run. */
async function brandOf(gql: Gql) {
  const body = await gql<{
    createBrand: { id: string; keywords: { prompts: { id: string; text: string }[] }[] };
  }>(
    `mutation ($input: BrandInput!) { createBrand(input: $input) {
       id keywords { prompts { id text } } } }`,
    {
      input: baseInput({
        competitors: [{ name: 'Contoso CRM', domains: ['contoso.com'], aliases: ['Contoso'] }],
        keywords: ['CRM software'],
      }),
    },
  );
  expect(body.errors).toBeUndefined();
  const brand = body.data!.createBrand;
  return { id: brand.id, prompts: brand.keywords[0]!.prompts };
}

const START = `mutation ($id: ID!) { startRun(brandId: $id) { ${RUN_FIELDS} } }`;
const CANCEL = `mutation ($id: ID!) { cancelRun(id: $id) { ${RUN_FIELDS} } }`;
const GET = `query ($id: ID!) { run(id: $id) { ${RUN_FIELDS} } }`;

async function start(gql: Gql, brandId: string): Promise<Run> {
  const body = await gql<{ startRun: Run }>(START, { id: brandId });
  expect(body.errors).toBeUndefined();
  return body.data!.startRun;
}

/** What the worker stores for one query: an answer (or its error) with its analysis. */
async function storeAnswer(
  workspaceId: string,
  runId: string,
  prompt: { id: string; text: string },
  engine: string,
  outcome: { text: string; error?: never } | { error: string; text?: never },
): Promise<string> {
  const [row] = await handle.execute<{ id: string }>(sql`
    insert into answers (workspace_id, run_id, prompt_id, prompt_text, engine, requested_model,
                         served_model, text, latency_ms, error)
    values (${workspaceId}, ${runId}, ${prompt.id}, ${prompt.text}, ${engine}, 'm-1', 'm-1b',
            ${outcome.text ?? null}, 42, ${outcome.error ?? null})
    returning id`);
  return row!.id;
}

async function finish(runId: string, status: 'COMPLETED' | 'FAILED', score: number | null) {
  await handle.execute(sql`update runs set status = ${status}, score = ${score},
    started_at = coalesce(started_at, now()), finished_at = now() where id = ${runId}`);
}

async function count(query: SQL): Promise<number> {
  const [row] = await handle.execute<{ n: number }>(query);
  return row?.n ?? 0;
}

async function nudge(workspaceId: string, runId: string) {
  await publishEvent(redis, prefix, TOPIC.run(runId));
  await publishEvent(redis, prefix, TOPIC.workspace(workspaceId));
}

describe('startRun', () => {
  it('queues a manual run of prompts × engines and its brand-run job (job id = run id)', async () => {
    const { gql } = await signedIn();
    const brand = await brandOf(gql);
    const run = await start(gql, brand.id);
    expect(run).toMatchObject({
      trigger: 'MANUAL',
      status: 'QUEUED',
      total: 10,
      done: 0,
      failed: 0,
      error: null,
      finishedAt: null,
      brand: { id: brand.id, name: 'Northwind CRM' },
    });
    expect(run.engines).toEqual([
      { engine: 'local-gpt', label: expect.any(String), done: 0, failed: 0, total: 5 },
      { engine: 'local-claude', label: expect.any(String), done: 0, failed: 0, total: 5 },
    ]);
    expect(run.engines[0]!.label).not.toBe('local-gpt');
    const job = await queues[BrandRunJob.queue].getJob(run.id);
    expect(job?.name).toBe(BrandRunJob.name);
    // The ids, and the id of the request that started it (docs/observability.md, "Request ids").
    expect(job?.data).toEqual({ runId: run.id, requestId: expect.any(String) });
    // The brand list's latest run is this one.
    const latest = await gql<{ brand: { latestRun: { id: string; status: string } } }>(
      'query ($id: ID!) { brand(id: $id) { latestRun { id status } } }',
      { id: brand.id },
    );
    expect(latest.data!.brand.latestRun).toEqual({ id: run.id, status: 'QUEUED' });
  });

  it('starts exactly one run out of 8 concurrent requests; the others get CONFLICT', async () => {
    const { gql } = await signedIn();
    const brand = await brandOf(gql);
    const bodies = await Promise.all(
      Array.from({ length: 8 }, () => gql<{ startRun: Run }>(START, { id: brand.id })),
    );
    const started = bodies.filter((b) => b.data?.startRun);
    const refused = bodies.filter((b) => codeOf(b) === 'CONFLICT');
    expect(started).toHaveLength(1);
    expect(refused).toHaveLength(7);
    expect(refused[0]!.errors![0]!.extensions!.runId).toBe(started[0]!.data!.startRun.id);
    expect(await count(sql`select count(*)::int as n from runs where brand_id = ${brand.id}`)).toBe(
      1,
    );
    // A second run while the first is RUNNING is refused too; after it finishes, allowed.
    const first = started[0]!.data!.startRun.id;
    await handle.execute(sql`update runs set status = 'RUNNING' where id = ${first}`);
    expect(codeOf(await gql(START, { id: brand.id }))).toBe('CONFLICT');
    await finish(first, 'COMPLETED', 40);
    expect((await start(gql, brand.id)).status).toBe('QUEUED');
  });

  it('refuses a brand with nothing to ask, and another workspace’s brand as NOT_FOUND', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const brand = await brandOf(a.gql);
    for (const id of [brand.id, MISSING, 'not-a-uuid']) {
      const body = await b.gql(START, { id });
      expect(codeOf(body), id).toBe('NOT_FOUND');
      expect(body.errors![0]!.message).toBe('Brand not found.');
    }
    expect(await count(sql`select count(*)::int as n from runs where brand_id = ${brand.id}`)).toBe(
      0,
    );
    await handle.execute(sql`update prompts set active = false where brand_id = ${brand.id}`);
    expect(codeOf(await a.gql(START, { id: brand.id }))).toBe('BAD_USER_INPUT');
  });
});

describe('startRun and the monthly answer quota', () => {
  it('refuses a run that would pass the plan’s paid answers, saying what remains, and keeps no row', async () => {
    const a = await signedIn();
    const brand = await brandOf(a.gql);
    await handle.execute(sql`update workspaces set plan = 'free' where id = ${a.workspaceId}`);
    // One paid engine: 5 prompts need 5 paid answers; 497 of the free plan's 500 are used.
    await handle.execute(
      sql`update brands set engines = array['local-gpt', 'openai'] where id = ${brand.id}`,
    );
    const [past] = await handle.execute<{ id: string }>(sql`
      insert into runs (workspace_id, brand_id, trigger, status, total, finished_at)
      values (${a.workspaceId}, ${brand.id}, 'manual', 'COMPLETED', 497, now()) returning id`);
    await handle.execute(sql`
      insert into answers (workspace_id, run_id, prompt_text, engine, text)
      select ${a.workspaceId}, ${past!.id}, 'prompt ' || n, 'openai', 'An answer.'
        from generate_series(1, 497) n`);
    const refused = await a.gql(START, { id: brand.id });
    expect(codeOf(refused)).toBe('QUOTA_EXCEEDED');
    expect(refused.errors![0]!.extensions).toMatchObject({
      resource: 'answers',
      limit: 500,
      remaining: 3,
      needed: 5,
    });
    expect(refused.errors![0]!.message).toMatch(/3/);
    expect(await count(sql`select count(*)::int as n from runs where brand_id = ${brand.id}`)).toBe(
      1,
    );
    // Local engines are free: without the paid engine the same brand runs.
    await handle.execute(
      sql`update brands set engines = array['local-gpt'] where id = ${brand.id}`,
    );
    expect((await start(a.gql, brand.id)).total).toBe(5);
  });
});

describe('cancelRun', () => {
  it('fails an open run with "Cancelled", drops its waiting job, and frees the brand', async () => {
    const { gql } = await signedIn();
    const brand = await brandOf(gql);
    const run = await start(gql, brand.id);
    const body = await gql<{ cancelRun: Run }>(CANCEL, { id: run.id });
    expect(body.errors).toBeUndefined();
    expect(body.data!.cancelRun).toMatchObject({
      id: run.id,
      status: 'FAILED',
      error: 'Cancelled',
    });
    expect(body.data!.cancelRun.finishedAt).not.toBeNull();
    expect(await queues[BrandRunJob.queue].getJob(run.id)).toBeUndefined();
    // Cancelling again changes nothing; a finished run keeps its result.
    const again = await gql<{ cancelRun: Run }>(CANCEL, { id: run.id });
    expect(again.data!.cancelRun.finishedAt).toBe(body.data!.cancelRun.finishedAt);
    const next = await start(gql, brand.id);
    await finish(next.id, 'COMPLETED', 55);
    const done = await gql<{ cancelRun: Run }>(CANCEL, { id: next.id });
    expect(done.data!.cancelRun).toMatchObject({ status: 'COMPLETED', error: null });
  });

  it('answers NOT_FOUND for another workspace’s run and leaves it running', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const run = await start(a.gql, (await brandOf(a.gql)).id);
    for (const id of [run.id, MISSING, 'nope']) {
      const body = await b.gql(CANCEL, { id });
      expect(codeOf(body), id).toBe('NOT_FOUND');
      expect(body.errors![0]!.message).toBe('Run not found.');
    }
    const mine = await a.gql<{ run: Run }>(GET, { id: run.id });
    expect(mine.data!.run.status).toBe('QUEUED');
  });
});

describe('run, runs and answers', () => {
  it('reads a run with per-engine progress; null for another workspace’s run', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const brand = await brandOf(a.gql);
    const run = await start(a.gql, brand.id);
    await handle.execute(
      sql`update runs set status = 'RUNNING', started_at = now() where id = ${run.id}`,
    );
    const [p1, p2] = brand.prompts as [{ id: string; text: string }, { id: string; text: string }];
    await storeAnswer(a.workspaceId, run.id, p1, 'local-gpt', { text: 'Northwind CRM leads.' });
    await storeAnswer(a.workspaceId, run.id, p2, 'local-gpt', { text: 'Contoso.' });
    await storeAnswer(a.workspaceId, run.id, p1, 'local-claude', { error: 'Engine timed out.' });
    const got = await a.gql<{ run: Run }>(GET, { id: run.id });
    expect(got.data!.run).toMatchObject({ status: 'RUNNING', done: 2, failed: 1, total: 10 });
    expect(got.data!.run.engines.map(({ label: _l, ...e }) => e)).toEqual([
      { engine: 'local-gpt', done: 2, failed: 0, total: 5 },
      { engine: 'local-claude', done: 0, failed: 1, total: 5 },
    ]);
    for (const id of [run.id, MISSING, 'x']) {
      const theirs = await b.gql<{ run: Run | null }>(GET, { id });
      expect(theirs.errors, id).toBeUndefined();
      expect(theirs.data!.run, id).toBeNull();
    }
  });

  it('a run’s change carries the KPI tiles’ verdict; a targeted re-measure is never compared', async () => {
    const a = await signedIn();
    const brand = await brandOf(a.gql);
    const prompt = brand.prompts[0]!.id;
    /** A completed run whose stored metrics say k of n answers named the brand. */
    async function measured(k: number, n: number, score: number, targeted = false) {
      const run = await start(a.gql, brand.id);
      if (targeted) {
        await handle.execute(sql`update runs set trigger = 'targeted',
          prompt_ids = array[${prompt}::uuid] where id = ${run.id}`);
      }
      const { low, high } = wilson(k, n);
      const metrics = { answers: n, score, mentionRate: { value: k / n, low, high } };
      await handle.execute(sql`update runs set metrics = ${JSON.stringify(metrics)}::jsonb
        where id = ${run.id}`);
      await finish(run.id, 'COMPLETED', score);
      return run.id;
    }
    const full1 = await measured(38, 60, 63);
    const full2 = await measured(36, 60, 59);
    const remeasure = await measured(2, 4, 59, true);
    const full3 = await measured(58, 60, 95);
    const LIST = `query ($id: ID!) { runs(brandId: $id) { edges { node {
      id trigger score scoreChange promptCount
      change { score mentionRate verdict previousScore previousAnswers } } } } }`;
    type Node = {
      id: string;
      trigger: string;
      scoreChange: number | null;
      promptCount: number | null;
      change: {
        score: number;
        verdict: string;
        previousScore: number;
        previousAnswers: number;
      } | null;
    };
    const body = await a.gql<{ runs: { edges: { node: Node }[] } }>(LIST, { id: brand.id });
    expect(body.errors).toBeUndefined();
    const byId = new Map(body.data!.runs.edges.map((e) => [e.node.id, e.node]));
    // The newest full run is compared with the previous *full* run (59), not the re-measure.
    expect(byId.get(full3)).toMatchObject({
      scoreChange: 36,
      change: { score: 36, verdict: 'MOVED_UP', previousScore: 59, previousAnswers: 60 },
    });
    // The 4-answer re-measure: labelled by its prompts, no change at all ("59 −4" was shown).
    expect(byId.get(remeasure)).toMatchObject({
      trigger: 'TARGETED',
      promptCount: 1,
      scoreChange: null,
      change: null,
    });
    // 36/60 against 38/60: four points lower, inside the noise.
    expect(byId.get(full2)).toMatchObject({
      scoreChange: -4,
      change: { score: -4, verdict: 'WITHIN_NOISE', previousScore: 63 },
    });
    expect(byId.get(full1)).toMatchObject({ scoreChange: null, change: null, promptCount: null });
  });

  it('pages runs newest first (Relay), validates first/after, scopes by workspace', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const brand = await brandOf(a.gql);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const run = await start(a.gql, brand.id);
      await finish(run.id, 'COMPLETED', 30 + i * 10);
      ids.unshift(run.id);
    }
    const PAGE = `query ($id: ID!, $first: Int, $after: String) {
      runs(brandId: $id, first: $first, after: $after) {
        edges { cursor node { id score scoreChange status } } pageInfo { hasNextPage endCursor } } }`;
    type Page = {
      runs: {
        edges: {
          cursor: string;
          node: { id: string; score: number; scoreChange: number | null };
        }[];
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
      };
    };
    const one = await a.gql<Page>(PAGE, { id: brand.id, first: 2 });
    expect(one.errors).toBeUndefined();
    expect(one.data!.runs.edges.map((e) => e.node.id)).toEqual(ids.slice(0, 2));
    expect(one.data!.runs.edges.map((e) => e.node.scoreChange)).toEqual([10, 10]);
    expect(one.data!.runs.pageInfo).toEqual({
      hasNextPage: true,
      endCursor: one.data!.runs.edges[1]!.cursor,
    });
    const two = await a.gql<Page>(PAGE, {
      id: brand.id,
      first: 2,
      after: one.data!.runs.pageInfo.endCursor,
    });
    expect(two.data!.runs.edges.map((e) => e.node.id)).toEqual(ids.slice(2));
    expect(two.data!.runs.edges[0]!.node.scoreChange).toBeNull();
    expect(two.data!.runs.pageInfo.hasNextPage).toBe(false);
    const all = await a.gql<Page>(PAGE, { id: brand.id });
    expect(all.data!.runs.edges).toHaveLength(3);

    for (const first of [0, 101, -1]) {
      expect(codeOf(await a.gql(PAGE, { id: brand.id, first })), String(first)).toBe(
        'BAD_USER_INPUT',
      );
    }
    expect(codeOf(await a.gql(PAGE, { id: brand.id, after: 'garbage' }))).toBe('BAD_USER_INPUT');
    for (const id of [brand.id, MISSING, 'x']) {
      expect(codeOf(await b.gql(PAGE, { id })), id).toBe('NOT_FOUND');
    }
  });

  it('lists answers with mentions (spans), citations (owners), prompt and run; filters; scoping', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const brand = await brandOf(a.gql);
    const run = await start(a.gql, brand.id);
    const [p1, p2] = brand.prompts as [{ id: string; text: string }, { id: string; text: string }];
    const text = 'Northwind CRM is the best pick; Contoso is cheaper.';
    const answerId = await storeAnswer(a.workspaceId, run.id, p1, 'local-gpt', { text });
    await storeAnswer(a.workspaceId, run.id, p2, 'local-claude', { text: 'No names here.' });
    await storeAnswer(a.workspaceId, run.id, p2, 'local-gpt', { error: 'Engine timed out.' });
    const [competitor] = await handle.execute<{ id: string }>(
      sql`select id from competitors where brand_id = ${brand.id}`,
    );
    if (!competitor) throw new Error('brand without its competitor');
    await handle.execute(sql`
      insert into mentions (workspace_id, answer_id, entity, entity_id, name, rank, first_offset,
                            count, sentiment, spans)
      values (${a.workspaceId}, ${answerId}, 'brand', ${brand.id}, 'Northwind CRM', 1, 0, 1, 0.6,
              '[[0,13]]'::jsonb),
             (${a.workspaceId}, ${answerId}, 'competitor', ${competitor.id}, 'Contoso', 2, 32, 1,
              0, '[[32,39]]'::jsonb)`);
    await handle.execute(sql`
      insert into citations (workspace_id, answer_id, url, domain, title, position, owner, entity_id)
      values (${a.workspaceId}, ${answerId}, 'https://northwindcrm.com/p', 'northwindcrm.com',
              'Pricing', 1, 'own', ${brand.id}),
             (${a.workspaceId}, ${answerId}, 'https://contoso.com/', 'contoso.com', null, 2,
              'competitor', ${competitor.id}),
             (${a.workspaceId}, ${answerId}, 'https://g2.com/crm', 'g2.com', 'G2', 3,
              'third_party', null)`);

    const ANSWERS = `query ($id: ID!, $runId: ID, $promptId: ID, $engine: String, $first: Int,
        $after: String) {
      answers(brandId: $id, runId: $runId, promptId: $promptId, engine: $engine, first: $first,
              after: $after) {
        edges { cursor node { id engine engineLabel requestedModel servedModel text error latencyMs
          promptText createdAt prompt { id text } run { id status }
          mentions { entityId entityName kind rank count firstOffset sentiment spans { start end } }
          citations { url domain title position owner entityId } } }
        pageInfo { hasNextPage endCursor } } }`;
    type Answer = {
      id: string;
      engine: string;
      engineLabel: string;
      text: string | null;
      error: string | null;
      prompt: { id: string } | null;
      run: { id: string };
      mentions: { kind: string; entityName: string; spans: { start: number; end: number }[] }[];
      citations: { owner: string; domain: string; entityId: string | null }[];
    };
    type Page = {
      answers: { edges: { node: Answer }[]; pageInfo: { hasNextPage: boolean } };
    };
    const all = await a.gql<Page>(ANSWERS, { id: brand.id });
    expect(all.errors).toBeUndefined();
    expect(all.data!.answers.edges).toHaveLength(3);
    // An English brand: no answer is "not localised". A German one: the offline engines' are,
    // since they answer in English only (each read asks a different page size: a fresh read).
    const localisation = async (first: number) =>
      (
        await a.gql<{ answers: { edges: { node: { engine: string; notLocalised: boolean } }[] } }>(
          'query ($id: ID!, $first: Int) { answers(brandId: $id, first: $first) { edges { node { engine notLocalised } } } }',
          { id: brand.id, first },
        )
      ).data!.answers.edges.map((e) => e.node);
    expect((await localisation(50)).some((n) => n.notLocalised)).toBe(false);
    await handle.execute(sql`update brands set language = 'de-AT' where id = ${brand.id}`);
    const german = await localisation(51);
    expect(german.map((n) => n.notLocalised)).toEqual(
      german.map((n) => n.engine.startsWith('local-')),
    );
    expect(german.some((n) => n.notLocalised)).toBe(true);
    await handle.execute(sql`update brands set language = 'en' where id = ${brand.id}`);
    const analysed = all.data!.answers.edges.find((e) => e.node.id === answerId)!.node;
    expect(analysed).toMatchObject({
      engine: 'local-gpt',
      text,
      error: null,
      requestedModel: 'm-1',
      servedModel: 'm-1b',
      latencyMs: 42,
      promptText: p1.text,
      prompt: { id: p1.id, text: p1.text },
      run: { id: run.id, status: 'QUEUED' },
    });
    expect(analysed.engineLabel).not.toBe('local-gpt');
    expect(analysed.mentions).toEqual([
      {
        entityId: brand.id,
        entityName: 'Northwind CRM',
        kind: 'BRAND',
        rank: 1,
        count: 1,
        firstOffset: 0,
        sentiment: 0.6,
        spans: [{ start: 0, end: 13 }],
      },
      {
        entityId: competitor.id,
        entityName: 'Contoso',
        kind: 'COMPETITOR',
        rank: 2,
        count: 1,
        firstOffset: 32,
        sentiment: 0,
        spans: [{ start: 32, end: 39 }],
      },
    ]);
    expect(text.slice(0, 13)).toBe('Northwind CRM');
    expect(text.slice(32, 39)).toBe('Contoso');
    expect(analysed.citations).toEqual([
      {
        url: 'https://northwindcrm.com/p',
        domain: 'northwindcrm.com',
        title: 'Pricing',
        position: 1,
        owner: 'OWN',
        entityId: brand.id,
      },
      {
        url: 'https://contoso.com/',
        domain: 'contoso.com',
        title: null,
        position: 2,
        owner: 'COMPETITOR',
        entityId: competitor.id,
      },
      {
        url: 'https://g2.com/crm',
        domain: 'g2.com',
        title: 'G2',
        position: 3,
        owner: 'THIRD_PARTY',
        entityId: null,
      },
    ]);

    const ids = async (vars: Record<string, unknown>) =>
      (await a.gql<Page>(ANSWERS, { id: brand.id, ...vars })).data!.answers.edges.map(
        (e) => e.node,
      );
    expect(await ids({ engine: 'local-gpt' })).toHaveLength(2);
    expect((await ids({ promptId: p2.id })).map((n) => n.engine).sort()).toEqual([
      'local-claude',
      'local-gpt',
    ]);
    expect(await ids({ runId: run.id, engine: 'local-claude' })).toHaveLength(1);
    expect(await ids({ runId: MISSING })).toEqual([]);
    const failed = (await ids({ promptId: p2.id, engine: 'local-gpt' }))[0]!;
    expect(failed).toMatchObject({ text: null, error: 'Engine timed out.', mentions: [] });

    // Pages of one, in the same order as the full list.
    type IdPage = {
      answers: {
        edges: { node: { id: string } }[];
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
      };
    };
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 4; i++) {
      const body: GqlBody<IdPage> = await a.gql<IdPage>(ANSWERS, { id: brand.id, first: 1, after });
      const page = body.data!.answers;
      seen.push(...page.edges.map((e) => e.node.id));
      after = page.pageInfo.endCursor;
      if (!page.pageInfo.hasNextPage) break;
    }
    expect(seen).toEqual(all.data!.answers.edges.map((e) => e.node.id));

    expect(codeOf(await a.gql(ANSWERS, { id: brand.id, runId: 'x' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await a.gql(ANSWERS, { id: brand.id, first: 101 }))).toBe('BAD_USER_INPUT');
    for (const id of [brand.id, MISSING, 'x']) {
      expect(codeOf(await b.gql(ANSWERS, { id })), id).toBe('NOT_FOUND');
    }
    // B's own brand with A's run id as filter sees nothing of A's.
    const theirs = await brandOf(b.gql);
    const leak = await b.gql<Page>(ANSWERS, { id: theirs.id, runId: run.id });
    expect(leak.data!.answers.edges).toEqual([]);
  });
});

describe('subscriptions', () => {
  it('runUpdated: the current state at once, each change, and the end; NOT_FOUND across workspaces', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const brand = await brandOf(a.gql);
    const run = await start(a.gql, brand.id);
    const QUERY = `subscription ($id: ID!) { runUpdated(id: $id) { ${RUN_FIELDS} } }`;
    const controller = new AbortController();
    const frames = sseSubscribe(
      `${gateway.url}/graphql`,
      QUERY,
      { id: run.id },
      controller.signal,
      {
        authorization: `Bearer ${a.token}`,
      },
    );
    const next = async () => {
      const frame = (await frames.next()).value;
      expect(frame?.errors).toBeUndefined();
      return frame?.data?.runUpdated as Run;
    };
    expect(await next()).toMatchObject({ id: run.id, status: 'QUEUED', done: 0 });

    const [p1] = brand.prompts as [{ id: string; text: string }];
    await handle.execute(
      sql`update runs set status = 'RUNNING', started_at = now() where id = ${run.id}`,
    );
    await nudge(a.workspaceId, run.id);
    expect(await next()).toMatchObject({ status: 'RUNNING', done: 0 });
    await storeAnswer(a.workspaceId, run.id, p1, 'local-claude', { text: 'Northwind.' });
    await nudge(a.workspaceId, run.id);
    const progressed = await next();
    expect(progressed.done).toBe(1);
    expect(progressed.engines.find((e) => e.engine === 'local-claude')!.done).toBe(1);
    await finish(run.id, 'COMPLETED', 61);
    await nudge(a.workspaceId, run.id);
    expect(await next()).toMatchObject({ status: 'COMPLETED', done: 1 });
    // The stream ends after the final state.
    expect((await frames.next()).done).toBe(true);
    controller.abort();

    for (const id of [run.id, MISSING, 'x']) {
      const theirs = sseSubscribe(
        `${gateway.url}/graphql`,
        QUERY,
        { id },
        new AbortController().signal,
        {
          authorization: `Bearer ${b.token}`,
        },
      );
      const first = (await theirs.next()).value;
      expect(first?.errors?.[0]?.extensions?.code, id).toBe('NOT_FOUND');
      expect(first?.errors?.[0]?.message).toBe('Run not found.');
      await theirs.return(undefined);
    }
    const anonymous = sseSubscribe(
      `${gateway.url}/graphql`,
      QUERY,
      { id: run.id },
      new AbortController().signal,
    );
    expect((await anonymous.next()).value?.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await anonymous.return(undefined);
  });

  it('runFinished: tells the workspace about its runs that finish, never another workspace’s', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const mine = await start(a.gql, (await brandOf(a.gql)).id);
    const theirs = await start(b.gql, (await brandOf(b.gql)).id);
    const controller = new AbortController();
    const frames = sseSubscribe(
      `${gateway.url}/graphql`,
      'subscription { runFinished { id status error brand { name } } }',
      {},
      controller.signal,
      { authorization: `Bearer ${a.token}` },
    );
    const first = frames.next();
    // The subscription is open once the gateway has subscribed to the workspace topic.
    await waitForSubscriber(`${prefix}:events:${TOPIC.workspace(a.workspaceId)}`);
    await b.gql(CANCEL, { id: theirs.id });
    await nudge(a.workspaceId, theirs.id);
    await a.gql(CANCEL, { id: mine.id });
    const frame = (await first).value;
    expect(frame?.errors).toBeUndefined();
    expect(frame?.data?.runFinished).toEqual({
      id: mine.id,
      status: 'FAILED',
      error: 'Cancelled',
      brand: { name: 'Northwind CRM' },
    });
    controller.abort();
  });
});

describe('a subscription outlives nothing it was allowed', () => {
  it('ends a member’s runFinished with NOT_FOUND once the membership is removed', async () => {
    const owner = await signedIn();
    const member = await signedIn();
    const brandId = (await brandOf(owner.gql)).id;
    await handle.execute(sql`insert into workspace_members (workspace_id, user_id, role)
      values (${owner.workspaceId}, ${decodeJwt(member.token).sub as string}, 'member')`);
    const controller = new AbortController();
    const frames = sseSubscribe(
      `${gateway.url}/graphql`,
      'subscription { runFinished { id status } }',
      {},
      controller.signal,
      { authorization: `Bearer ${member.token}`, 'x-workspace-id': owner.workspaceId },
    );
    const first = frames.next();
    await waitForSubscriber(`${prefix}:events:${TOPIC.workspace(owner.workspaceId)}`);
    const one = await start(owner.gql, brandId);
    await owner.gql(CANCEL, { id: one.id });
    expect((await first).value?.data?.runFinished).toMatchObject({ id: one.id });

    await handle.execute(sql`delete from workspace_members
      where workspace_id = ${owner.workspaceId} and user_id = ${decodeJwt(member.token).sub as string}`);
    const two = await start(owner.gql, brandId);
    await owner.gql(CANCEL, { id: two.id });
    const after = (await frames.next()).value;
    expect(after?.data?.runFinished ?? null).toBeNull();
    expect(after?.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    controller.abort();
  });
});

/** Resolves once a Redis subscriber listens on the channel (no sleeps: polls PUBSUB NUMSUB). */
async function waitForSubscriber(channel: string): Promise<void> {
  for (;;) {
    const [, count] = (await redis.pubsub('NUMSUB', channel)) as [string, number];
    if (Number(count) > 0) return;
    await new Promise((r) => setImmediate(r));
  }
}

describe('a manual run through the real worker', () => {
  it('runs prompts × local engines to COMPLETED, live frames never go back, runFinished tells', async () => {
    await loadSeedCorpus(handle);
    const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
    const worker = await startWorker(env);
    try {
      const a = await signedIn();
      const brand = await brandOf(a.gql);
      const finished = sseSubscribe(
        `${gateway.url}/graphql`,
        'subscription { runFinished { id status done failed score } }',
        {},
        new AbortController().signal,
        { authorization: `Bearer ${a.token}` },
      );
      const told = finished.next();
      await waitForSubscriber(`${prefix}:events:${TOPIC.workspace(a.workspaceId)}`);
      const run = await start(a.gql, brand.id);
      const frames: Run[] = [];
      const controller = new AbortController();
      for await (const frame of sseSubscribe(
        `${gateway.url}/graphql`,
        `subscription ($id: ID!) { runUpdated(id: $id) { ${RUN_FIELDS} } }`,
        { id: run.id },
        controller.signal,
        { authorization: `Bearer ${a.token}` },
      )) {
        expect(frame.errors).toBeUndefined();
        frames.push(frame.data?.runUpdated as Run);
      }
      const last = frames.at(-1)!;
      expect(last).toMatchObject({ status: 'COMPLETED', total: 10, done: 10, failed: 0 });
      expect(last.engines.map((e) => [e.engine, e.done, e.total])).toEqual([
        ['local-gpt', 5, 5],
        ['local-claude', 5, 5],
      ]);
      const order = ['QUEUED', 'RUNNING', 'COMPLETED'];
      for (let i = 1; i < frames.length; i++) {
        expect(order.indexOf(frames[i]!.status)).toBeGreaterThanOrEqual(
          order.indexOf(frames[i - 1]!.status),
        );
        expect(frames[i]!.done).toBeGreaterThanOrEqual(frames[i - 1]!.done);
      }
      const toast = (await told).value?.data?.runFinished as { id: string; status: string };
      expect(toast).toMatchObject({ id: run.id, status: 'COMPLETED', done: 10 });
      await finished.return(undefined);
      const answers = await a.gql<{ answers: { edges: { node: { text: string } }[] } }>(
        'query ($id: ID!, $run: ID!) { answers(brandId: $id, runId: $run, first: 100) { edges { node { text } } } }',
        { id: brand.id, run: run.id },
      );
      expect(answers.data!.answers.edges).toHaveLength(10);
    } finally {
      await worker.close();
    }
  });
});
