import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { storeRunAnalysis } from '@lumen/db/repositories/brand-run.repository';
import { createAnalyzer } from '@lumen/domain/analysis/analyze-answer';
import type { TrackedEntity } from '@lumen/domain/entities/types';
import { publishEvent, TOPIC } from '@lumen/jobs/events';
import { analyzeRunGaps } from '@lumen/worker/runs/gap-analysis';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { type LoopFixture, seedDraft, signedInWithBrand } from './closed-loop-helpers';

// The reported case (docs/closed-loop.md, "The evidence rule"): one answer per engine before
// publishing, then re-measures. The opportunity's resolution and the impact page read the same
// answers through the same rule, so they agree at every step, and the history says on which
// evidence the opportunity was resolved.

let gateway: RunningGateway;
let db: Database;
let redis: Redis;

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, { max: 2 });
  redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    LOG_LEVEL: 'silent',
  });
  gateway = await startGateway(env, { webDist: null });
});

afterAll(async () => {
  await gateway?.close();
  redis?.disconnect();
  if (db) await closeDb(db);
});

const MISSING = '1. **Northwind CRM** is the best CRM for startups, with a free plan.';
const PRESENT =
  '1. **Zylo CRM** is the best CRM for startups.\n2. **Northwind CRM** is a solid second choice.';
const HOUR = 3_600_000;

type Seeded = LoopFixture & { engines: string[]; entities: TrackedEntity[]; itemId: string };

async function seed(engines: string[]): Promise<Seeded> {
  const f = await signedInWithBrand(gateway, db, engines);
  const [brand] = await db.execute<{ name: string; aliases: string[]; domains: string[] }>(sql`
    select name, aliases, domains from brands where id = ${f.brandId}`);
  const competitors = await db.execute<{
    id: string;
    name: string;
    aliases: string[];
    domains: string[];
  }>(sql`select id, name, aliases, domains from competitors where brand_id = ${f.brandId}`);
  const entities: TrackedEntity[] = [
    { id: f.brandId, kind: 'brand', ...brand! },
    ...competitors.map((c) => ({ ...c, kind: 'competitor' as const })),
  ];
  // The page went out a day ago and was read a minute later; the only run before it asked the
  // prompt once per engine, two days ago.
  const now = Date.now();
  await run(f, entities, engines, { at: new Date(now - 48 * HOUR), text: MISSING });
  await db.execute(
    sql`update opportunities set status = 'PUBLISHED' where id = ${f.opportunityId}`,
  );
  const draftId = await seedDraft(db, f, { status: 'APPROVED' });
  const publishedAt = new Date(now - 24 * HOUR);
  const [item] = await db.execute<{ id: string }>(sql`
    insert into published_items (workspace_id, draft_id, wp_post_id, url, status, published_at,
                                 ingested_at, ingest_status)
    values (${f.workspaceId}, ${draftId}, 1, 'https://blog.zylocrm.com/best-crm-for-startups/',
            'publish', ${publishedAt.toISOString()},
            ${new Date(publishedAt.getTime() + 60_000).toISOString()}, 'READ')
    returning id`);
  return { ...f, engines, entities, itemId: item!.id };
}

/** A completed run of the brand asking the prompt once per engine, analysed. */
async function run(
  f: LoopFixture,
  entities: TrackedEntity[],
  engines: string[],
  input: { at: Date; text: string; trigger?: 'manual' | 'targeted' },
): Promise<string> {
  const analyze = createAnalyzer(entities);
  const at = input.at.toISOString();
  const [row] = await db.execute<{ id: string }>(sql`
    insert into runs (workspace_id, brand_id, trigger, status, total, done, prompt_ids,
                      created_at, started_at, finished_at)
    values (${f.workspaceId}, ${f.brandId}, ${input.trigger ?? 'manual'}, 'COMPLETED',
            ${engines.length}, ${engines.length}, array[${f.promptId}::uuid], ${at}, ${at}, ${at})
    returning id`);
  const runId = row!.id;
  const mentions = [];
  for (const engine of engines) {
    const [answer] = await db.execute<{ id: string }>(sql`
      insert into answers (workspace_id, run_id, prompt_id, prompt_text, engine, text)
      select ${f.workspaceId}, ${runId}, id, text, ${engine}, ${input.text}
        from prompts where id = ${f.promptId}
      returning id`);
    for (const m of analyze({ text: input.text, citations: [] }).mentions) {
      const entity = entities.find((e) => e.id === m.entityId)!;
      mentions.push({
        answerId: answer!.id,
        entity: entity.kind,
        entityId: m.entityId,
        name: entity.name,
        rank: m.rank,
        firstOffset: m.firstOffset,
        count: m.count,
        sentiment: m.sentiment,
        snippet: m.snippet,
        spans: m.spans,
      });
    }
  }
  await storeRunAnalysis(db, f.workspaceId, runId, {
    mentions,
    citations: [],
    total: engines.length,
    done: engines.length,
    score: 0,
    metrics: {},
  });
  return runId;
}

/** A targeted re-measure after the page was read, then its gap analysis (as the worker runs it). */
async function remeasure(f: Seeded, minutesAfter: number): Promise<string> {
  const runId = await run(f, f.entities, f.engines, {
    at: new Date(Date.now() - 24 * HOUR + minutesAfter * 60_000),
    text: PRESENT,
    trigger: 'targeted',
  });
  await analyzeRunGaps(db, { workspaceId: f.workspaceId, brandId: f.brandId, runId });
  // What the gap-analysis processor publishes: the gateway's response cache forgets the workspace.
  await publishEvent(redis, process.env.REDIS_PREFIX ?? 'lumen', TOPIC.workspace(f.workspaceId), {
    kind: 'opportunities',
    runId,
  });
  return runId;
}

type Side = { answers: number; mentioned: number };
type State = {
  publishedItem: {
    impact: {
      enoughData: boolean;
      reason: string | null;
      evidence: { verdict: string; before: Side; after: Side };
    };
  };
  opportunity: {
    status: string;
    history: { from: string | null; to: string; note: string | null; run: { id: string } | null }[];
  };
};

/** The page and the opportunity once the gateway has seen `afterAnswers` answers after. */
async function state(f: Seeded, afterAnswers: number): Promise<State> {
  for (;;) {
    const s = await read(f);
    if (s.publishedItem.impact.evidence.after.answers === afterAnswers) return s;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function read(f: Seeded): Promise<State> {
  const body = await f.gql<State>(
    `query ($item: ID!, $opportunity: ID!) {
       publishedItem(id: $item) { impact { enoughData reason
         evidence { verdict before { answers mentioned } after { answers mentioned } } } }
       opportunity(id: $opportunity) { status history { from to note run { id } } } }`,
    { item: f.itemId, opportunity: f.opportunityId },
  );
  expect(body.errors).toBeUndefined();
  return body.data!;
}

describe('one evidence rule for the impact page and the resolution', () => {
  it('four engines, one answer each before: the first re-measure decides both, and the history says on what', async () => {
    const f = await seed(['local-gpt', 'local-claude', 'local-gemini', 'local-perplexity']);
    const runId = await remeasure(f, 5);
    const s = await state(f, 4);
    expect(s.publishedItem.impact).toMatchObject({
      enoughData: true,
      reason: null,
      evidence: {
        verdict: 'IMPROVED',
        before: { answers: 4, mentioned: 0 },
        after: { answers: 4, mentioned: 4 },
      },
    });
    expect(s.opportunity.status).toBe('RESOLVED');
    expect(s.opportunity.history.at(-1)).toEqual({
      from: 'PUBLISHED',
      to: 'RESOLVED',
      run: { id: runId },
      note: 'Evidence over every engine: before publishing 0 of 4 answers named the brand (0 %–49 %); after the page was read 4 of 4 answers named the brand (51 %–100 %). Verdict: improved.',
    });
  });

  it('two engines, one answer each before: not enough data on the page, and not resolved, after four re-measures', async () => {
    const f = await seed(['local-gpt', 'local-claude']);
    for (let i = 1; i <= 4; i++) {
      await remeasure(f, 5 * i);
      const s = await state(f, 2 * i);
      expect(s.publishedItem.impact.enoughData).toBe(false);
      expect(s.publishedItem.impact.evidence).toEqual({
        verdict: 'NOT_ENOUGH_DATA',
        before: { answers: 2, mentioned: 0 },
        after: { answers: 2 * i, mentioned: 2 * i },
      });
      expect(s.publishedItem.impact.reason).toMatch(
        new RegExp(
          `^Not enough data yet: over every engine, 2 answers before publishing and ${2 * i} answers after`,
        ),
      );
      // The brand is named in every answer since, yet the opportunity waits for the evidence.
      expect(s.opportunity.status).toBe('PUBLISHED');
      expect(s.opportunity.history.map((h) => h.to)).not.toContain('RESOLVED');
    }
  });
});
