import { loadEnv } from '@lumen/config/env';
import { createRedis } from '@lumen/config/redis';
import { setBrandStatus } from '@lumen/db/repositories/brand.repository';
import {
  findRunRollupScope,
  listMetricSnapshots,
} from '@lumen/db/repositories/metric-snapshot.repository';
import { answers, runs } from '@lumen/db/schema/runs';
import { PLAN_LIMITS } from '@lumen/domain/brands/plan-limits';
import {
  brandSchedulerId,
  type ScheduledBrand,
  syncBrandSchedule,
} from '@lumen/jobs/brand-schedule';
import { BrandRunJob, GapAnalysisJob, ScheduledBrandRunJob } from '@lumen/jobs/definitions';
import { createQueues, type Queues } from '@lumen/jobs/queues';
import { type Job, QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorker, startWorker } from '../src/worker';
import { closeSeededRuns, type SeededBrand, seedBrand, seedWorkspace } from './after-run-fixtures';
import { until } from './brand-run-fixtures';

// Schedules fire through BullMQ's own clock: the scheduler's next slot is read as an explicit
// timestamp, and `job.promote()` makes that slot "now" instead of waiting for it. No sleeps.

const env = () => loadEnv({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
let worker: RunningWorker;
let events: QueueEvents;
// The test's own queues: they stay open while the worker is stopped.
let queues: Queues;

beforeAll(async () => {
  worker = await startWorker(env());
  queues = createQueues(createRedis(process.env.REDIS_URL!), worker.deps.env.REDIS_PREFIX);
  events = new QueueEvents(ScheduledBrandRunJob.queue, {
    connection: createRedis(process.env.REDIS_URL!),
    prefix: worker.deps.env.REDIS_PREFIX,
  });
  await events.waitUntilReady();
});

afterAll(async () => {
  if (worker) await closeSeededRuns(worker.deps.db);
  await events?.close();
  await queues?.close();
  await worker?.close();
});

const queue = () => queues[ScheduledBrandRunJob.queue];

/**
 * The first whole hour after `from` whose local time in `timeZone` is `hour`:00 (and `weekday`,
 * 0 = Sunday, when given), found by walking hours with Intl: independent of cron parsing.
 */
function nextSlot(from: number, timeZone: string, hour: number, weekday?: number): number {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    hourCycle: 'h23',
    weekday: 'short',
  });
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  let t = Math.floor(from / 3_600_000) * 3_600_000 + 3_600_000;
  for (let i = 0; i < 24 * 8; i++, t += 3_600_000) {
    const parts = Object.fromEntries(fmt.formatToParts(t).map((p) => [p.type, p.value]));
    if (Number(parts.hour) !== hour) continue;
    if (weekday !== undefined && days.indexOf(parts.weekday ?? '') !== weekday) continue;
    return t;
  }
  throw new Error('no slot within 8 days');
}

function scheduled(seeded: SeededBrand): ScheduledBrand {
  return { id: seeded.brand.id, status: 'ACTIVE', schedule: seeded.brand.schedule };
}

async function brand(
  workspaceId: string,
  schedule: SeededBrand['brand']['schedule'],
  engines = ['local-gpt'],
): Promise<SeededBrand> {
  return seedBrand(worker.deps.db, workspaceId, {
    name: 'Brindlewick',
    engines,
    competitors: [],
    keywords: [{ text: 'varroa monitors', prompts: [{ text: 'best varroa monitor' }] }],
    schedule,
  });
}

/** The scheduler's pending job: the one for its next slot. */
async function pendingJob(brandId: string): Promise<Job> {
  const scheduler = await queue().getJobScheduler(brandSchedulerId(brandId));
  const job = await queue().getJob(`repeat:${brandSchedulerId(brandId)}:${scheduler!.next}`);
  expect(job, 'pending scheduler job').toBeDefined();
  return job!;
}

/** The slot comes now: promote its job and wait for the worker to finish it. */
async function fire(brandId: string): Promise<{ outcome: string; runId: string | null }> {
  const job = await pendingJob(brandId);
  await job.promote();
  return job.waitUntilFinished(events);
}

async function runsOf(brandId: string) {
  return worker.deps.db.query.runs.findMany({ where: (r, { eq }) => eq(r.brandId, brandId) });
}

describe('brand schedules', () => {
  it("fire at the brand's hour in its timezone, start one scheduled run, and plan the next slot", async () => {
    const workspaceId = await seedWorkspace(worker.deps.db);
    const s = await brand(workspaceId, {
      cadence: 'DAILY',
      hour: 6,
      weekday: null,
      timezone: 'Europe/Berlin',
    });
    const before = Date.now();
    await syncBrandSchedule(queues, scheduled(s));
    const scheduler = await queue().getJobScheduler(brandSchedulerId(s.brand.id));
    expect(scheduler).toMatchObject({ pattern: '0 6 * * *', tz: 'Europe/Berlin' });
    const slot = nextSlot(before, 'Europe/Berlin', 6);
    expect(scheduler!.next).toBe(slot);
    expect(await (await pendingJob(s.brand.id)).getState()).toBe('delayed');

    const result = await fire(s.brand.id);
    expect(result.outcome).toBe('started');
    expect((await runsOf(s.brand.id)).map((r) => [r.id, r.trigger])).toEqual([
      [result.runId, 'scheduled'],
    ]);
    // One pending job again, for the following slot (computed after the one that fired).
    const following = await queue().getJobScheduler(brandSchedulerId(s.brand.id));
    expect(following!.next).toBe(nextSlot(slot, 'Europe/Berlin', 6));

    // The run goes through the brand-run flow like a manual one, to its rollups and its gaps.
    const [done] = await until(
      () => runsOf(s.brand.id),
      (rows) => rows[0]?.status === 'COMPLETED' || rows[0]?.status === 'FAILED',
    );
    expect(done).toMatchObject({ status: 'COMPLETED', total: 1, done: 1 });
    const day = await findRunRollupScope(worker.deps.db, done!.id);
    const rollups = await listMetricSnapshots(worker.deps.db, workspaceId, s.brand.id, {
      from: day!.day,
      to: day!.day,
    });
    expect(rollups.find((r) => r.engine === 'all' && !r.keywordId && !r.branded)).toMatchObject({
      answers: 1,
    });
    const gaps = await queues[GapAnalysisJob.queue].getJob(`gap-${done!.id}`);
    expect(gaps).toBeDefined();

    // A slot while the brand has an open run (here a manual one): skipped, no second run.
    await worker.deps.db.insert(runs).values({
      workspaceId,
      brandId: s.brand.id,
      trigger: 'manual',
      status: 'QUEUED',
    });
    expect((await fire(s.brand.id)).outcome).toBe('busy');
    expect(await runsOf(s.brand.id)).toHaveLength(2);
  });

  it('weekly on its weekday; paused or manual brands have no scheduler, resuming brings it back', async () => {
    const workspaceId = await seedWorkspace(worker.deps.db);
    const s = await brand(workspaceId, {
      cadence: 'WEEKLY',
      hour: 9,
      weekday: 1,
      timezone: 'America/New_York',
    });
    const before = Date.now();
    await syncBrandSchedule(queues, scheduled(s));
    const id = brandSchedulerId(s.brand.id);
    const weekly = await queue().getJobScheduler(id);
    expect(weekly).toMatchObject({ pattern: '0 9 * * 1', tz: 'America/New_York' });
    expect(weekly!.next).toBe(nextSlot(before, 'America/New_York', 9, 1));
    const pending = (await pendingJob(s.brand.id)).id!;

    await syncBrandSchedule(queues, { ...scheduled(s), status: 'PAUSED' });
    expect(await queue().getJobScheduler(id)).toBeUndefined();
    expect(await queue().getJob(pending)).toBeUndefined();

    await syncBrandSchedule(queues, scheduled(s));
    expect(await queue().getJobScheduler(id)).toMatchObject({ pattern: '0 9 * * 1' });

    await syncBrandSchedule(queues, {
      ...scheduled(s),
      schedule: { ...s.brand.schedule, cadence: 'MANUAL' },
    });
    expect(await queue().getJobScheduler(id)).toBeUndefined();
  });

  it('a slot over the month’s answer quota is refused before it starts, saying what remains', async () => {
    const db = worker.deps.db;
    const workspaceId = await seedWorkspace(db, 'free');
    const s = await brand(
      workspaceId,
      { cadence: 'WEEKLY', hour: 6, weekday: 1, timezone: 'UTC' },
      ['openai'],
    );
    const [spent] = await db
      .insert(runs)
      .values({ workspaceId, brandId: s.brand.id, trigger: 'manual', status: 'COMPLETED' })
      .returning({ id: runs.id });
    const limit = PLAN_LIMITS.free.answersPerMonth;
    await db.insert(answers).values(
      Array.from({ length: limit }, (_, i) => ({
        workspaceId,
        runId: spent!.id,
        promptText: `q${i}`,
        engine: 'openai',
        text: 'answer',
      })),
    );
    await syncBrandSchedule(queues, scheduled(s));
    const result = await fire(s.brand.id);
    expect(result.outcome).toBe('refused');
    const refused = (await runsOf(s.brand.id)).find((r) => r.id === result.runId)!;
    expect(refused).toMatchObject({ trigger: 'scheduled', status: 'FAILED', startedAt: null });
    // This worker runs without PLANS: the free plan's quota applies, but no plan is named.
    expect(refused.error).toBe(
      `This run needs 1 paid answer but only 0 of this workspace's ${limit} this month remain.`,
    );
    expect(await queues[BrandRunJob.queue].getJob(refused.id)).toBeUndefined();
  });

  it('a scheduler that outlived its brand’s pause removes itself when it fires', async () => {
    const db = worker.deps.db;
    const workspaceId = await seedWorkspace(db);
    const s = await brand(workspaceId, {
      cadence: 'DAILY',
      hour: 3,
      weekday: null,
      timezone: 'UTC',
    });
    await syncBrandSchedule(queues, scheduled(s));
    // Paused in the database, but the gateway's Redis call never happened.
    await setBrandStatus(db, workspaceId, s.brand.id, 'PAUSED');
    expect((await fire(s.brand.id)).outcome).toBe('not-scheduled');
    expect(await queue().getJobScheduler(brandSchedulerId(s.brand.id))).toBeUndefined();
    expect(await runsOf(s.brand.id)).toHaveLength(0);
  });

  it('slots missed while no worker ran become one run when it comes back, not one per slot', async () => {
    const db = worker.deps.db;
    const workspaceId = await seedWorkspace(db);
    const s = await brand(workspaceId, {
      cadence: 'DAILY',
      hour: 5,
      weekday: null,
      timezone: 'UTC',
    });
    await syncBrandSchedule(queues, scheduled(s));
    const pendingId = `repeat:${brandSchedulerId(s.brand.id)}:`;
    await worker.close();
    const due = await pendingJob(s.brand.id);
    const dueId = due.id!;
    try {
      // While no worker runs, the slot comes due (promote = its time has come)…
      await due.promote();
      expect(await due.getState()).toBe('waiting');
      // …and however long the worker stays away, that one job is all the scheduler holds: the
      // next is only planned when a worker takes this one. A re-sync (gateway edit, worker
      // start-up) leaves an unchanged scheduler alone, so the due job is not replaced.
      await syncBrandSchedule(queues, scheduled(s));
      expect(await due.getState()).toBe('waiting');
      const held = await queue().getJobs(['waiting', 'delayed']);
      expect(held.filter((j) => j.id?.startsWith(pendingId)).map((j) => j.id)).toEqual([dueId]);
    } finally {
      worker = await startWorker(env());
    }
    const done = await queue().getJob(dueId);
    expect(await done!.waitUntilFinished(events)).toMatchObject({ outcome: 'started' });
    const all = await runsOf(s.brand.id);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ trigger: 'scheduled' });
    // The next slot is planned from now: in the future, one job.
    const next = await queue().getJobScheduler(brandSchedulerId(s.brand.id));
    expect(next!.next).toBeGreaterThan(Date.now());
    const pending = (await queue().getJobs(['delayed', 'waiting'])).filter((j) =>
      j.id?.startsWith(pendingId),
    );
    expect(pending).toHaveLength(1);
  });
});
