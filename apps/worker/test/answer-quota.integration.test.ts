import { closeDb, createDb, type Database } from '@lumen/db/client';
import { startBrandRun } from '@lumen/db/repositories/run-start.repository';
import { checkRunQuota } from '@lumen/db/repositories/usage.repository';
import { answers, runs } from '@lumen/db/schema/runs';
import { PLAN_LIMITS } from '@lumen/domain/brands/plan-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSeededRuns, type SeededBrand, seedBrand, seedWorkspace } from './after-run-fixtures';

let db: Database;
beforeAll(() => {
  db = createDb(process.env.DATABASE_URL!, { max: 4 });
});
afterAll(async () => {
  await closeSeededRuns(db);
  await closeDb(db);
});

const LIMIT = PLAN_LIMITS.free.answersPerMonth;

async function freeBrand(workspaceId: string, engines: string[]): Promise<SeededBrand> {
  return seedBrand(db, workspaceId, {
    name: 'Quillbarrow',
    engines,
    competitors: [],
    keywords: [{ text: 'hives', prompts: [{ text: 'p1' }, { text: 'p2' }, { text: 'p3' }] }],
    schedule: { cadence: 'WEEKLY', hour: 6, weekday: 1, timezone: 'UTC' },
  });
}

/** `n` stored answers of one engine in a run of the brand, created at `at`. */
async function storeAnswers(
  s: SeededBrand,
  engine: string,
  n: number,
  options: {
    at?: Date;
    status?: 'COMPLETED' | 'RUNNING';
    error?: string;
    trigger?: 'manual' | 'quick_score';
  } = {},
): Promise<string> {
  const [run] = await db
    .insert(runs)
    .values({
      workspaceId: s.brand.workspaceId,
      brandId: s.brand.id,
      trigger: options.trigger ?? 'manual',
      status: options.status ?? 'COMPLETED',
      createdAt: options.at ?? new Date(),
    })
    .returning({ id: runs.id });
  if (n > 0) {
    await db.insert(answers).values(
      Array.from({ length: n }, (_, i) => ({
        workspaceId: s.brand.workspaceId,
        runId: run!.id,
        promptText: `q${i}`,
        engine,
        text: options.error ? null : 'answer',
        error: options.error ?? null,
        createdAt: options.at ?? new Date(),
      })),
    );
  }
  return run!.id;
}

describe('checkRunQuota', () => {
  it('counts paid answers of this month only; local, failed and claimed quick-check answers are free', async () => {
    const workspaceId = await seedWorkspace(db, 'free');
    const s = await freeBrand(workspaceId, ['openai', 'local-gpt']);
    await storeAnswers(s, 'openai', 200);
    await storeAnswers(s, 'local-gpt', 300);
    await storeAnswers(s, 'openai', 50, { error: 'provider said 500' });
    const lastMonth = new Date();
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1, 1);
    await storeAnswers(s, 'openai', 400, { at: lastMonth });
    // A claimed quick check's answers are copies the guest check already paid for.
    await storeAnswers(s, 'openai', 40, { trigger: 'quick_score' });

    const quota = await checkRunQuota(db, workspaceId, s.brand.id);
    expect(quota).toMatchObject({
      plan: 'free',
      limit: LIMIT,
      used: 200,
      reserved: 0,
      // 3 active prompts × 1 paid engine: local-gpt asks no provider.
      needed: 3,
      remaining: LIMIT - 200,
      allowed: true,
      message: null,
    });
  });

  it('refuses a run that would exceed the quota, saying what remains', async () => {
    const workspaceId = await seedWorkspace(db, 'free');
    const s = await freeBrand(workspaceId, ['openai', 'anthropic']);
    await storeAnswers(s, 'anthropic', LIMIT - 5);
    const quota = await checkRunQuota(db, workspaceId, s.brand.id);
    expect(quota).toMatchObject({ used: LIMIT - 5, needed: 6, remaining: 5, allowed: false });
    expect(quota.message).toBe(
      `This run needs 6 paid answers but only 5 of the Free plan's ${LIMIT} this month remain.`,
    );
  });

  it("reserves what other brands' unfinished runs will still store", async () => {
    const workspaceId = await seedWorkspace(db, 'free');
    const s = await freeBrand(workspaceId, ['openai']);
    const other = await freeBrand(workspaceId, ['openai']);
    await storeAnswers(s, 'openai', LIMIT - 4);
    // A running run of the other brand: 3 prompts × 1 paid engine, 1 answer already stored.
    await storeAnswers(other, 'openai', 1, { status: 'RUNNING' });
    const quota = await checkRunQuota(db, workspaceId, s.brand.id);
    expect(quota).toMatchObject({ used: LIMIT - 3, reserved: 2, remaining: 1, allowed: false });
  });

  it('does not count the run being started twice (startRun inserts it, then asks)', async () => {
    const workspaceId = await seedWorkspace(db, 'free');
    const s = await freeBrand(workspaceId, ['openai']);
    await storeAnswers(s, 'openai', LIMIT - 3);
    await storeAnswers(s, 'openai', 0, { status: 'RUNNING' });
    const quota = await checkRunQuota(db, workspaceId, s.brand.id);
    expect(quota).toMatchObject({ reserved: 0, needed: 3, remaining: 3, allowed: true });
  });

  it('a brand on local engines only always fits', async () => {
    const workspaceId = await seedWorkspace(db, 'free');
    const s = await freeBrand(workspaceId, ['local-gpt', 'local-claude']);
    await storeAnswers(s, 'openai', LIMIT + 10);
    const quota = await checkRunQuota(db, workspaceId, s.brand.id);
    expect(quota).toMatchObject({ needed: 0, remaining: 0, allowed: true });
  });
});

const targeted = (brandId: string, promptIds: string[]) =>
  db.transaction((tx) =>
    startBrandRun(tx, { trigger: 'TARGETED', brandId, promptIds, plans: true }),
  );

describe('startBrandRun: a re-measure after a publication (TARGETED)', () => {
  it('counts against the monthly quota: refused with QUOTA_EXCEEDED when its prompts do not fit, nothing inserted', async () => {
    const workspaceId = await seedWorkspace(db, 'free');
    const s = await freeBrand(workspaceId, ['openai', 'anthropic']);
    await storeAnswers(s, 'openai', LIMIT - 1);
    const refused = await targeted(s.brand.id, [s.prompts[0]!.id]);
    // One prompt × 2 paid engines × 5 samples (a re-measure asks as many as allowed).
    const message = `This run needs 10 paid answers but only 1 of the Free plan's ${LIMIT} this month remain.`;
    expect(refused).toMatchObject({
      kind: 'quota-exceeded',
      code: 'QUOTA_EXCEEDED',
      message,
      runId: null,
      quota: { needed: 10, remaining: 1, allowed: false, message },
    });
    const rows = await db.$client`
      select id from runs where brand_id = ${s.brand.id} and trigger = 'targeted'`;
    expect(rows).toHaveLength(0);
  });

  it('needs only its own prompts × paid engines × its 5 samples, and records them on the run', async () => {
    const workspaceId = await seedWorkspace(db, 'free');
    const s = await freeBrand(workspaceId, ['openai', 'anthropic']);
    // 10 left: one prompt × 2 engines × 5 samples fits exactly.
    await storeAnswers(s, 'openai', LIMIT - 10);
    const started = await targeted(s.brand.id, [s.prompts[0]!.id]);
    expect(started.kind).toBe('started');
    const [run] =
      await db.$client`select trigger, total, samples, prompt_ids from runs where id = ${
        started.kind === 'started' ? started.runId : null
      }`;
    expect(run).toEqual({
      trigger: 'targeted',
      total: 10,
      samples: 5,
      prompt_ids: [s.prompts[0]!.id],
    });
  });
});

describe('samples: every sample is an answer of the quota', () => {
  it('a full run of a brand with 3 samples needs prompts × paid engines × 3', async () => {
    const workspaceId = await seedWorkspace(db, 'free');
    const s = await freeBrand(workspaceId, ['openai', 'local-gpt']);
    await db.$client`update brands set samples = 3 where id = ${s.brand.id}`;
    expect(await checkRunQuota(db, workspaceId, s.brand.id)).toMatchObject({ needed: 9 });
    const started = await db.transaction((tx) =>
      startBrandRun(tx, { trigger: 'MANUAL', brandId: s.brand.id, plans: true }),
    );
    const [run] = await db.$client`select total, samples from runs where id = ${
      started.kind === 'started' ? started.runId : null
    }`;
    // 3 prompts × 2 engines (the local one is free) × 3 samples.
    expect(run).toEqual({ total: 18, samples: 3 });
  });
});

describe('startBrandRun: the same quota on every trigger', () => {
  it.each([
    ['MANUAL', 0],
    ['SCHEDULED', 1],
  ] as const)(
    '%s over the quota is refused with QUOTA_EXCEEDED (%i FAILED rows kept)',
    async (trigger, kept) => {
      const workspaceId = await seedWorkspace(db, 'free');
      const s = await freeBrand(workspaceId, ['openai']);
      await storeAnswers(s, 'openai', LIMIT - 2);
      const refused = await db.transaction((tx) =>
        startBrandRun(tx, { trigger, brandId: s.brand.id, plans: true }),
      );
      expect(refused).toMatchObject({ kind: 'quota-exceeded', code: 'QUOTA_EXCEEDED' });
      const open = await db.$client`
      select status, error from runs where brand_id = ${s.brand.id} and status <> 'COMPLETED'`;
      expect(open).toHaveLength(kept);
      for (const row of open) expect(row).toMatchObject({ status: 'FAILED' });
    },
  );
});
