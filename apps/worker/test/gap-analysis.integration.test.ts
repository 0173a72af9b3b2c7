import { loadEnv } from '@lumen/config/env';
import { createRedis } from '@lumen/config/redis';
import { deleteCorpusDocument } from '@lumen/db/repositories/corpus.repository';
import {
  listBrandOpportunities,
  listOpportunityHistory,
} from '@lumen/db/repositories/opportunity.repository';
import { ingestHtml } from '@lumen/engines/corpus/ingest-html';
import { getEngine } from '@lumen/engines/registry';
import { GapAnalysisJob } from '@lumen/jobs/definitions';
import { enqueue } from '@lumen/jobs/enqueue';
import { QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeRunGaps } from '../src/runs/gap-analysis';
import { type RunningWorker, startWorker } from '../src/worker';
import { type SeededBrand, seedBrand, seedRun, seedWorkspace } from './after-run-fixtures';

// The loop the product promises, offline: the local engine answers from the corpus; a gap is
// found; a page naming the brand is added to the corpus; the next run resolves the gap.

const ENGINES = ['local-gpt', 'local-claude'];
const PROMPT = 'What is the best plinthor varroa monitor for beekeepers?';
const listicleUrl = 'https://reviews.plinthor-test.example/best-plinthor-varroa-monitors';
const brandPageUrl = 'https://blog.brindlewick-test.example/best-plinthor-varroa-monitor';

let worker: RunningWorker;
let events: QueueEvents;
let workspaceId: string;
let seeded: SeededBrand;

beforeAll(async () => {
  worker = await startWorker(loadEnv({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
  const { env } = worker.deps;
  events = new QueueEvents(GapAnalysisJob.queue, {
    connection: createRedis(env.REDIS_URL!),
    prefix: env.REDIS_PREFIX,
  });
  await events.waitUntilReady();
  const db = worker.deps.db;
  workspaceId = await seedWorkspace(db);
  seeded = await seedBrand(db, workspaceId, {
    name: 'Brindlewick',
    domains: ['brindlewick-test.example'],
    engines: ENGINES,
    competitors: [{ name: 'Hivewise' }, { name: 'Combly' }],
    keywords: [{ text: 'plinthor varroa monitors', prompts: [{ text: PROMPT }] }],
  });
  await ingestHtml(db, {
    url: listicleUrl,
    source: 'crawl',
    html: page('The best plinthor varroa monitors for beekeepers', [
      [
        'Hivewise',
        'Hivewise is the best plinthor varroa monitor for beekeepers who run many hives.',
      ],
      ['Combly', 'Combly is a plinthor varroa monitor that hobby beekeepers like for its price.'],
    ]),
  });
});

afterAll(async () => {
  await deleteCorpusDocument(worker.deps.db, listicleUrl);
  await deleteCorpusDocument(worker.deps.db, brandPageUrl);
  await events?.close();
  await worker?.close();
});

function page(title: string, items: [string, string][]): string {
  return `<html><head><title>${title}</title>
    <meta property="article:published_time" content="2026-02-01T08:00:00Z"></head>
    <body><article><h1>${title}</h1>
    <p>We tested every plinthor varroa monitor that beekeepers asked us about.</p>
    ${items.map(([name, text], i) => `<h2>${i + 1}. ${name}</h2><p><strong>${name}</strong>: ${text}</p>`).join('\n')}
    </article></body></html>`;
}

/** One run: the prompt asked of every engine, answers and their analysis stored. */
async function measure(): Promise<{ runId: string; texts: string[] }> {
  const prompt = seeded.prompts[0]!;
  const answers = [];
  for (const engine of ENGINES) {
    const reply = await getEngine(engine, { env: {}, db: worker.deps.db }).answer({
      prompt: prompt.text,
    });
    answers.push({ prompt, engine, text: reply.text, citations: reply.citations });
  }
  const runId = await seedRun(worker.deps.db, seeded, { status: 'COMPLETED', answers });
  return { runId, texts: answers.map((a) => a.text) };
}

/** Gap analysis of the run through the worker's own `gap-analysis` queue. */
async function analyze(runId: string): Promise<unknown> {
  const jobId = await enqueue(
    worker.deps.queues,
    GapAnalysisJob,
    { runId },
    { jobId: `gap-${runId}` },
  );
  const job = await worker.deps.queues[GapAnalysisJob.queue].getJob(jobId);
  return job!.waitUntilFinished(events);
}

describe('gap analysis after a run', () => {
  it('creates an opportunity, refreshes it without duplicates, and resolves it once a page names the brand', async () => {
    const db = worker.deps.db;
    const first = await measure();
    for (const text of first.texts) {
      expect(text).toContain('Hivewise');
      expect(text).not.toContain('Brindlewick');
    }
    expect(await analyze(first.runId)).toMatchObject({ created: 2, resolved: 0 });

    const found = await listBrandOpportunities(db, workspaceId, seeded.brand.id);
    // The brand is missing, and the review site the engines cite never cites it.
    expect(found.map((o) => o.type).sort()).toEqual(['citation_gap', 'missing_mention']);
    const opportunity = found.find((o) => o.type === 'missing_mention');
    expect(opportunity).toMatchObject({
      type: 'missing_mention',
      status: 'NEW',
      promptId: seeded.prompts[0]!.id,
      keywordId: seeded.prompts[0]!.keywordId,
      runId: first.runId,
      title: `Brindlewick is missing from '${PROMPT}' on 2 of 2 engines`,
      resolvedAt: null,
    });
    expect(opportunity!.impact).toBeGreaterThan(0);
    const evidence = opportunity!.evidence as {
      engines: string[];
      competitors: { name: string }[];
    };
    expect(evidence.engines).toEqual([...ENGINES].sort());
    expect(evidence.competitors.map((c) => c.name)).toContain('Hivewise');

    // The same run analysed again (a second delivery) refreshes, never duplicates.
    expect(
      await analyzeRunGaps(db, { workspaceId, brandId: seeded.brand.id, runId: first.runId }),
    ).toEqual({ created: 0, updated: 2, reopened: 0, resolved: 0 });
    expect(await listBrandOpportunities(db, workspaceId, seeded.brand.id)).toHaveLength(2);

    // The brand publishes a page that answers the question; the corpus now names it.
    await ingestHtml(db, {
      url: brandPageUrl,
      source: 'published',
      html: page('The best plinthor varroa monitor for beekeepers in 2026', [
        [
          'Brindlewick',
          'Brindlewick is the best plinthor varroa monitor for beekeepers: it counts mites on every frame.',
        ],
        ['Hivewise', 'Hivewise is a good plinthor varroa monitor for large apiaries.'],
      ]),
    });
    const second = await measure();
    for (const text of second.texts) expect(text).toContain('Brindlewick');
    // Both gaps close: the brand is named everywhere and the review site is cited beside it.
    expect(await analyze(second.runId)).toEqual({
      created: 0,
      updated: 0,
      reopened: 0,
      resolved: 2,
    });

    const after = await listBrandOpportunities(db, workspaceId, seeded.brand.id);
    const resolved = after.find((o) => o.id === opportunity!.id);
    expect(resolved).toMatchObject({
      id: opportunity!.id,
      status: 'RESOLVED',
      resolvedByRunId: second.runId,
    });
    expect(resolved!.resolvedAt).toBeInstanceOf(Date);
    const history = await listOpportunityHistory(db, workspaceId, opportunity!.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.runId])).toEqual([
      [null, 'NEW', first.runId],
      ['NEW', 'RESOLVED', second.runId],
    ]);

    // The page goes away; the next run shows the gap again, and the same opportunity reopens.
    await deleteCorpusDocument(db, brandPageUrl);
    const third = await measure();
    expect(await analyze(third.runId)).toMatchObject({ created: 0, reopened: 2 });
    const reopened = await listBrandOpportunities(db, workspaceId, seeded.brand.id);
    expect(reopened.map((o) => [o.type, o.status, o.resolvedAt]).sort()).toEqual([
      ['citation_gap', 'NEW', null],
      ['missing_mention', 'NEW', null],
    ]);
    expect((await listOpportunityHistory(db, workspaceId, opportunity!.id)).at(-1)).toMatchObject({
      fromStatus: 'RESOLVED',
      toStatus: 'NEW',
      runId: third.runId,
    });
  });
});
