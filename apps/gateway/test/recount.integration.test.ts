import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { writeDailyRollups } from '@lumen/db/repositories/metric-snapshot.repository';
import { requestReanalysis } from '@lumen/db/repositories/reanalysis.repository';
import {
  finishBrandRun,
  loadQueryContext,
  settleRunCounts,
  storeEngineAnswer,
} from '@lumen/db/repositories/run.repository';
import { ANALYZER_VERSION, analysisRows } from '@lumen/domain/analysis/analysis-rows';
import { createAnalyzer } from '@lumen/domain/analysis/analyze-answer';
import { eventChannel, TOPIC } from '@lumen/jobs/events';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, client, signUp } from './brand-helpers';

// Re-analysis end to end (docs/jobs.md, "Re-analysis"): answers stored by a run while a brand
// did not track Gridwork, then the gateway's addCompetitor, the real worker's reanalyze job,
// the rebuilt rollups and the API's numbers; and a new analyzer version found at worker start.

let gateway: RunningGateway;
let worker: RunningWorker;
let handle: Database;
let env: ReturnType<typeof loadEnv>;
let gql: ReturnType<typeof client>;
let brandId: string;

const DAYS = ['2026-11-10', '2026-11-11'];
const RANGE = { from: DAYS[0], to: DAYS[1] };
const PER_DAY = 120;
const ENGINES = ['local-gpt', 'local-claude'];

/** Answer i names Gridwork when i % 3 !== 2: two thirds of the answers. */
function answerText(i: number): string {
  return i % 3 === 2
    ? `For a small team, Northwind is a fine CRM (${i}). Plainplan is cheaper.`
    : `1. **Northwind**: simple pipelines (${i}).\n2. **Gridwork**: strong reports and forecasting.\n3. **Plainplan**: cheap.`;
}

/** A completed run of `day` with its answers stored the worker's way, and its day rolled up. */
async function storeRun(day: string): Promise<void> {
  const [run] = await handle.execute<{ id: string }>(sql`
    insert into runs (workspace_id, brand_id, trigger, status, started_at, created_at)
    select workspace_id, id, 'manual', 'RUNNING', ${`${day}T09:00:00Z`}, ${`${day}T09:00:00Z`}
      from brands where id = ${brandId}
    returning id`);
  const runId = run!.id;
  const [prompt] = await handle.execute<{ id: string }>(
    sql`select id from prompts where brand_id = ${brandId} order by created_at limit 1`,
  );
  const context = await loadQueryContext(handle, runId, prompt!.id, ENGINES[0]!);
  const analyze = createAnalyzer(context!.entities, { languageHint: 'en' });
  for (let i = 0; i < PER_DAY; i++) {
    const text = answerText(i);
    const stored = await storeEngineAnswer(
      handle,
      runId,
      context!.workspaceId,
      {
        promptId: prompt!.id,
        promptText: `Which CRM suits a small team? (${i % 60})`,
        engine: ENGINES[Math.floor(i / 60)]!,
        requestedModel: null,
        servedModel: null,
        text,
        citations: [],
        latencyMs: 10,
        usage: null,
        error: null,
      },
      (answerId) => analysisRows(answerId, analyze({ text, citations: [] }), context!.entities, []),
    );
    expect(stored).toBe('stored');
  }
  await settleRunCounts(handle, runId);
  await handle.transaction(async (tx) => {
    await finishBrandRun(tx, runId, { status: 'COMPLETED', score: null, metrics: null });
    await writeDailyRollups(tx, runId);
  });
}

type Reanalysis = { id: string; status: string; done: number; total: number; method: boolean };

async function reanalyses(): Promise<Reanalysis[]> {
  return [
    ...(await handle.execute<Reanalysis>(sql`
      select id, status, done, total, method_changed as method from reanalyses
       where brand_id = ${brandId} order by created_at`)),
  ];
}

/** Waits until the brand has `count` re-analyses and all of them are finished. */
async function settled(count: number): Promise<Reanalysis[]> {
  for (;;) {
    const rows = await reanalyses();
    if (rows.some((r) => r.status === 'FAILED')) throw new Error('re-analysis failed');
    if (rows.length >= count && rows.every((r) => r.status === 'COMPLETED')) return rows;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function snapshots(): Promise<string> {
  const rows = await handle.execute<{ day: string; engine: string; detail: unknown }>(sql`
    select day, engine, keyword_id, branded, detail from metric_snapshots
     where brand_id = ${brandId} order by day, engine, keyword_id nulls first, branded`);
  return JSON.stringify(rows);
}

const NUMBERS = `query ($id: ID!, $filter: MetricsFilter!) {
  brand(id: $id) {
    recount { status done total methodChanged }
    competitorMetrics(filter: $filter) { name kind answers mentionRate { value } }
    annotations(filter: $filter) { kind title date }
  }
}`;

type Numbers = {
  brand: {
    recount: { status: string; done: number; total: number; methodChanged: boolean } | null;
    competitorMetrics: {
      name: string;
      kind: string;
      answers: number;
      mentionRate: { value: number };
    }[];
    annotations: { kind: string; title: string; date: string }[];
  };
};

async function numbers(): Promise<Numbers['brand']> {
  // The brand's today (baseInput's Europe/Berlin), not UTC's: between 23:00 and 24:00 UTC the
  // re-analysis's mark is already dated tomorrow in Berlin, and a UTC range left it out.
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Berlin' });
  const body = await gql<Numbers>(NUMBERS, {
    id: brandId,
    filter: { from: RANGE.from, to: today },
  });
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data.brand;
}

beforeAll(async () => {
  handle = createDb(process.env.DATABASE_URL!, { max: 2 });
  env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
  gateway = await startGateway(env, { webDist: null });
  worker = await startWorker(env);
  gql = client(gateway, await signUp(gateway));
  const created = await gql<{ createBrand: { id: string } }>(
    `mutation ($input: BrandInput!) { createBrand(input: $input) { id } }`,
    { input: baseInput({ keywords: ['CRM for small teams'] }) },
  );
  if (!created.data) throw new Error(JSON.stringify(created.errors));
  brandId = created.data.createBrand.id;
  // A new brand is read by today's analyzer: nothing to re-analyse at the next start.
  const [fresh] = await handle.execute<{ v: number }>(
    sql`select analyzer_version as v from brands where id = ${brandId}`,
  );
  expect(fresh!.v).toBe(ANALYZER_VERSION);
  for (const day of DAYS) await storeRun(day);
}, 180_000);

afterAll(async () => {
  await worker?.close();
  await gateway?.close();
  if (handle) await closeDb(handle);
});

describe('recount after a new competitor', () => {
  it('counts Gridwork in the answers stored before it was tracked, and rebuilds the rollups', async () => {
    const before = await numbers();
    expect(before.recount).toBeNull();
    expect(before.competitorMetrics.map((e) => e.name)).toEqual(['Northwind CRM']);
    const rollupsBefore = await snapshots();
    // The progress the pages follow: one event per batch of 100 on the brand's recount topic.
    const listener = new Redis(process.env.REDIS_URL!);
    const progress: { done?: number; total?: number }[] = [];
    listener.on('message', (_channel, message: string) => {
      progress.push((JSON.parse(message) as { data: { done?: number; total?: number } }).data);
    });
    await listener.subscribe(eventChannel(env.REDIS_PREFIX, TOPIC.recount(brandId)));

    const added = await gql<{ addCompetitor: { id: string } }>(
      `mutation ($brandId: ID!) { addCompetitor(brandId: $brandId, input: { name: "Gridwork" }) { id } }`,
      { brandId },
    );
    expect(added.errors).toBeUndefined();
    const [done] = await settled(1);
    const total = DAYS.length * PER_DAY;
    expect(done).toMatchObject({ done: total, total, method: false });
    while (!progress.some((p) => p.done === total && p.total === total)) {
      await new Promise((r) => setTimeout(r, 50));
    }
    listener.disconnect();
    expect(progress.filter((p) => p.total === total).map((p) => p.done)).toEqual(
      expect.arrayContaining([100, 200, total]),
    );

    const after = await numbers();
    expect(after.recount).toEqual({
      status: 'COMPLETED',
      done: total,
      total,
      methodChanged: false,
    });
    const gridwork = after.competitorMetrics.find((e) => e.name === 'Gridwork');
    // Two answers in three name it: 160 of 240.
    expect(gridwork).toMatchObject({ kind: 'COMPETITOR', answers: total });
    expect(gridwork!.mentionRate.value).toBeCloseTo(160 / 240, 5);
    expect(await snapshots()).not.toEqual(rollupsBefore);
    // The stored rows are the worker's own: one Gridwork mention per answer naming it.
    const [count] = await handle.execute<{ n: number }>(sql`
      select count(*)::int as n from mentions m join answers a on a.id = m.answer_id
        join runs r on r.id = a.run_id
       where r.brand_id = ${brandId} and m.entity = 'competitor' and m.name = 'Gridwork'`);
    expect(count!.n).toBe(160);
    const [speed] = await handle.execute<{ seconds: number }>(sql`
      select extract(epoch from finished_at - started_at)::float as seconds from reanalyses
       where id = ${done!.id}`);
    console.info(
      `re-analysed ${total} answers in ${speed!.seconds.toFixed(2)} s ` +
        `(${Math.round(total / speed!.seconds)} answers/s, rollups included)`,
    );
  });

  it('coalesces requests in a row into one waiting re-analysis, keeping a method change', async () => {
    const ids = await handle
      .transaction(async (tx) => {
        const workspaceId = (
          await tx.execute<{ w: string }>(
            sql`select workspace_id as w from brands where id = ${brandId}`,
          )
        )[0]!.w;
        const a = await requestReanalysis(tx, workspaceId, brandId, { methodChanged: false });
        const b = await requestReanalysis(tx, workspaceId, brandId, { methodChanged: true });
        const [row] = await tx.execute<{ method: boolean }>(
          sql`select method_changed as method from reanalyses where id = ${a.id}`,
        );
        // Rolled back: the waiting row was the test's, with no job behind it.
        throw Object.assign(new Error('rollback'), { result: [a.id, b.id, row!.method] });
      })
      .catch((e: { result?: unknown[] }) => e.result);
    expect(ids?.[0]).toBe(ids?.[1]);
    expect(ids?.[2]).toBe(true);
  });
});

describe('a change during a re-analysis', () => {
  it('waits for the running one, then reads the answers again with the names of the latest change', async () => {
    const earlier = (await reanalyses()).length;
    const [competitor] = await handle.execute<{ id: string }>(
      sql`select id from competitors where brand_id = ${brandId} and name = 'Gridwork'`,
    );
    const [first] = await handle.execute<{ id: string }>(sql`
      select a.id from answers a join runs r on r.id = a.run_id
       where r.brand_id = ${brandId} order by a.id limit 1`);
    // Hold the first batch: storing a mention takes a key-share lock on its answer.
    const held = createDb(process.env.DATABASE_URL!, { max: 1 });
    let release!: () => void;
    const holding = new Promise<void>((r) => {
      release = r;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    const holder = held.transaction(async (tx) => {
      await tx.execute(sql`select id from answers where id = ${first!.id} for update`);
      locked();
      await holding;
    });
    await isLocked;
    try {
      const plainplan = await gql(
        `mutation ($b: ID!) { addCompetitor(brandId: $b, input: { name: "Plainplan" }) { id } }`,
        { b: brandId },
      );
      expect(plainplan.errors).toBeUndefined();
      for (;;) {
        const rows = await reanalyses();
        if (rows.length === earlier + 1 && rows.at(-1)?.status === 'RUNNING') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      // A second change while the first runs: its own row, which waits its turn.
      const removed = await gql('mutation ($id: ID!) { removeCompetitor(id: $id) }', {
        id: competitor!.id,
      });
      expect(removed.errors).toBeUndefined();
      const queue = worker.deps.queues.analysis;
      for (;;) {
        const rows = await reanalyses();
        const second = rows[earlier + 1];
        if (second && (await queue.getJobState(second.id)) === 'delayed') {
          expect(rows.map((r) => r.status).slice(earlier)).toEqual(['RUNNING', 'QUEUED']);
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      release();
      await holder;
      await closeDb(held);
    }
    const rows = await settled(earlier + 2);
    expect(rows).toHaveLength(earlier + 2);
    const [counts] = await handle.execute<{ plainplan: number; gridwork: number }>(sql`
      select count(*) filter (where m.name = 'Plainplan' and m.entity = 'competitor')::int
               as plainplan,
             count(*) filter (where m.name = 'Gridwork' and m.entity = 'competitor')::int
               as gridwork
        from mentions m join answers a on a.id = m.answer_id join runs r on r.id = a.run_id
       where r.brand_id = ${brandId}`);
    // Every stored answer names Plainplan (the first change); Gridwork is no longer tracked
    // (the second, read by the re-analysis that waited).
    expect(counts).toEqual({ plainplan: DAYS.length * PER_DAY, gridwork: 0 });
  });
});

describe('a new analyzer version', () => {
  it('re-analyses the brand once, across worker starts, and marks the trend', async () => {
    const earlier = (await reanalyses()).length;
    // The brand's answers were read by the version before this worker's.
    await handle.execute(
      sql`update brands set analyzer_version = ${ANALYZER_VERSION - 1} where id = ${brandId}`,
    );
    await worker.close();
    worker = await startWorker(env);
    const rows = await settled(earlier + 1);
    expect(rows).toHaveLength(earlier + 1);
    expect(rows.at(-1)).toMatchObject({ method: true, done: DAYS.length * PER_DAY });
    const [brand] = await handle.execute<{ v: number }>(
      sql`select analyzer_version as v from brands where id = ${brandId}`,
    );
    expect(brand!.v).toBe(ANALYZER_VERSION);

    // A second start finds the brand up to date.
    await worker.close();
    worker = await startWorker(env);
    expect(await reanalyses()).toHaveLength(earlier + 1);

    const after = await numbers();
    expect(after.recount).toMatchObject({ status: 'COMPLETED', methodChanged: true });
    const marks = after.annotations.filter((a) => a.kind === 'METHOD_CHANGED');
    expect(marks).toEqual([
      {
        kind: 'METHOD_CHANGED',
        title: `Method changed: analyzer v${ANALYZER_VERSION}`,
        // The brand's local day (baseInput's Europe/Berlin).
        date: new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Berlin' }),
      },
    ]);
  });
});
