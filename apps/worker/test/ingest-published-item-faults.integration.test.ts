import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRedis } from '@lumen/config/redis';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { enqueueIngestPublishedItem } from '@lumen/jobs/ingest-published-item';
import { createQueues, type Queues } from '@lumen/jobs/queues';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetPublishedPages } from '../../../scripts/test/published-pages';
import { type Service, startService } from '../../../scripts/test/spawn-service';
import { FAST_STALLS, FAST_TIMING, seedBrand, until } from './brand-run-fixtures';

// The worker as its own process (as in production), SIGKILLed while it reads a published page:
// the item is left READING, the job stalls, and the next worker reads the page, so the item ends
// READ (docs/closed-loop.md, "Ingestion").

let db: Database;
let queues: Queues;
let connection: ReturnType<typeof createRedis>;
let server: Server;
let base: string;
/** While set, the page's request is held here unanswered (the worker is mid-read). */
let hold: ((res: ServerResponse) => void) | null = null;
const services: Service[] = [];

const PAGE = `<!doctype html><html><head><title>Survives a crash</title></head>
  <body><main><article><h1>Survives a crash</h1><p>Brightloom CRM reads on.</p></article></main></body></html>`;

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, { max: 3 });
  connection = createRedis(process.env.REDIS_URL!);
  queues = createQueues(connection, process.env.REDIS_PREFIX!);
  server = createServer((_req, res) => {
    if (hold) return hold(res);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const s of services) await s.crash().catch(() => {});
  if (db) {
    await db.execute(sql`update published_items set ingest_status = 'FAILED'
      where ingest_status in ('PENDING', 'READING')`);
    await forgetPublishedPages(db);
    await closeDb(db);
  }
  await queues?.close();
  connection?.disconnect();
  server?.closeAllConnections();
  await new Promise<void>((done) => server?.close(() => done()));
});

describe('ingest-published-item faults', () => {
  it('the worker SIGKILLed mid-read: the next worker reads the page and the item ends READ', async () => {
    const brand = await seedBrand(db, { prompts: 1, engines: ['local-gpt'] });
    const [opportunity] = await db.execute<{ id: string }>(sql`
      insert into opportunities (workspace_id, brand_id, type, title, impact, status)
      values (${brand.workspaceId}, ${brand.brandId}, 'missing_mention', 'Crash', 70, 'PUBLISHED')
      returning id`);
    const [order] = await db.execute<{ id: string }>(sql`
      insert into orders (workspace_id, opportunity_id, status)
      values (${brand.workspaceId}, ${opportunity!.id}, 'DRAFT_READY') returning id`);
    const [draft] = await db.execute<{ id: string }>(sql`
      insert into drafts (workspace_id, order_id, title, body, status)
      values (${brand.workspaceId}, ${order!.id}, 'Crash', 'Crash', 'PUBLISHED') returning id`);
    const [item] = await db.execute<{ id: string }>(sql`
      insert into published_items (workspace_id, draft_id, wp_post_id, url, site_url)
      values (${brand.workspaceId}, ${draft!.id}, 7, ${`${base}/survives/`}, ${base}) returning id`);
    const id = item!.id;
    const status = async () =>
      (
        await db.execute<{ ingest_status: string; ingest_error: string | null }>(sql`
          select ingest_status, ingest_error from published_items where id = ${id}`)
      )[0]!;

    const requested = new Promise<ServerResponse>((got) => {
      hold = got;
    });
    const first = await startService(
      'apps/worker/src/main.ts',
      { ...FAST_TIMING, ...FAST_STALLS },
      'worker ready',
    );
    services.push(first);
    await enqueueIngestPublishedItem(queues, id);
    const held = await requested;
    expect((await status()).ingest_status).toBe('READING');

    await first.crash();
    expect(first.child.signalCode).toBe('SIGKILL');
    held.destroy();
    hold = null;

    // The job stalls; the next worker takes it back once its lock lapses.
    services.push(
      await startService(
        'apps/worker/src/main.ts',
        { ...FAST_TIMING, ...FAST_STALLS },
        'worker ready',
      ),
    );
    const row = await until(
      status,
      (r) => r.ingest_status === 'READ' || r.ingest_status === 'FAILED',
    );
    expect(row).toEqual({ ingest_status: 'READ', ingest_error: null });
    const [doc] = await db.execute<{ title: string }>(sql`
      select c.title from corpus_documents c
        join published_items p on p.corpus_document_id = c.id where p.id = ${id}`);
    expect(doc?.title).toBe('Survives a crash');
  });
});
