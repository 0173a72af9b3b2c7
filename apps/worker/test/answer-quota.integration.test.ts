import { closeDb, createDb, type Database } from '@lumen/db/client';
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
