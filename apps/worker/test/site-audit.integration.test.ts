import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import {
  findSiteAuditById,
  requestSiteAudit,
  type SiteAudit,
} from '@lumen/db/repositories/site-audit.repository';
import { brands } from '@lumen/db/schema/brands';
import { workspaces } from '@lumen/db/schema/tenancy';
import { enqueueSiteAudit } from '@lumen/jobs/site-audit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../src/worker';
import { startTestWorker, until } from './brand-run-fixtures';

// The site-audit job with the real worker against a site this test serves on loopback
// (docs/site-audit.md): robots.txt blocking GPTBot, a missing then a malformed llms.txt, a
// sitemap, a home page with Organization schema, a pricing page without schema.org and a
// features page whose text only JavaScript writes (rendered in the system Chromium). The
// findings become TECHNICAL opportunities, updated, not multiplied, by a second audit.

let db: Database;
let worker: RunningWorker;
let server: Server;
let host: string;
const files = new Map<string, { type: string; body: string }>();
const requests: string[] = [];

const LONG = 'Our CRM sends 45% more follow-ups on time. '.repeat(20);

function page(title: string, body: string, head = '') {
  return `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`;
}

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, { max: 3 });
  server = createServer((req, res) => {
    requests.push(
      `${req.headers['user-agent']?.includes('LumenSiteAudit') ? 'audit' : 'browser'} ${req.url}`,
    );
    const file = files.get(req.url ?? '');
    res.writeHead(file ? 200 : 404, { 'content-type': file?.type ?? 'text/html' });
    res.end(file?.body ?? '<h1>Not found</h1>');
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const base = `http://${host}`;
  files.set('/robots.txt', {
    type: 'text/plain',
    body: `User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n\nSitemap: ${base}/sitemap.xml\n`,
  });
  files.set('/sitemap.xml', {
    type: 'application/xml',
    body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url><loc>${base}/</loc><lastmod>${new Date().toISOString().slice(0, 10)}</lastmod></url>
      <url><loc>${base}/pricing</loc></url></urlset>`,
  });
  files.set('/', {
    type: 'text/html',
    body: page(
      'Northwind CRM',
      `<main><h1>Northwind CRM</h1><p>${LONG}</p><a href="/pricing">Pricing</a> <a href="/features">Features</a></main>`,
      `<meta name="description" content="The CRM for small teams."><link rel="canonical" href="${base}/">
       <script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Northwind","url":"${base}","logo":"${base}/logo.png","sameAs":["https://example.org/northwind"]}</script>`,
    ),
  });
  files.set('/pricing', {
    type: 'text/html',
    body: page('Pricing', `<main><h1>Pricing</h1><h2>Team</h2><p>${LONG}</p></main>`),
  });
  files.set('/features', {
    type: 'text/html',
    body: page('Features', '<div id="root"></div><script src="/app.js"></script>'),
  });
  files.set('/app.js', {
    type: 'text/javascript',
    body: `document.getElementById('root').innerHTML = '<main><h1>Features</h1><p>' + ${JSON.stringify(LONG)} + '</p></main>';`,
  });
  // A real lock: an audit with a browser takes seconds, longer than the fast tests' 1 s lock
  // survives on a loaded machine.
  worker = await startTestWorker({
    RECONCILE_INTERVAL_MS: '600000',
    WORKER_LOCK_MS: '30000',
    WORKER_STALLED_INTERVAL_MS: '30000',
  });
});

afterAll(async () => {
  await db?.execute(
    sql`update site_audits set status = 'FAILED' where status in ('QUEUED', 'RUNNING')`,
  );
  await worker?.close();
  await new Promise<void>((done) => server.close(() => done()));
  if (db) await closeDb(db);
});

async function brandOn(domain: string) {
  const [ws] = await db.insert(workspaces).values({ name: 'Site audit' }).returning();
  const [brand] = await db
    .insert(brands)
    .values({ workspaceId: ws!.id, name: 'Northwind CRM', domains: [domain], schedule: 'manual' })
    .returning();
  return { workspaceId: ws!.id, brandId: brand!.id };
}

async function audit(b: { workspaceId: string; brandId: string }): Promise<SiteAudit> {
  const { id } = await requestSiteAudit(db, b.workspaceId, b.brandId, 'manual');
  await enqueueSiteAudit(worker.deps.queues, id);
  return until(
    async () => (await findSiteAuditById(db, id))!,
    (a) => a.status === 'COMPLETED' || a.status === 'FAILED',
  );
}

async function technical(brandId: string) {
  return db.execute<{ finding_key: string; status: string; impact: number }>(sql`
    select finding_key, status::text, impact from opportunities
     where brand_id = ${brandId} and type = 'technical' order by finding_key`);
}

describe('site audit through the real worker', () => {
  it('reads robots.txt, llms.txt, the sitemap and the key pages, and files TECHNICAL opportunities', async () => {
    const b = await brandOn(host);
    const done = await audit(b);
    expect(done.error).toBeNull();
    expect(done.status).toBe('COMPLETED');
    expect(done.origin).toBe(`http://${host}`);
    expect(done.done).toBe(done.total);
    const report = done.report!;
    expect(report.pages.map((p) => [new URL(p.url).pathname, p.role])).toEqual([
      ['/', 'home'],
      ['/pricing', 'pricing'],
      ['/features', 'product'],
    ]);

    // GPTBot is blocked from every page by line 5; ClaudeBot falls back to * and may read all.
    const gpt = report.agents.find((a) => a.agent === 'GPTBot')!;
    expect(gpt.kind).toBe('training');
    expect(gpt.pages.map((p) => [p.allowed, p.line, p.lineNumber])).toEqual([
      [false, 'Disallow: /', 5],
      [false, 'Disallow: /', 5],
      [false, 'Disallow: /', 5],
    ]);
    expect(report.agents.find((a) => a.agent === 'ClaudeBot')!.pages.every((p) => p.allowed)).toBe(
      true,
    );

    const findings = Object.fromEntries(report.findings.map((f) => [f.key, f]));
    expect(findings['robots:gptbot']?.severity).toBe('low');
    expect(findings['llms:missing']?.severity).toBe('medium');
    // Schema.org: the home page has a complete Organization; pricing has none.
    expect(Object.keys(findings).filter((k) => k.startsWith('page:/:'))).toEqual([]);
    expect(findings['page:/pricing:json-ld']?.severity).toBe('medium');
    expect(report.pages[0]?.schemaTypes).toEqual(['Organization']);
    // The features page's text appears only once Chromium ran its script.
    expect(report.javascriptChecked).toBe(true);
    expect(report.pages[2]?.javascript).toBe('needs-javascript');
    expect(report.pages[1]?.javascript).toBe('ok');
    expect(findings['page:/features:javascript']?.severity).toBe('high');
    // The sitemap is fresh but leaves /features out.
    expect(findings['sitemap:key-pages']?.evidence).toBe('Not listed: /features');
    expect(report.score).toBeGreaterThan(0);
    expect(report.score).toBeLessThan(100);
    // Every request of the audit announced itself; the renderer's came through safeFetch too.
    expect(requests).toContain('audit /app.js');

    const opportunities = await technical(b.brandId);
    const keys = opportunities.map((o) => o.finding_key);
    expect(keys).toContain('llms:missing');
    expect(keys).toContain('page:/features:javascript');
    expect(keys).toContain('page:/pricing:json-ld');
    // A training-crawler block is a legitimate choice: shown, not an opportunity.
    expect(keys).not.toContain('robots:gptbot');
    expect(opportunities.find((o) => o.finding_key === 'page:/features:javascript')?.impact).toBe(
      90,
    );

    // A malformed llms.txt next time: the missing one resolves, the rest are updated, not added.
    files.set('/llms.txt', {
      type: 'text/plain',
      body: 'Northwind CRM\n\n## Docs\nRead our docs.\n',
    });
    const again = await audit(b);
    expect(again.status).toBe('COMPLETED');
    const llms = again.report!.findings.find((f) => f.key === 'llms:malformed');
    expect(llms?.evidence).toContain('must start with an H1');
    const after = await technical(b.brandId);
    expect(after.find((o) => o.finding_key === 'llms:missing')?.status).toBe('RESOLVED');
    expect(after.find((o) => o.finding_key === 'llms:malformed')?.status).toBe('NEW');
    expect(after.filter((o) => o.finding_key === 'page:/features:javascript')).toHaveLength(1);
    expect(after).toHaveLength(opportunities.length + 1);
    const [history] = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from opportunity_status_changes c
        join opportunities o on o.id = c.opportunity_id
       where o.brand_id = ${b.brandId} and o.finding_key = 'llms:missing'`);
    expect(history?.n).toBe(2);
    files.delete('/llms.txt');
  });

  it('a site that does not answer fails the audit with the reason', async () => {
    const closed = createServer();
    await new Promise<void>((ready) => closed.listen(0, '127.0.0.1', () => ready()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const b = await brandOn(`127.0.0.1:${port}`);
    const failed = await audit(b);
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toContain('The site did not answer');
  });

  it('a second request while an audit is open returns that audit', async () => {
    const b = await brandOn(host);
    const first = await requestSiteAudit(db, b.workspaceId, b.brandId, 'manual');
    const second = await requestSiteAudit(db, b.workspaceId, b.brandId, 'scheduled');
    expect(second).toEqual({ id: first.id, created: false });
    await enqueueSiteAudit(worker.deps.queues, first.id);
    await until(
      async () => (await findSiteAuditById(db, first.id))!.status,
      (s) => s === 'COMPLETED',
    );
  });
});
