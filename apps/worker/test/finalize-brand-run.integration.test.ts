import { loadEnv } from '@lumen/config/env';
import { createRedis } from '@lumen/config/redis';
import {
  findRunRollupScope,
  listMetricSnapshots,
} from '@lumen/db/repositories/metric-snapshot.repository';
import { listBrandOpportunities } from '@lumen/db/repositories/opportunity.repository';
import { findRun } from '@lumen/db/repositories/run-query.repository';
import { ALL_ENGINES } from '@lumen/domain/metrics/rollups';
import { BrandRunJob, GapAnalysisJob } from '@lumen/jobs/definitions';
import { QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalizeBrandRun } from '../src/runs/finalize-brand-run';
import { type RunningWorker, startWorker } from '../src/worker';
import { seedBrand, seedRun, seedWorkspace } from './after-run-fixtures';

// The end of a brand run (docs/jobs.md, "After a run"): completed with its score, the day's
// rollups in the same transaction, then one gap analysis; calling it again changes nothing.

let worker: RunningWorker;
let events: QueueEvents;

beforeAll(async () => {
  worker = await startWorker(loadEnv({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
  events = new QueueEvents(GapAnalysisJob.queue, {
    connection: createRedis(process.env.REDIS_URL!),
    prefix: worker.deps.env.REDIS_PREFIX,
  });
  await events.waitUntilReady();
});

afterAll(async () => {
  await events?.close();
  await worker?.close();
});

const list = (names: string[]) =>
  ['Top picks:', ...names.map((n, i) => `${i + 1}. **${n}** is worth a look.`)].join('\n');

describe('finalizeBrandRun', () => {
  it('completes the run, writes its rollups and runs its gap analysis once', async () => {
    const db = worker.deps.db;
    const workspaceId = await seedWorkspace(db);
    const s = await seedBrand(db, workspaceId, {
      name: 'Quillbarrow',
      engines: ['local-gpt', 'local-claude'],
      competitors: [{ name: 'Hivewise' }],
      keywords: [{ text: 'hive trackers', prompts: [{ text: 'best hive tracker' }] }],
    });
    const prompt = s.prompts[0]!;
    const runId = await seedRun(db, s, {
      status: 'RUNNING',
      answers: [
        { prompt, engine: 'local-gpt', text: list(['Hivewise', 'Quillbarrow']) },
        { prompt, engine: 'local-claude', text: list(['Hivewise']) },
      ],
    });

    await finalizeBrandRun(worker.deps, runId);
    await finalizeBrandRun(worker.deps, runId);

    const run = await findRun(db, null, runId);
    expect(run?.status).toBe('COMPLETED');
    const job = await worker.deps.queues[GapAnalysisJob.queue].getJob(`gap-${runId}`);
    expect(await job!.waitUntilFinished(events)).toMatchObject({ created: 1 });
    const opportunities = await listBrandOpportunities(db, workspaceId, s.brand.id);
    expect(opportunities.map((o) => [o.type, o.status, o.runId])).toEqual([
      ['missing_mention', 'NEW', runId],
    ]);

    const { day } = (await findRunRollupScope(db, runId))!;
    const rows = await listMetricSnapshots(db, workspaceId, s.brand.id, { from: day, to: day });
    const headline = rows.filter((r) => r.engine === ALL_ENGINES && !r.keywordId && !r.branded);
    expect(headline).toHaveLength(1);
    // The run's own score (what brand lists show) and the day's rollup agree.
    const [stored] = await db.query.runs.findMany({ where: (r, { eq }) => eq(r.id, runId) });
    expect(headline[0]).toMatchObject({ answers: 2, mentioned: 1, score: stored!.score });
  });

  it('a parent retried after its run completed adds the gap analysis an earlier attempt lost', async () => {
    const db = worker.deps.db;
    const workspaceId = await seedWorkspace(db);
    const s = await seedBrand(db, workspaceId, {
      name: 'Larkspur Hives',
      engines: ['local-gpt'],
      competitors: [{ name: 'Hivewise' }],
      keywords: [{ text: 'hive scales', prompts: [{ text: 'best hive scale' }] }],
    });
    const prompt = s.prompts[0]!;
    const runId = await seedRun(db, s, {
      status: 'RUNNING',
      answers: [{ prompt, engine: 'local-gpt', text: list(['Hivewise']) }],
    });
    await finalizeBrandRun(worker.deps, runId);
    const queue = worker.deps.queues[GapAnalysisJob.queue];
    const first = await queue.getJob(`gap-${runId}`);
    await first!.waitUntilFinished(events);
    // As if adding it had failed after the run's commit.
    await first!.remove();
    expect(await queue.getJob(`gap-${runId}`)).toBeUndefined();

    const parent = await worker.deps.queues[BrandRunJob.queue].add(
      BrandRunJob.name,
      { runId, step: 'waiting' },
      { jobId: `retried-${runId}` },
    );
    const parentEvents = new QueueEvents(BrandRunJob.queue, {
      connection: createRedis(process.env.REDIS_URL!),
      prefix: worker.deps.env.REDIS_PREFIX,
    });
    try {
      await parentEvents.waitUntilReady();
      expect(await parent.waitUntilFinished(parentEvents)).toMatchObject({ status: 'COMPLETED' });
    } finally {
      await parentEvents.close();
    }
    const again = await queue.getJob(`gap-${runId}`);
    expect(again).toBeDefined();
    expect(await again!.waitUntilFinished(events)).toMatchObject({ created: 0 });
  });
});
