import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { findCorpusDocumentByUrl } from '@lumen/db/repositories/corpus.repository';
import { loadSeedCorpus } from '@lumen/engines/corpus/load-seed-corpus';
import { IngestPublishedItemJob } from '@lumen/jobs/definitions';
import { enqueueIngestPublishedItem, ingestJobId } from '@lumen/jobs/ingest-published-item';
import type { Job } from 'bullmq';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetPublishedPages } from '../../../scripts/test/published-pages';
import { ingestPublishedItemProcessor } from '../src/processors/ingest-published-item.processor';
import type { RunningWorker } from '../src/worker';
import { type SeededBrand, seedBrand, startTestWorker, until } from './brand-run-fixtures';

// The ingest-published-item job with the real worker (docs/closed-loop.md, "Ingestion"): the page
// read through safeFetch into the corpus, the targeted re-measure of the opportunity's prompt
// only, nothing measured twice for an unchanged page, a wait while another run of the brand is
// open, and a page that answers 404 failing for good with nothing recorded.

let db: Database;
let worker: RunningWorker;
let server: Server;
let base: string;
const pages = new Map<string, string>();

const post = (title: string, text: string) => `<!doctype html><html><head>
  <title>${title} &#8211; Brightloom blog</title>
  <meta property="article:published_time" content="2026-03-10T12:00:00+00:00"></head>
  <body><header><nav><a href="/">Home</a></nav></header>
  <main><article><h1>${title}</h1><div class="entry-content">${text}</div></article></main>
  <footer>Proudly powered by WordPress</footer></body></html>`;

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, { max: 3 });
  await loadSeedCorpus(db);
  server = createServer((req, res) => {
    const html = pages.get(req.url ?? '');
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? '<h1>Not found</h1>');
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // No reconciler sweeps during these tests: a run row left open on purpose stays open.
  worker = await startTestWorker({ RECONCILE_INTERVAL_MS: '600000' });
});

afterAll(async () => {
  await worker?.close();
  await new Promise<void>((done) => server.close(() => done()));
  if (db) {
    await forgetPublishedPages(db);
    await closeDb(db);
  }
});

/** A published item of an opportunity on the brand's first prompt, at `path` on the server. */
async function publishedItem(brand: SeededBrand, path: string): Promise<string> {
  const [opportunity] = await db.execute<{ id: string }>(sql`
    insert into opportunities (workspace_id, brand_id, prompt_id, type, title, impact, status,
                               recommended_kind)
    values (${brand.workspaceId}, ${brand.brandId}, ${brand.promptIds[0]!}, 'missing_mention',
            'Missing', 70, 'PUBLISHED', 'faq') returning id`);
  const [order] = await db.execute<{ id: string }>(sql`
    insert into orders (workspace_id, opportunity_id, status)
    values (${brand.workspaceId}, ${opportunity!.id}, 'DRAFT_READY') returning id`);
  const [draft] = await db.execute<{ id: string }>(sql`
    insert into drafts (workspace_id, order_id, title, body, status)
    values (${brand.workspaceId}, ${order!.id}, 'Brightloom', 'Brightloom', 'PUBLISHED') returning id`);
  const [item] = await db.execute<{ id: string }>(sql`
    insert into published_items (workspace_id, draft_id, wp_post_id, url, published_at)
    values (${brand.workspaceId}, ${draft!.id}, ${Math.floor(Math.random() * 1e9)},
            ${`${base}${path}`}, now() - interval '1 minute') returning id`);
  return item!.id;
}

type ItemRow = {
  ingested_at: string | null;
  corpus_document_id: string | null;
  remeasure_run_id: string | null;
};

const itemRow = async (id: string) =>
  (
    await db.execute<ItemRow>(sql`
      select ingested_at::text, corpus_document_id, remeasure_run_id
        from published_items where id = ${id}`)
  )[0]!;

async function jobState(id: string) {
  const job = await worker.deps.queues['closed-loop'].getJob(ingestJobId(id));
  return job ? job.getState() : 'missing';
}

async function finishedRun(runId: string) {
  return until(
    async () =>
      (
        await db.execute<{ status: string; trigger: string; prompt_ids: string[] }>(
          sql`select status, trigger, prompt_ids from runs where id = ${runId}`,
        )
      )[0],
    (r) => r?.status === 'COMPLETED' || r?.status === 'FAILED',
  );
}

describe('ingest-published-item', () => {
  it('reads the page into the corpus and re-measures only the targeted prompt', async () => {
    const brand = await seedBrand(db, { prompts: 3, engines: ['local-gpt', 'local-claude'] });
    pages.set(
      '/brightloom-faq/',
      post('Brightloom CRM FAQ', '<p><strong>Brightloom CRM</strong> is quick.</p>'),
    );
    const id = await publishedItem(brand, '/brightloom-faq/');
    await enqueueIngestPublishedItem(worker.deps.queues, id);
    const row = await until(
      () => itemRow(id),
      (r) => r.remeasure_run_id !== null,
    );
    const doc = await findCorpusDocumentByUrl(db, `${base}/brightloom-faq/`);
    expect(doc).toMatchObject({
      id: row.corpus_document_id,
      source: 'published',
      title: 'Brightloom CRM FAQ',
      body: '**Brightloom CRM** is quick.',
      kind: 'guide',
      domain: '127.0.0.1',
    });
    expect(doc?.publishedAt?.toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(row.ingested_at).not.toBeNull();
    const run = await finishedRun(row.remeasure_run_id!);
    expect(run).toMatchObject({
      status: 'COMPLETED',
      trigger: 'targeted',
      prompt_ids: [brand.promptIds[0]],
    });
    const answers = await db.execute<{ prompt_id: string; engine: string }>(sql`
      select prompt_id, engine from answers where run_id = ${row.remeasure_run_id} order by engine`);
    expect(answers).toEqual([
      { prompt_id: brand.promptIds[0], engine: 'local-claude' },
      { prompt_id: brand.promptIds[0], engine: 'local-gpt' },
    ]);

    // Reading the same page again measures nothing new; a changed page is measured again.
    await enqueueIngestPublishedItem(worker.deps.queues, id);
    await until(
      () => jobState(id),
      (s) => s === 'completed',
    );
    expect(await itemRow(id)).toEqual(row);
    pages.set(
      '/brightloom-faq/',
      post('Brightloom CRM FAQ', '<p><strong>Brightloom CRM</strong> is quicker.</p>'),
    );
    await enqueueIngestPublishedItem(worker.deps.queues, id);
    const changed = await until(
      () => itemRow(id),
      (r) => r.remeasure_run_id !== row.remeasure_run_id,
    );
    expect(changed.ingested_at! > row.ingested_at!).toBe(true);
    expect((await finishedRun(changed.remeasure_run_id!))?.status).toBe('COMPLETED');
  });

  it('waits while another run of the brand is open, then starts the re-measure', async () => {
    const brand = await seedBrand(db, { prompts: 1, engines: ['local-gpt'] });
    const [open] = await db.execute<{ id: string }>(sql`
      insert into runs (workspace_id, brand_id, trigger, status, started_at)
      values (${brand.workspaceId}, ${brand.brandId}, 'manual', 'RUNNING', now()) returning id`);
    pages.set('/busy/', post('Busy', '<p>Brightloom CRM</p>'));
    const id = await publishedItem(brand, '/busy/');
    await enqueueIngestPublishedItem(worker.deps.queues, id);
    // Read, then waiting: delayed again and again while the other run is open.
    await until(
      () => itemRow(id),
      (r) => r.ingested_at !== null,
    );
    await until(
      () => jobState(id),
      (s) => s === 'delayed',
    );
    expect((await itemRow(id)).remeasure_run_id).toBeNull();
    await db.execute(
      sql`update runs set status = 'COMPLETED', finished_at = now() where id = ${open!.id}`,
    );
    const row = await until(
      () => itemRow(id),
      (r) => r.remeasure_run_id !== null,
    );
    expect(row.remeasure_run_id).not.toBe(open!.id);
    expect((await finishedRun(row.remeasure_run_id!))?.trigger).toBe('targeted');
  });

  it('fails for good on a page that answers 404, recording nothing', async () => {
    const brand = await seedBrand(db, { prompts: 1, engines: ['local-gpt'] });
    const id = await publishedItem(brand, '/deleted-post/');
    await enqueueIngestPublishedItem(worker.deps.queues, id);
    await until(
      () => jobState(id),
      (s) => s === 'failed',
    );
    const job = await worker.deps.queues['closed-loop'].getJob(ingestJobId(id));
    expect(job?.failedReason).toMatch(/answered 404/);
    expect(job?.attemptsMade).toBe(1);
    expect(await itemRow(id)).toEqual({
      ingested_at: null,
      corpus_document_id: null,
      remeasure_run_id: null,
    });
    expect(await findCorpusDocumentByUrl(db, `${base}/deleted-post/`)).toBeNull();
  });

  it('refuses a page on a private address without ALLOW_PRIVATE_HOSTS, as when connecting', async () => {
    const brand = await seedBrand(db, { prompts: 1, engines: ['local-gpt'] });
    pages.set('/private/', post('Private', '<p>Brightloom CRM</p>'));
    const id = await publishedItem(brand, '/private/');
    const job = {
      id: ingestJobId(id),
      name: IngestPublishedItemJob.name,
      data: { publishedItemId: id },
      attemptsMade: 0,
      opts: { attempts: 5 },
    } as unknown as Job;
    const deps = { ...worker.deps, env: { ...worker.deps.env, ALLOW_PRIVATE_HOSTS: false } };
    const error = await ingestPublishedItemProcessor.run(job, deps).catch((e: unknown) => e);
    expect((error as Error).name).toBe('UnrecoverableError');
    expect((error as Error).message).toMatch(/not public.*ALLOW_PRIVATE_HOSTS=1/);
    expect(await itemRow(id)).toEqual({
      ingested_at: null,
      corpus_document_id: null,
      remeasure_run_id: null,
    });
    expect(await findCorpusDocumentByUrl(db, `${base}/private/`)).toBeNull();
  });
});
