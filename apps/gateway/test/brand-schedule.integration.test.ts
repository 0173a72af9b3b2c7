import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { PLAN_LIMITS } from '@lumen/domain/brands/plan-limits';
import { brandSchedulerId } from '@lumen/jobs/brand-schedule';
import { ScheduledBrandRunJob } from '@lumen/jobs/definitions';
import { createQueues, type Queues } from '@lumen/jobs/queues';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, client, codeOf, signUp } from './brand-helpers';

// The brand mutations keep each brand's BullMQ job scheduler in step with its row, and a run
// that would exceed the month's answer quota is refused before it starts (docs/brands.md).

let gateway: RunningGateway;
let handle: Database;
let redis: Redis;
let queues: Queues;

beforeAll(async () => {
  handle = createDb(process.env.DATABASE_URL!, { max: 2 });
  redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
  queues = createQueues(redis, process.env.REDIS_PREFIX ?? 'lumen');
  // A paid provider is configured (never called: no worker runs here), so brands may use it.
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    OPENAI_API_KEY: 'sk-test-never-called',
  });
  gateway = await startGateway(env, { webDist: null });
});

afterAll(async () => {
  await gateway?.close();
  await queues?.close();
  redis?.disconnect();
  if (handle) await closeDb(handle);
});

const scheduler = (brandId: string) =>
  queues[ScheduledBrandRunJob.queue].getJobScheduler(brandSchedulerId(brandId));

async function signedIn() {
  const gql = client(gateway, await signUp(gateway));
  const me = await gql<{ me: { workspaces: { id: string }[] } }>('{ me { workspaces { id } } }');
  return { gql, workspaceId: me.data!.me.workspaces[0]!.id };
}

const CREATE = `mutation ($input: BrandInput!) { createBrand(input: $input) { id } }`;
const UPDATE = `mutation ($id: ID!, $input: BrandInput!) { updateBrand(id: $id, input: $input) { id } }`;

describe('brand mutations keep the job scheduler in step', () => {
  it('create, change the schedule, pause, resume, go manual, delete', async () => {
    const { gql } = await signedIn();
    const created = await gql<{ createBrand: { id: string } }>(CREATE, { input: baseInput() });
    expect(created.errors).toBeUndefined();
    const id = created.data!.createBrand.id;
    expect(await scheduler(id)).toMatchObject({ pattern: '0 7 * * *', tz: 'Europe/Berlin' });

    const weekly = baseInput({
      schedule: { cadence: 'WEEKLY', hour: 9, weekday: 3, timezone: 'America/New_York' },
    });
    expect((await gql(UPDATE, { id, input: weekly })).errors).toBeUndefined();
    expect(await scheduler(id)).toMatchObject({ pattern: '0 9 * * 3', tz: 'America/New_York' });

    const status = (s: string) =>
      gql(`mutation ($id: ID!) { setBrandStatus(id: $id, status: ${s}) { status } }`, { id });
    expect((await status('PAUSED')).errors).toBeUndefined();
    expect(await scheduler(id)).toBeUndefined();
    expect((await status('ACTIVE')).errors).toBeUndefined();
    expect(await scheduler(id)).toMatchObject({ pattern: '0 9 * * 3' });

    const manual = baseInput({ schedule: { cadence: 'MANUAL', hour: 9, timezone: 'UTC' } });
    expect((await gql(UPDATE, { id, input: manual })).errors).toBeUndefined();
    expect(await scheduler(id)).toBeUndefined();

    expect((await gql(UPDATE, { id, input: baseInput() })).errors).toBeUndefined();
    expect(await scheduler(id)).toMatchObject({ pattern: '0 7 * * *' });
    expect(
      (await gql('mutation ($id: ID!) { deleteBrand(id: $id) }', { id })).errors,
    ).toBeUndefined();
    expect(await scheduler(id)).toBeUndefined();
  });
});

describe('startRun and the monthly answer quota', () => {
  it('refuses a run that would exceed it with QUOTA_EXCEEDED and what remains; local engines are free', async () => {
    const { gql, workspaceId } = await signedIn();
    await handle.execute(sql`update workspaces set plan = 'free' where id = ${workspaceId}`);
    const input = baseInput({
      engines: ['openai', 'local-gpt'],
      schedule: { cadence: 'WEEKLY', hour: 7, weekday: 1, timezone: 'UTC' },
      keywords: ['CRM software'],
    });
    const created = await gql<{ createBrand: { id: string } }>(CREATE, { input });
    expect(created.errors).toBeUndefined();
    const brandId = created.data!.createBrand.id;
    const [{ prompts } = { prompts: 0 }] = await handle.execute<{ prompts: number }>(
      sql`select count(*)::int as prompts from prompts where brand_id = ${brandId} and active`,
    );
    expect(prompts).toBeGreaterThan(0);

    // The month so far: paid answers up to 2 short of what this run needs.
    const limit = PLAN_LIMITS.free.answersPerMonth;
    const [done] = await handle.execute<{ id: string }>(sql`
      insert into runs (workspace_id, brand_id, trigger, status)
      values (${workspaceId}, ${brandId}, 'manual', 'COMPLETED') returning id`);
    await handle.execute(sql`
      insert into answers (workspace_id, run_id, prompt_text, engine, text)
      select ${workspaceId}, ${done!.id}, 'q' || i, 'openai', 'answer'
        from generate_series(1, ${limit - prompts + 2}) as i`);
    // Local answers are free, however many.
    await handle.execute(sql`
      insert into answers (workspace_id, run_id, prompt_text, engine, text)
      select ${workspaceId}, ${done!.id}, 'q' || i, 'local-gpt', 'answer'
        from generate_series(1, 1000) as i`);

    const START = 'mutation ($id: ID!) { startRun(brandId: $id) { id status } }';
    const refused = await gql(START, { id: brandId });
    expect(codeOf(refused)).toBe('QUOTA_EXCEEDED');
    // This gateway runs without PLANS: the free plan's quota applies, but no plan is named.
    expect(refused.errors![0]!.message).toBe(
      `This run needs ${prompts} paid answers but only ${prompts - 2} of this workspace's ${limit} this month remain.`,
    );
    expect(refused.errors![0]!.extensions).toMatchObject({
      plan: 'FREE',
      resource: 'answers',
      limit,
      remaining: prompts - 2,
      needed: prompts,
    });
    // Refused before it started: no run row is left behind.
    const [open] = await handle.execute<{ n: number }>(sql`
      select count(*)::int as n from runs where brand_id = ${brandId} and id <> ${done!.id}`);
    expect(open!.n).toBe(0);

    // Two answers fewer this month (deleted), and the run fits exactly.
    await handle.execute(sql`
      delete from answers where id in (select id from answers
        where run_id = ${done!.id} and engine = 'openai' limit 2)`);
    const started = await gql<{ startRun: { status: string } }>(START, { id: brandId });
    expect(started.errors).toBeUndefined();
    expect(started.data!.startRun.status).toBe('QUEUED');
  });
});
