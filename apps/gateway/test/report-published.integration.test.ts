import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { storeRunAnalysis } from '@lumen/db/repositories/brand-run.repository';
import { createAnalyzer } from '@lumen/domain/analysis/analyze-answer';
import type { TrackedEntity } from '@lumen/domain/entities/types';
import { addDays, todayIn } from '@lumen/domain/metrics/periods';
import type { ReportContent } from '@lumen/domain/reports/report-content';
import { reportView } from '@lumen/domain/reports/report-view';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { type LoopFixture, seedDraft, signedInWithBrand } from './closed-loop-helpers';

// A report whose period has published pages (docs/reports.md, "Published and its impact"): two
// pages of the brand went out in the period, one re-measured since (the brand now named in
// every answer), one not yet. The report's section holds, for each, what the impact API
// (`PublishedItem.impact`, the closed loop's panel) says, and the share page and the PDF say
// the same figures in the same words.

let gateway: RunningGateway;
let db: Database;

const ENGINES = ['local-gpt', 'local-claude', 'local-gemini', 'local-perplexity'];
const MISSING = '1. **Northwind CRM** is the best CRM for startups, with a free plan.';
const PRESENT =
  '1. **Zylo CRM** is the best CRM for startups.\n2. **Northwind CRM** is a solid second choice.';
const HOUR = 3_600_000;
const MEASURED_TITLE = 'Best CRM for startups in 2026: Zylo CRM and the alternatives';
const UNMEASURED_TITLE = 'Zylo CRM pricing explained for small teams';

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, { max: 2 });
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
  if (db) await closeDb(db);
});

async function entitiesOf(f: LoopFixture): Promise<TrackedEntity[]> {
  const [brand] = await db.execute<{ name: string; aliases: string[]; domains: string[] }>(sql`
    select name, aliases, domains from brands where id = ${f.brandId}`);
  const competitors = await db.execute<{
    id: string;
    name: string;
    aliases: string[];
    domains: string[];
  }>(sql`select id, name, aliases, domains from competitors where brand_id = ${f.brandId}`);
  return [
    { id: f.brandId, kind: 'brand', ...brand! },
    ...competitors.map((c) => ({ ...c, kind: 'competitor' as const })),
  ];
}

/** A completed run asking `promptId` once per engine, analysed as the worker does. */
async function run(
  f: LoopFixture,
  entities: TrackedEntity[],
  input: { promptId: string; at: Date; text: string; trigger: 'manual' | 'targeted' },
) {
  const analyze = createAnalyzer(entities);
  const at = input.at.toISOString();
  const [row] = await db.execute<{ id: string }>(sql`
    insert into runs (workspace_id, brand_id, trigger, status, total, done, prompt_ids,
                      created_at, started_at, finished_at)
    values (${f.workspaceId}, ${f.brandId}, ${input.trigger}, 'COMPLETED',
            ${ENGINES.length}, ${ENGINES.length}, array[${input.promptId}::uuid], ${at}, ${at}, ${at})
    returning id`);
  const runId = row!.id;
  const mentions = [];
  for (const engine of ENGINES) {
    const [answer] = await db.execute<{ id: string }>(sql`
      insert into answers (workspace_id, run_id, prompt_id, prompt_text, engine, text)
      select ${f.workspaceId}, ${runId}, id, text, ${engine}, ${input.text}
        from prompts where id = ${input.promptId}
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
    total: ENGINES.length,
    done: ENGINES.length,
    score: 0,
    metrics: {},
  });
}

async function publish(f: LoopFixture, draftId: string, url: string, publishedAt: Date) {
  const [item] = await db.execute<{ id: string }>(sql`
    insert into published_items (workspace_id, draft_id, wp_post_id, url, status, published_at,
                                 ingested_at, ingest_status)
    values (${f.workspaceId}, ${draftId}, 1, ${url}, 'publish', ${publishedAt.toISOString()},
            ${new Date(publishedAt.getTime() + 60_000).toISOString()}, 'READ')
    returning id`);
  return item!.id;
}

type Impact = {
  enoughData: boolean;
  reason: string | null;
  evidence: {
    verdict: string;
    before: { answers: number; mentionRate: { value: number; low: number; high: number } };
    after: { answers: number; mentionRate: { value: number; low: number; high: number } };
  };
};

async function impactOf(f: LoopFixture, id: string): Promise<Impact> {
  const res = await f.gql<{ publishedItem: { impact: Impact } }>(
    `query ($id: ID!) { publishedItem(id: $id) { impact { enoughData reason evidence { verdict
       before { answers mentionRate { value low high } }
       after { answers mentionRate { value low high } } } } } }`,
    { id },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.publishedItem.impact;
}

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('a report with pages published in its period', () => {
  it('shows each page’s measured impact as the impact API does, on the share page and in the PDF', async () => {
    const f = await signedInWithBrand(gateway, db, ENGINES);
    const entities = await entitiesOf(f);
    const now = Date.now();
    // The measured page: its prompt asked once per engine two days ago (the brand nowhere),
    // published a day ago, read a minute later, then measured twice (the brand in every answer).
    await run(f, entities, {
      promptId: f.promptId,
      at: new Date(now - 48 * HOUR),
      text: MISSING,
      trigger: 'manual',
    });
    await db.execute(
      sql`update opportunities set status = 'PUBLISHED' where id = ${f.opportunityId}`,
    );
    const measuredDraft = await seedDraft(db, f, { status: 'APPROVED', title: MEASURED_TITLE });
    const measured = await publish(
      f,
      measuredDraft,
      'https://blog.zylocrm.com/best-crm-for-startups/',
      new Date(now - 24 * HOUR),
    );
    for (const hours of [20, 10]) {
      await run(f, entities, {
        promptId: f.promptId,
        at: new Date(now - hours * HOUR),
        text: PRESENT,
        trigger: 'targeted',
      });
    }
    // The page not measured yet: another prompt's opportunity, published six hours ago.
    const [prompt2] = await db.execute<{ id: string; keyword_id: string }>(sql`
      insert into prompts (workspace_id, brand_id, keyword_id, text, branded, source)
      select workspace_id, brand_id, keyword_id, 'How much does a startup CRM cost?', false, 'manual'
        from prompts where id = ${f.promptId}
      returning id, keyword_id`);
    const [opp2] = await db.execute<{ id: string }>(sql`
      insert into opportunities (workspace_id, brand_id, keyword_id, prompt_id, type, title, impact,
                                 recommended_kind, status)
      values (${f.workspaceId}, ${f.brandId}, ${prompt2!.keyword_id}, ${prompt2!.id},
              'missing_mention', 'Zylo CRM is missing from the pricing question', 60, 'faq',
              'PUBLISHED')
      returning id`);
    const unmeasuredDraft = await seedDraft(
      db,
      { workspaceId: f.workspaceId, opportunityId: opp2!.id },
      { status: 'APPROVED', title: UNMEASURED_TITLE, slug: 'zylo-crm-pricing' },
    );
    const unmeasured = await publish(
      f,
      unmeasuredDraft,
      'https://blog.zylocrm.com/zylo-crm-pricing/',
      new Date(now - 6 * HOUR),
    );

    // The brand's last 7 days in its time zone hold both publications.
    const today = todayIn('Europe/Berlin');
    const range = { from: addDays(today, -6), to: today };
    const created = await f.gql<{ createReport: { id: string; contentJson: string } }>(
      `mutation ($brandId: ID!, $from: Date!, $to: Date!) {
         createReport(brandId: $brandId, from: $from, to: $to) { id contentJson } }`,
      { brandId: f.brandId, ...range },
    );
    expect(created.errors).toBeUndefined();
    const reportId = created.data!.createReport.id;
    const content = JSON.parse(created.data!.createReport.contentJson) as ReportContent;

    // Newest first, each equal to the impact API's evidence.
    expect(content.published.map((p) => p.title)).toEqual([UNMEASURED_TITLE, MEASURED_TITLE]);
    const api = {
      measured: await impactOf(f, measured),
      unmeasured: await impactOf(f, unmeasured),
    };
    const [second, first] = content.published;
    expect(api.measured.enoughData).toBe(true);
    expect(api.measured.evidence.verdict).toBe('IMPROVED');
    expect(api.measured.evidence.before.answers).toBe(4);
    expect(api.measured.evidence.after.answers).toBe(8);
    expect(first).toMatchObject({
      url: 'https://blog.zylocrm.com/best-crm-for-startups/',
      enoughData: api.measured.enoughData,
      verdict: api.measured.evidence.verdict,
      before: api.measured.evidence.before.mentionRate,
      after: api.measured.evidence.after.mentionRate,
      note: null,
    });
    expect(api.unmeasured.enoughData).toBe(false);
    expect(second).toMatchObject({
      url: 'https://blog.zylocrm.com/zylo-crm-pricing/',
      enoughData: false,
      verdict: 'NOT_ENOUGH_DATA',
      before: null,
      after: null,
      note: api.unmeasured.reason,
    });

    // The section's figures as the report draws them.
    const section = reportView(content).sections.find(
      (s) => s.title === 'Published and its measured impact',
    )!;
    const rows = section.table!.rows;
    expect(rows).toEqual([
      [UNMEASURED_TITLE, expect.any(String), '–', '–', 'not enough data yet'],
      [MEASURED_TITLE, expect.any(String), '0.0 %', '100.0 %', 'improved'],
    ]);

    // The share page and the PDF say the same cells.
    const shared = await f.gql<{ shareReport: { url: string } }>(
      'mutation ($id: ID!) { shareReport(reportId: $id) { url } }',
      { id: reportId },
    );
    const token = shared.data!.shareReport.url.split('/r/')[1]!;
    const html = (await (await fetch(`${gateway.url}/r/${token}`)).text()).replace(/\s+/g, ' ');
    const pdf = await fetch(`${gateway.url}/export/report.pdf?reportId=${reportId}`, {
      headers: { authorization: `Bearer ${f.token}` },
    });
    expect(pdf.status).toBe(200);
    const text = await pdfText(await pdf.arrayBuffer());
    const cells = ['Published and its measured impact', ...rows.flat()];
    expect(cells.filter((c) => !html.includes(c))).toEqual([]);
    expect(cells.filter((c) => !text.includes(c))).toEqual([]);
  });
});
