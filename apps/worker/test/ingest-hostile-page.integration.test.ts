import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { requestIngestion } from '@lumen/db/repositories/closed-loop.repository';
import { insertQuickScore } from '@lumen/db/repositories/quick-score.repository';
import { loadSeedCorpus } from '@lumen/engines/corpus/load-seed-corpus';
import { QuickScoreJob } from '@lumen/jobs/definitions';
import { enqueue } from '@lumen/jobs/enqueue';
import {
  clearFinishedIngestJob,
  enqueueIngestPublishedItem,
  ingestJobId,
} from '@lumen/jobs/ingest-published-item';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forgetPublishedPages } from '../../../scripts/test/published-pages';
import { ingestPublishedItemStatusRow } from '../src/processors/ingest-published-item.processor';
import { failRowOfFailedJob, type RunningWorker } from '../src/worker';
import { type SeededBrand, seedBrand, startTestWorker, until } from './brand-run-fixtures';

// One published page must not stop every tenant's jobs (docs/security.md, "Fetched pages").
// A page of `<div>` nested 200,000 deep (under the 1 MiB byte bound) held htmlparser2 for tens
// of seconds on the worker's one event loop, and with it every quick check, run and lock. The
// real worker reads it while a guest's quick check (offline engines) runs: the check completes
// while the page is still being read or already refused, never after the page was read.
// With the default bounds the page is refused before parsing (too deep); with depth and tags
// unbounded by configuration it reaches the extraction thread, whose time budget stops it.

let db: Database;
let worker: RunningWorker | undefined;
let server: Server;
let base: string;
/** Pages the server answers at once, and pages it holds until the test releases them. */
const pages = new Map<string, string>();
const held = new Map<string, { html: string; asked(): void; go: Promise<void>; sent(): void }>();

const HOSTILE = `<!doctype html><html><head><title>Hostile</title></head><body><main>${'<div>'.repeat(200_000)}Zylo CRM is here.</main></body></html>`;
// Hang guard only: a worker that parses the page on its event loop runs far past it.
const TIMEOUT = 240_000;

type HeldPage = {
  /** Resolves when the worker has asked for the page. */
  requested: Promise<void>;
  /** Sends the page; resolves when all of it is written to the socket. */
  release(): Promise<void>;
};

/** A page the server holds until the test releases it (docs/testing.md, "Hold, do not delay"). */
function heldPage(path: string, html: string): HeldPage {
  let asked!: () => void;
  let send!: () => void;
  let sent!: () => void;
  const requested = new Promise<void>((r) => (asked = r));
  const go = new Promise<void>((r) => (send = r));
  const written = new Promise<void>((r) => (sent = r));
  held.set(path, { html, asked: () => asked(), go, sent: () => sent() });
  return {
    requested,
    release: () => {
      send();
      return written;
    },
  };
}

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, { max: 3 });
  await loadSeedCorpus(db);
  server = createServer((req, res) => {
    const page = held.get(req.url ?? '');
    if (page) {
      page.asked();
      void page.go.then(() => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(page.html, () => page.sent());
      });
      return;
    }
    const html = pages.get(req.url ?? '');
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? '<h1>Not found</h1>');
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await worker?.close();
  worker = undefined;
});

afterAll(async () => {
  await db?.execute(sql`update published_items set ingest_status = 'FAILED'
    where ingest_status in ('PENDING', 'READING')`);
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
    values (${brand.workspaceId}, ${order!.id}, 'Hostile', 'Hostile', 'PUBLISHED') returning id`);
  const [item] = await db.execute<{ id: string }>(sql`
    insert into published_items (workspace_id, draft_id, wp_post_id, url, site_url, published_at)
    values (${brand.workspaceId}, ${draft!.id}, ${Math.floor(Math.random() * 1e9)},
            ${`${base}${path}`}, ${base}, now() - interval '1 minute') returning id`);
  return item!.id;
}

const ingestion = async (id: string) =>
  (
    await db.execute<{ ingest_status: string; ingest_error: string | null }>(
      sql`select ingest_status, ingest_error from published_items where id = ${id}`,
    )
  )[0]!;

/** Waits for the item's ingestion to be final. */
const settled = (id: string) =>
  until(
    () => ingestion(id),
    (r) => r.ingest_status === 'READ' || r.ingest_status === 'FAILED',
  );

const quickScoreStatus = async (id: string) =>
  (await db.execute<{ status: string }>(sql`select status from quick_scores where id = ${id}`))[0]!
    .status;

/** A guest's quick check as the gateway starts it: the row, then its job. */
async function startQuickCheck(running: RunningWorker): Promise<string> {
  const row = await insertQuickScore(db, {
    brandName: 'Northwind CRM',
    domain: 'https://www.northwindcrm.com',
    industry: 'CRM software',
    country: null,
    competitors: [],
    ipHash: `hostile-page-${randomUUID()}`,
    expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
  });
  await enqueue(running.deps.queues, QuickScoreJob, { quickScoreId: row.id }, { jobId: row.id });
  return row.id;
}

/**
 * Reads the hostile page with the worker while a quick check runs; returns the ingestion as it
 * stood when the check completed, and as it ended.
 */
async function quickCheckBesideHostilePage(path: string, running: RunningWorker) {
  const brand = await seedBrand(db, { prompts: 1, engines: ['local-gpt'] });
  const page = heldPage(path, HOSTILE);
  const itemId = await publishedItem(brand, path);
  await enqueueIngestPublishedItem(running.deps.queues, itemId);
  await page.requested;
  // The whole page is on its way to the worker before the check is asked for: a worker that
  // parses on its event loop is busy with it before the check's first query answers.
  await page.release();
  const quickScoreId = await startQuickCheck(running);
  const status = await until(
    () => quickScoreStatus(quickScoreId),
    (s) => s === 'COMPLETED' || s === 'FAILED',
  );
  expect(status).toBe('COMPLETED');
  const whenChecked = await ingestion(itemId);
  return { whenChecked, final: await settled(itemId) };
}

describe('a page over the byte bound', () => {
  it(
    'is refused for its size, and "Read again" refuses it the same way',
    async () => {
      worker = await startTestWorker({ RECONCILE_INTERVAL_MS: '600000' });
      // An ordinary article padded past 1 MiB: read whole before (safeFetch's cap is 5 MB).
      const paragraph = '<p>Northwind CRM keeps every customer conversation in one place.</p>\n';
      pages.set(
        '/large/',
        `<html><body><main>${paragraph.repeat(Math.ceil((1.5 * 1024 * 1024) / paragraph.length))}</main></body></html>`,
      );
      const brand = await seedBrand(db, { prompts: 1, engines: ['local-gpt'] });
      const itemId = await publishedItem(brand, '/large/');
      const reason = `The page is too large to read: ${base}/large/ is over the 1.0 MB Lumen reads of a page.`;
      await enqueueIngestPublishedItem(worker.deps.queues, itemId);
      expect(await settled(itemId)).toEqual({ ingest_status: 'FAILED', ingest_error: reason });
      // The row is failed before BullMQ files the job as finished; asking again before then
      // would meet the same job still active (the add a no-op), so wait for it to be filed.
      const job = await worker.deps.queues['closed-loop'].getJob(ingestJobId(itemId));
      await until(
        async () => (job ? await job.getState() : 'missing'),
        (state) => state === 'failed' || state === 'completed' || state === 'missing',
      );
      // As "Read again" does: the finished job goes before the row is asked for again.
      await clearFinishedIngestJob(worker.deps.queues, itemId);
      await requestIngestion(db, itemId);
      await enqueueIngestPublishedItem(worker.deps.queues, itemId);
      expect(await settled(itemId)).toEqual({ ingest_status: 'FAILED', ingest_error: reason });
    },
    TIMEOUT,
  );
});

describe('a hostile page beside a quick check', () => {
  it(
    'is refused for its depth before parsing, and the check completes',
    async () => {
      worker = await startTestWorker({ RECONCILE_INTERVAL_MS: '600000' });
      const { whenChecked, final } = await quickCheckBesideHostilePage('/deep/', worker);
      expect(['READING', 'FAILED']).toContain(whenChecked.ingest_status);
      expect(final.ingest_status).toBe('FAILED');
      expect(final.ingest_error).toBe(
        `The page nests its HTML elements more than 256 deep, which no article needs; Lumen does not read it. (${base}/deep/)`,
      );
    },
    TIMEOUT,
  );

  it(
    'with depth and tags unbounded, is parsed off the event loop and stopped by its time budget',
    async () => {
      worker = await startTestWorker({
        RECONCILE_INTERVAL_MS: '600000',
        PAGE_MAX_DEPTH: '1000000000',
        PAGE_MAX_TAGS: '1000000000',
      });
      const { whenChecked, final } = await quickCheckBesideHostilePage('/deep-unbounded/', worker);
      expect(['READING', 'FAILED']).toContain(whenChecked.ingest_status);
      expect(final.ingest_status).toBe('FAILED');
      expect(final.ingest_error).toBe(
        `Reading the page took longer than 10 s and was stopped; Lumen does not read it. (${base}/deep-unbounded/)`,
      );
    },
    TIMEOUT,
  );
});

describe('a late failed-job handler', () => {
  it(
    'fails the row only while the job it read is still there, failed; never the row asked for again',
    async () => {
      worker = await startTestWorker({ RECONCILE_INTERVAL_MS: '600000' });
      const firstQueue = worker.deps.queues['closed-loop'];
      const brand = await seedBrand(db, { prompts: 1, engines: ['local-gpt'] });
      const itemId = await publishedItem(brand, '/gone-late/');
      await enqueueIngestPublishedItem(worker.deps.queues, itemId);
      expect((await settled(itemId)).ingest_status).toBe('FAILED');
      const job = await firstQueue.getJob(ingestJobId(itemId));
      await until(
        async () => (job ? await job.getState() : 'missing'),
        (state) => state === 'failed',
      );
      // What the worker's `failed` handler holds: the job as it was read, failed.
      const stale = (await firstQueue.getJob(ingestJobId(itemId)))!;
      // The worker's own handler for this job may still be running (it runs late on a busy
      // machine) and would fail the row set open below before this test's call does. Closing
      // the worker waits for it; a second worker, idle, lends the test its connections.
      await worker.close();
      worker = await startTestWorker({ RECONCILE_INTERVAL_MS: '600000' });
      const queue = worker.deps.queues['closed-loop'];
      const stopped = {
        ingest_status: 'FAILED',
        ingest_error: ingestPublishedItemStatusRow.stoppedMessage,
      };
      const deps = worker.deps;

      // Read late while its row is still open (a stall): the row is failed.
      await db.execute(
        sql`update published_items set ingest_status = 'READING' where id = ${itemId}`,
      );
      expect(
        await failRowOfFailedJob(deps, ingestPublishedItemStatusRow, itemId, queue, stale),
      ).toBe(true);
      expect(await ingestion(itemId)).toEqual(stopped);

      // "Read again" came between the handler's read and its write: the old job is removed and
      // the row is PENDING. The late handler leaves the new request alone.
      await clearFinishedIngestJob(worker.deps.queues, itemId);
      await requestIngestion(db, itemId);
      expect(
        await failRowOfFailedJob(deps, ingestPublishedItemStatusRow, itemId, queue, stale),
      ).toBe(false);
      expect((await ingestion(itemId)).ingest_status).toBe('PENDING');

      // And when a new request's job already stands under the same id (held back by a delay,
      // so that it waits): still left alone.
      await queue.add(stale.name, stale.data, { jobId: ingestJobId(itemId), delay: 3_600_000 });
      expect(
        await failRowOfFailedJob(deps, ingestPublishedItemStatusRow, itemId, queue, stale),
      ).toBe(false);
      expect((await ingestion(itemId)).ingest_status).toBe('PENDING');
      await queue.remove(ingestJobId(itemId));
    },
    TIMEOUT,
  );
});
