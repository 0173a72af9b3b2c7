import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { findCorpusDocumentByUrl } from '@lumen/db/repositories/corpus.repository';
import { loadSeedCorpus } from '@lumen/engines/corpus/load-seed-corpus';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetPublishedPages } from '../../../scripts/test/published-pages';
import { until } from '../../../scripts/test/until';
import { startTestWordPress, type TestWordPress } from '../../../scripts/test/wordpress';
import { type RunningGateway, startGateway } from '../src/server';
import {
  draftBodyFor,
  type LoopFixture,
  seedDraft,
  signedInWithBrand,
} from './closed-loop-helpers';

// The whole closed loop on a real WordPress, the real worker and the local engines
// (docs/closed-loop.md): a brand the engines never name for a prompt → runs and gap analysis
// make an opportunity → a draft recommending the brand → the preview shows it appearing →
// published through the publish-draft job → the page read into the corpus → the targeted
// re-measure names the brand, resolves the opportunity → the impact says MOVED_UP per engine.

const ENGINES = ['local-gpt', 'local-claude', 'local-gemini', 'local-perplexity'];
// A name of its own: the page this test publishes stays in the corpus for the rest of the run.
const BRAND = { name: 'Quillon CRM', domain: 'quilloncrm.com' };
const TITLE = 'Best CRM for startups in 2026: Quillon CRM and the alternatives';

let gateway: RunningGateway;
let worker: RunningWorker;
let wp: TestWordPress;
let db: Database;

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, { max: 3 });
  await loadSeedCorpus(db);
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    RECONCILE_INTERVAL_MS: '500',
    JOB_RETRY_SCALE: '0.001',
    LOG_LEVEL: 'silent',
  });
  [gateway, wp] = await Promise.all([startGateway(env, { webDist: null }), startTestWordPress()]);
  worker = await startWorker(env);
});

afterAll(async () => {
  await worker?.close();
  await gateway?.close();
  await wp?.stop();
  if (db) {
    await forgetPublishedPages(db);
    await closeDb(db);
  }
});

async function runStatus(runId: string) {
  const [row] = await db.execute<{ status: string; trigger: string; prompt_ids: string[] | null }>(
    sql`select status, trigger, prompt_ids from runs where id = ${runId}`,
  );
  return row;
}

/** A manual run through the API, waited for, its gap analysis included. */
async function manualRun(f: LoopFixture): Promise<string> {
  const body = await f.gql<{ startRun: { id: string } }>(
    'mutation ($id: ID!) { startRun(brandId: $id) { id } }',
    { id: f.brandId },
  );
  expect(body.errors).toBeUndefined();
  const runId = body.data!.startRun.id;
  const done = await until(
    () => runStatus(runId),
    (r) => r?.status === 'COMPLETED' || r?.status === 'FAILED',
  );
  expect(done?.status).toBe('COMPLETED');
  await gapAnalysed(runId);
  return runId;
}

/** The gap analysis of a run has finished (its job is gone or completed). */
async function gapAnalysed(runId: string) {
  await until(
    async () => {
      const job = await worker.deps.queues['gap-analysis'].getJob(`gap-${runId}`);
      return job ? job.getState() : 'completed';
    },
    (state) => state === 'completed',
  );
}

async function answersMention(runId: string) {
  return db.execute<{ engine: string; mentioned: boolean; text: string }>(sql`
    select a.engine, exists (select 1 from mentions m where m.answer_id = a.id and m.entity = 'brand')
           as mentioned, a.text
      from answers a where a.run_id = ${runId} order by a.engine`);
}

const IMPACT = `query ($id: ID!) { publishedItem(id: $id) { id url impact {
  evidence { verdict before { answers mentioned } after { answers mentioned } }
  enoughData reason ingestedAt remeasureRunId
  engines { engine label verdict before { value low high } after { value low high }
    rankBefore rankAfter citationRateBefore citationRateAfter
    beforeSide { answers runs } afterSide { answers runs } } } } }`;

type Impact = {
  evidence: {
    verdict: string;
    before: { answers: number; mentioned: number };
    after: { answers: number; mentioned: number };
  };
  enoughData: boolean;
  reason: string | null;
  ingestedAt: string | null;
  remeasureRunId: string | null;
  engines: {
    engine: string;
    label: string;
    verdict: string | null;
    before: { value: number; low: number; high: number };
    after: { value: number; low: number; high: number };
    rankBefore: number | null;
    rankAfter: number | null;
    beforeSide: { answers: number; runs: number };
    afterSide: { answers: number; runs: number };
  }[];
};

describe('the closed loop', () => {
  it('from a missing brand to a published page that moves it up, measured', async () => {
    const f = await signedInWithBrand(gateway, db, ENGINES, {
      seedOpportunity: false,
      brand: BRAND,
    });
    const site = await f.gql<{ connectWordPressSite: { id: string } }>(
      `mutation ($input: ConnectWordPressSiteInput!) { connectWordPressSite(input: $input) { id } }`,
      {
        input: { url: wp.url, username: wp.username, applicationPassword: wp.applicationPassword },
      },
    );
    expect(site.errors).toBeUndefined();
    const siteId = site.data!.connectWordPressSite.id;

    // 1. Four runs before: no engine names the brand; the gap analysis opens an opportunity.
    const baseline: string[] = [];
    for (let i = 0; i < 4; i++) baseline.push(await manualRun(f));
    for (const a of await answersMention(baseline[0]!)) {
      expect(a.mentioned).toBe(false);
      expect(a.text).not.toContain('Quillon');
    }
    const [opportunity] = await db.execute<{ id: string; status: string; type: string }>(sql`
      select id, status, type from opportunities
       where brand_id = ${f.brandId} and prompt_id = ${f.promptId} and type = 'missing_mention'`);
    expect(opportunity?.status).toBe('NEW');
    await db.execute(
      sql`update opportunities set status = 'IN_PROGRESS' where id = ${opportunity!.id}`,
    );

    // 2. A draft that recommends the brand with facts, a quotation and a cited source.
    const draftId = await seedDraft(
      db,
      { workspaceId: f.workspaceId, opportunityId: opportunity!.id },
      { siteId, status: 'APPROVED', title: TITLE, body: draftBodyFor(BRAND.name) },
    );

    // 3. The preview: the brand appears in every local engine's answer; nothing stored.
    const preview = await f.gql<{
      previewDraftEffect: {
        simulated: boolean;
        results: { engine: string; mentionedBefore: boolean; mentionedAfter: boolean }[];
      };
    }>(
      'mutation ($id: ID!) { previewDraftEffect(id: $id) { simulated results { engine mentionedBefore mentionedAfter } } }',
      { id: draftId },
    );
    expect(preview.errors).toBeUndefined();
    expect(preview.data!.previewDraftEffect.simulated).toBe(true);
    expect(preview.data!.previewDraftEffect.results).toEqual(
      ENGINES.map((engine) => ({ engine, mentionedBefore: false, mentionedAfter: true })),
    );

    // 4. Publish through the API: publishDraft → the publish-draft job → ingestion.
    const published = await f.gql<{ publishDraft: { id: string } }>(
      'mutation ($id: ID!) { publishDraft(id: $id) { id } }',
      { id: draftId },
    );
    expect(published.errors).toBeUndefined();
    const [item] = await until(
      () =>
        db.execute<{
          id: string;
          url: string;
          ingested_at: string | null;
          corpus_document_id: string | null;
          remeasure_run_id: string | null;
        }>(sql`select id, url, ingested_at, corpus_document_id, remeasure_run_id
                 from published_items where draft_id = ${draftId}`),
      (rows) => rows[0]?.remeasure_run_id != null,
    );
    expect(item!.url.startsWith(wp.url)).toBe(true);

    // 5. Ingestion: the public page is in the corpus, read from WordPress' own HTML.
    expect(item!.ingested_at).not.toBeNull();
    const page = await findCorpusDocumentByUrl(db, new URL(item!.url).toString());
    expect(page?.id).toBe(item!.corpus_document_id);
    expect(page?.source).toBe('published');
    expect(page?.title).toBe(TITLE);
    expect(page?.body).toContain('**Quillon CRM**');
    expect(page?.body).not.toMatch(/lumen:draft|Proudly powered/);

    // 6. The targeted re-measure: only the opportunity's prompt, on every engine.
    const remeasure = item!.remeasure_run_id!;
    const run = await until(
      () => runStatus(remeasure),
      (r) => r?.status === 'COMPLETED' || r?.status === 'FAILED',
    );
    expect(run).toMatchObject({ status: 'COMPLETED', trigger: 'targeted' });
    expect(run?.prompt_ids).toEqual([f.promptId]);
    await gapAnalysed(remeasure);
    // 5 samples of each engine (docs/metrics.md, "Samples"), every one naming the brand now.
    const after = await answersMention(remeasure);
    expect(after.map((a) => a.engine)).toEqual(
      [...ENGINES].sort().flatMap((e) => Array(5).fill(e)),
    );
    for (const a of after) expect(a.mentioned).toBe(true);
    const [resolved] = await db.execute<{ status: string; resolved_by_run_id: string }>(sql`
      select status, resolved_by_run_id from opportunities where id = ${opportunity!.id}`);
    expect(resolved).toEqual({ status: 'RESOLVED', resolved_by_run_id: remeasure });

    // 7. Right after: over every engine, 16 answers before against the re-measure's 20 part the
    // intervals, which is what resolved the opportunity; per engine, 4 before against 5 samples
    // after part them too (0/4 is [0, 0.49], 5/5 is [0.57, 1]).
    const early = await f.gql<{ publishedItem: { impact: Impact } }>(IMPACT, { id: item!.id });
    expect(early.errors).toBeUndefined();
    const first = early.data!.publishedItem.impact;
    expect(first.enoughData).toBe(true);
    expect(first.reason).toBeNull();
    expect(first.evidence).toEqual({
      verdict: 'IMPROVED',
      before: { answers: 16, mentioned: 0 },
      after: { answers: 20, mentioned: 20 },
    });
    expect(first.engines.map((e) => e.verdict)).toEqual(ENGINES.map(() => 'MOVED_UP'));
    expect(first.remeasureRunId).toBe(remeasure);
    const [resolvedBy] = await db.execute<{ note: string }>(sql`
      select note from opportunity_status_changes
       where opportunity_id = ${opportunity!.id} and to_status = 'RESOLVED'`);
    expect(resolvedBy?.note).toMatch(
      /before publishing 0 of 16 answers .* after the page was read 20 of 20 answers .* Verdict: improved\.$/,
    );

    // 8. Three more runs on the brand's schedule (here: started by hand) → MOVED_UP everywhere.
    for (let i = 0; i < 3; i++) await manualRun(f);
    const late = await f.gql<{ publishedItem: { impact: Impact } }>(IMPACT, { id: item!.id });
    expect(late.errors).toBeUndefined();
    const impact = late.data!.publishedItem.impact;
    expect(impact.enoughData).toBe(true);
    expect(impact.reason).toBeNull();
    expect(impact.engines.map((e) => e.engine)).toEqual(ENGINES);
    for (const e of impact.engines) {
      expect(e.label).toMatch(/\(offline\)$/);
      expect(e.beforeSide).toEqual({ answers: 4, runs: 4 });
      // The re-measure's 5 samples and one answer of each of the 3 runs.
      expect(e.afterSide).toEqual({ answers: 8, runs: 4 });
      expect(e.before.value).toBe(0);
      expect(e.after.value).toBe(1);
      expect(e.after.low).toBeGreaterThan(e.before.high);
      expect(e.rankBefore).toBeNull();
      expect(e.rankAfter).toBeGreaterThanOrEqual(1);
      expect(e.verdict).toBe('MOVED_UP');
    }
  });
});
