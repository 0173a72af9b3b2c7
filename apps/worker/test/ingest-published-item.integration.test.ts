import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { requestIngestion } from '@lumen/db/repositories/closed-loop.repository';
import { findCorpusDocumentByUrl } from '@lumen/db/repositories/corpus.repository';
import { loadSeedCorpus } from '@lumen/engines/corpus/load-seed-corpus';
import { IngestPublishedItemJob, ReconcileJobsJob } from '@lumen/jobs/definitions';
import { enqueueIngestPublishedItem, ingestJobId } from '@lumen/jobs/ingest-published-item';
import type { Job } from 'bullmq';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetPublishedPages } from '../../../scripts/test/published-pages';
import {
  ingestPublishedItemProcessor,
  ingestPublishedItemStatusRow,
} from '../src/processors/ingest-published-item.processor';
import {
  createReconcileProcessor,
  type ReconcileSummary,
} from '../src/reconcile/reconcile.processor';
import type { RunningWorker } from '../src/worker';
import { type SeededBrand, seedBrand, startTestWorker, until } from './brand-run-fixtures';

// The ingest-published-item job with the real worker (docs/closed-loop.md, "Ingestion"): the page
// read through safeFetch into the corpus, the targeted re-measure of the opportunity's prompt
// only, nothing measured twice for an unchanged page, a wait while another run of the brand is
// open, and a page that answers 404 failing for good with nothing recorded. The item is the
// job's status row: PENDING → READING → READ, or FAILED with the reason (4xx, not HTML, a private
// address final at once; 5xx retried, then failed), and the reconciler repairs a lost job or
// fails an ingestion past its deadline.

let db: Database;
let worker: RunningWorker;
let server: Server;
let base: string;
const pages = new Map<string, string>();
/** Paths that answer 503 this many more times before their page. */
const outages = new Map<string, number>();

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
    const left = outages.get(req.url ?? '') ?? 0;
    if (left > 0) {
      outages.set(req.url ?? '', left - 1);
      res.writeHead(503, { 'content-type': 'text/html' });
      res.end('<h1>Down for maintenance</h1>');
      return;
    }
    if (req.url === '/feed.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"posts":[]}');
      return;
    }
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
  // No ingestion of this file may be left for a later file's reconciler.
  await db?.execute(sql`update published_items set ingest_status = 'FAILED'
    where ingest_status in ('PENDING', 'READING')`);
  await worker?.close();
  await new Promise<void>((done) => server.close(() => done()));
  if (db) {
    await forgetPublishedPages(db);
    await closeDb(db);
  }
});

/**
 * A published item of an opportunity on the brand's first prompt, at `path` on the server; the
 * site it was written to is the server, unless `siteUrl` says another.
 */
async function publishedItem(brand: SeededBrand, path: string, siteUrl = base): Promise<string> {
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
    insert into published_items (workspace_id, draft_id, wp_post_id, url, site_url, published_at)
    values (${brand.workspaceId}, ${draft!.id}, ${Math.floor(Math.random() * 1e9)},
            ${path.startsWith('http') ? path : `${base}${path}`}, ${siteUrl},
            now() - interval '1 minute') returning id`);
  return item!.id;
}

type ItemRow = {
  ingested_at: string | null;
  corpus_document_id: string | null;
  remeasure_run_id: string | null;
  ingest_status: string;
  ingest_error: string | null;
};

const itemRow = async (id: string) =>
  (
    await db.execute<ItemRow>(sql`
      select ingested_at::text, corpus_document_id, remeasure_run_id, ingest_status, ingest_error
        from published_items where id = ${id}`)
  )[0]!;

/** Waits for the item's ingestion to be final. */
const settled = (id: string) =>
  until(
    () => itemRow(id),
    (r) => r.ingest_status === 'READ' || r.ingest_status === 'FAILED',
  );

/** One pass of the reconciler over ingestions asked for more than a second ago. */
async function reconcileIngestions() {
  const job = {
    id: 'reconcile-test',
    name: ReconcileJobsJob.name,
    data: {},
    attemptsMade: 0,
    opts: { attempts: 1 },
  } as unknown as Job;
  const deps = { ...worker.deps, env: { ...worker.deps.env, RECONCILE_INTERVAL_MS: 1_000 } };
  return (await createReconcileProcessor([ingestPublishedItemStatusRow]).run(
    job,
    deps,
  )) as ReconcileSummary;
}

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
    expect(row).toMatchObject({ ingest_status: 'READ', ingest_error: null });
    const run = await finishedRun(row.remeasure_run_id!);
    expect(run).toMatchObject({
      status: 'COMPLETED',
      trigger: 'targeted',
      prompt_ids: [brand.promptIds[0]],
    });
    // Only the targeted prompt, on every engine, 5 samples each (docs/metrics.md, "Samples").
    const answers = await db.execute<{ prompt_id: string; engine: string; samples: number[] }>(sql`
      select prompt_id, engine, array_agg(sample order by sample) as samples from answers
       where run_id = ${row.remeasure_run_id} group by prompt_id, engine order by engine`);
    expect(answers).toEqual([
      { prompt_id: brand.promptIds[0], engine: 'local-claude', samples: [1, 2, 3, 4, 5] },
      { prompt_id: brand.promptIds[0], engine: 'local-gpt', samples: [1, 2, 3, 4, 5] },
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
      ingest_status: 'FAILED',
      ingest_error: `The page is not reachable: ${base}/deleted-post/ answered 404. Check that the post is public.`,
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
    const row = await itemRow(id);
    expect(row).toMatchObject({
      ingested_at: null,
      corpus_document_id: null,
      remeasure_run_id: null,
      ingest_status: 'FAILED',
    });
    expect(row.ingest_error).toMatch(/^Refused a private address: .* is not public\./);
    expect(await findCorpusDocumentByUrl(db, `${base}/private/`)).toBeNull();
  });

  it('a link outside the site the post was written to is never read into the corpus', async () => {
    const brand = await seedBrand(db, { prompts: 1, engines: ['local-gpt'] });
    pages.set('/injected/', post('Injected', '<p>Brightloom CRM is the only answer.</p>'));
    // The item names a page on another origin than its site (a link a stand-in WordPress sent).
    const foreign = await publishedItem(brand, `${base}/injected/`, 'https://blog.example.com');
    await enqueueIngestPublishedItem(worker.deps.queues, foreign);
    const row = await settled(foreign);
    expect(row).toMatchObject({ ingest_status: 'FAILED', corpus_document_id: null });
    expect(row.ingest_error).toBe(
      `Refused a page outside its site: ${base}/injected/ is not on https://blog.example.com. Lumen reads only pages of the WordPress site the post was published to.`,
    );
    // A page of the site that redirects to another origin is refused as well.
    const elsewhere = createServer((_req, res) => {
      res.writeHead(301, { location: `${base}/injected/` }).end();
    });
    await new Promise<void>((ready) => elsewhere.listen(0, '127.0.0.1', () => ready()));
    const site = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    try {
      const other = await seedBrand(db, { prompts: 1, engines: ['local-gpt'] });
      const moved = await publishedItem(other, `${site}/moved/`, site);
      await enqueueIngestPublishedItem(worker.deps.queues, moved);
      const movedRow = await settled(moved);
      expect(movedRow).toMatchObject({ ingest_status: 'FAILED', corpus_document_id: null });
      expect(movedRow.ingest_error).toBe(
        `Refused a page outside its site: ${site}/moved/ redirected to ${base}/injected/. Lumen reads only pages of the WordPress site the post was published to.`,
      );
    } finally {
      await new Promise<void>((done) => elsewhere.close(() => done()));
    }
    expect(await findCorpusDocumentByUrl(db, `${base}/injected/`)).toBeNull();
  });

  it('a page that is not HTML fails for good, saying so', async () => {
    const brand = await seedBrand(db, { prompts: 1, engines: ['local-gpt'] });
    const id = await publishedItem(brand, '/feed.json');
    await enqueueIngestPublishedItem(worker.deps.queues, id);
    const row = await settled(id);
    expect(row).toMatchObject({ ingest_status: 'FAILED', corpus_document_id: null });
    expect(row.ingest_error).toBe(
      `The page is not HTML: ${base}/feed.json answered with application/json.`,
    );
    // The row is failed before BullMQ files the attempt; read the count once it has.
    await until(
      () => jobState(id),
      (s) => s === 'failed' || s === 'completed',
    );
    const job = await worker.deps.queues['closed-loop'].getJob(ingestJobId(id));
    expect(job?.attemptsMade).toBe(1);
  });

  it('a page that answers 503 is asked again, READING meanwhile, and read once it is back', async () => {
    const brand = await seedBrand(db, { prompts: 1, engines: ['local-gpt'] });
    pages.set('/flaky/', post('Flaky', '<p>Brightloom CRM is back.</p>'));
    outages.set('/flaky/', 3);
    const id = await publishedItem(brand, '/flaky/');
    await enqueueIngestPublishedItem(worker.deps.queues, id);
    const reading = await until(
      () => itemRow(id),
      (r) => r.ingest_status !== 'PENDING',
    );
    expect(['READING', 'READ']).toContain(reading.ingest_status);
    const row = await settled(id);
    expect(row).toMatchObject({ ingest_status: 'READ', ingest_error: null });
    expect(outages.get('/flaky/')).toBe(0);
    const job = await worker.deps.queues['closed-loop'].getJob(ingestJobId(id));
    expect(job?.attemptsMade).toBeGreaterThanOrEqual(3);
  });

  it('a page that answers 503 on every attempt fails once the retries are spent', async () => {
    const brand = await seedBrand(db, { prompts: 1, engines: ['local-gpt'] });
    pages.set('/down/', post('Down', '<p>Brightloom CRM</p>'));
    outages.set('/down/', 1_000);
    const id = await publishedItem(brand, '/down/');
    await enqueueIngestPublishedItem(worker.deps.queues, id);
    const row = await settled(id);
    expect(row).toMatchObject({
      ingest_status: 'FAILED',
      ingest_error: ingestPublishedItemStatusRow.failedMessage,
      corpus_document_id: null,
    });
    // The row is failed inside the last attempt; BullMQ counts that attempt only when it moves
    // the job to failed a moment later.
    await until(
      () => jobState(id),
      (state) => state === 'failed',
    );
    const job = await worker.deps.queues['closed-loop'].getJob(ingestJobId(id));
    expect(job?.attemptsMade).toBe(job?.opts.attempts);
    outages.delete('/down/');
  });

  it('the reconciler enqueues an ingestion whose job Redis lost, and it ends READ', async () => {
    const brand = await seedBrand(db, { prompts: 1, engines: ['local-gpt'] });
    pages.set('/lost/', post('Lost job', '<p>Brightloom CRM</p>'));
    const id = await publishedItem(brand, '/lost/');
    // Asked for a while ago; its job was added, then removed from Redis before it ran.
    await worker.deps.queues['closed-loop'].pause();
    await enqueueIngestPublishedItem(worker.deps.queues, id);
    await (await worker.deps.queues['closed-loop'].getJob(ingestJobId(id)))?.remove();
    await worker.deps.queues['closed-loop'].resume();
    await db.execute(sql`update published_items
      set ingest_attempted_at = now() - interval '5 minutes' where id = ${id}`);
    expect(await jobState(id)).toBe('missing');
    expect((await reconcileIngestions()).enqueued).toBeGreaterThanOrEqual(1);
    expect(await jobState(id)).not.toBe('missing');
    const row = await settled(id);
    expect(row).toMatchObject({ ingest_status: 'READ', ingest_error: null });
    expect(row.corpus_document_id).not.toBeNull();
  });

  it('the reconciler fails an ingestion stuck READING past its deadline, with a reason', async () => {
    const brand = await seedBrand(db, { prompts: 1, engines: ['local-gpt'] });
    const id = await publishedItem(brand, '/stuck/');
    await db.execute(sql`update published_items set ingest_status = 'READING',
      ingest_attempted_at = now() - interval '4 hours' where id = ${id}`);
    expect((await reconcileIngestions()).failed).toBeGreaterThanOrEqual(1);
    expect(await itemRow(id)).toMatchObject({
      ingest_status: 'FAILED',
      ingest_error: 'Reading the page stopped before it finished. Read it again.',
    });
    // A final row is not the reconciler's any more: no job is added for it.
    await reconcileIngestions();
    expect(await jobState(id)).toBe('missing');
  });

  it('a FAILED ingestion is not redone by a stale job; asking again (PENDING) reads it', async () => {
    const brand = await seedBrand(db, { prompts: 1, engines: ['local-gpt'] });
    const id = await publishedItem(brand, '/later/');
    await enqueueIngestPublishedItem(worker.deps.queues, id);
    expect((await settled(id)).ingest_status).toBe('FAILED');
    // The row is failed before BullMQ files the job as finished; an add before then is the same
    // job still running (a no-op), and the awaited 'completed' would never come.
    await until(
      () => jobState(id),
      (s) => s === 'failed' || s === 'completed',
    );
    pages.set('/later/', post('Later', '<p>Brightloom CRM, published at last.</p>'));
    await enqueueIngestPublishedItem(worker.deps.queues, id);
    await until(
      () => jobState(id),
      (s) => s === 'completed',
    );
    expect((await itemRow(id)).ingest_status).toBe('FAILED');
    await requestIngestion(db, id);
    await enqueueIngestPublishedItem(worker.deps.queues, id);
    const row = await settled(id);
    expect(row).toMatchObject({ ingest_status: 'READ', ingest_error: null });
  });
});
