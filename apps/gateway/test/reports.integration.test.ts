import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import type { ReportContent } from '@lumen/domain/reports/report-content';
import { reportView } from '@lumen/domain/reports/report-view';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { codeOf } from './brand-helpers';
import { type ReportFixture, seedReportBrand } from './report-fixture';

// Reports (docs/reports.md) through the running gateway: the numbers equal the metrics API for
// the same range, the PDF says every figure of the report and nothing of another workspace, and
// a share link shows its one report until it is revoked or expires, and nothing else.

let gateway: RunningGateway;
let db: Database;
let a: ReportFixture;
let b: ReportFixture;

const PREVIOUS = ['2026-10-29', '2026-10-30', '2026-10-31'];
const CURRENT = ['2026-11-01', '2026-11-02', '2026-11-03'];
const RANGE = { from: CURRENT[0]!, to: CURRENT[2]! };

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, { max: 2 });
  const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
  gateway = await startGateway(env, { webDist: null });
  const days = { previous: PREVIOUS, current: CURRENT };
  a = await seedReportBrand(
    gateway,
    db,
    {
      brand: 'Northwind Reports',
      domain: 'northwind-reports.com',
      rival: 'Contoso Analytics',
      rivalDomain: 'contoso-analytics.com',
      news: 'trade-news.example',
    },
    days,
  );
  b = await seedReportBrand(
    gateway,
    db,
    {
      brand: 'Zanzibar Secretcorp',
      domain: 'zanzibar-secret.com',
      rival: 'Quokka Hiddenworks',
      rivalDomain: 'quokka-hidden.com',
      news: 'gossip-only-b.example',
    },
    days,
  );
});

afterAll(async () => {
  await gateway?.close();
  if (db) await closeDb(db);
});

const CORE =
  'answers score mentionRate { value low high } shareOfVoice citationRate averageRank sentiment';

async function createReport(f: ReportFixture) {
  const res = await f.gql<{ createReport: { id: string; contentJson: string } }>(
    `mutation ($brandId: ID!, $from: Date!, $to: Date!) {
       createReport(brandId: $brandId, from: $from, to: $to) { id contentJson } }`,
    { brandId: f.brandId, ...RANGE },
  );
  expect(res.errors).toBeUndefined();
  const report = res.data!.createReport;
  return { id: report.id, content: JSON.parse(report.contentJson) as ReportContent };
}

async function share(f: ReportFixture, reportId: string, expiresInDays?: number) {
  const res = await f.gql<{ shareReport: { url: string; share: { id: string } } }>(
    `mutation ($id: ID!, $days: Int) { shareReport(reportId: $id, expiresInDays: $days) {
       url share { id state } } }`,
    { id: reportId, days: expiresInDays ?? null },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.shareReport;
}

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('a report', () => {
  it('has the numbers of the metrics API for the same range', async () => {
    const { content } = await createReport(a);
    const api = await a.gql<{
      brand: {
        metrics: Record<string, unknown> & { change: { score: number; verdict: string } | null };
        byEngine: (Record<string, unknown> & { engine: string })[];
        competitorMetrics: { entityId: string; shareOfVoice: number; answers: number }[];
        sources: { domain: string; citations: number; share: number }[];
        costByEngine: { engine: string; answers: number; costUsd: number; unpriced: number }[];
      };
    }>(
      `query ($id: ID!, $f: MetricsFilter!) { brand(id: $id) {
         metrics(filter: $f) { ${CORE} change { score verdict } }
         byEngine(filter: $f) { engine ${CORE} }
         competitorMetrics(filter: $f) { entityId shareOfVoice answers }
         sources(filter: $f, first: 10) { domain citations share }
         costByEngine(filter: $f) { engine answers costUsd unpriced: unpricedAnswers }
       } }`,
      { id: a.brandId, f: RANGE },
    );
    expect(api.errors).toBeUndefined();
    const m = api.data!.brand;
    const k = content.kpis;
    expect(k.answers).toBeGreaterThan(0);
    expect({
      answers: k.answers,
      score: k.score,
      mentionRate: k.mentionRate,
      shareOfVoice: k.shareOfVoice,
      citationRate: k.citationRate,
      averageRank: k.averageRank,
      sentiment: k.sentiment,
      change: k.change ? { score: k.change.score, verdict: k.change.verdict } : null,
    }).toEqual(m.metrics);
    // The previous period has the brand nowhere: the move is real, and the report says why.
    expect(k.change?.verdict).toBe('MOVED_UP');
    expect(content.moves.some((mv) => mv.scope === 'BRAND')).toBe(true);
    expect(
      content.engines.map((e) => ({
        engine: e.engine,
        answers: e.answers,
        score: e.score,
        mentionRate: e.mentionRate,
        shareOfVoice: e.shareOfVoice,
        citationRate: e.citationRate,
        averageRank: e.averageRank,
        sentiment: e.sentiment,
      })),
    ).toEqual(m.byEngine);
    expect(
      content.shareOfVoice.map((s) => ({
        entityId: s.entityId,
        shareOfVoice: s.shareOfVoice,
        answers: s.answers,
      })),
    ).toEqual(m.competitorMetrics);
    expect(
      content.sources.map((s) => ({ domain: s.domain, citations: s.citations, share: s.share })),
    ).toEqual(m.sources);
    expect(
      content.cost.byEngine.map((e) => ({
        engine: e.engine,
        answers: e.answers,
        costUsd: e.costUsd,
        unpriced: e.unpriced,
      })),
    ).toEqual(m.costByEngine);
    expect(content.cost.usd).toBeGreaterThan(0);
    expect(content.cost.unpricedAnswers).toBeGreaterThan(0);
  });

  it('is another workspace’s to nobody: null in GraphQL, NOT_FOUND as a PDF and to share', async () => {
    const { id } = await createReport(a);
    const read = await b.gql<{ report: unknown; reports: { id: string }[] }>(
      'query ($id: ID!) { report(id: $id) { id } reports { id } }',
      { id },
    );
    expect(read.data!.report).toBeNull();
    expect(read.data!.reports.map((r) => r.id)).not.toContain(id);
    const shared = await b.gql('mutation ($id: ID!) { shareReport(reportId: $id) { url } }', {
      id,
    });
    expect(codeOf(shared)).toBe('NOT_FOUND');
    const pdf = await fetch(`${gateway.url}/export/report.pdf?reportId=${id}`, {
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(pdf.status).toBe(404);
    const anonymous = await fetch(`${gateway.url}/export/report.pdf?reportId=${id}`);
    expect(anonymous.status).toBe(401);
  });

  it('as a PDF says every figure of the report and nothing of another workspace', async () => {
    await createReport(b);
    const { id, content } = await createReport(a);
    const res = await fetch(`${gateway.url}/export/report.pdf?reportId=${id}`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(await res.arrayBuffer());
    const view = reportView(content);
    const expected = [
      view.title,
      ...view.kpis.flatMap((k) => [k.label, k.value]),
      ...view.sections.flatMap((s) => [s.title, ...(s.table?.rows.flat() ?? [])]),
    ];
    const missing = expected.filter((s) => !text.includes(s.replace(/\s+/g, ' ')));
    expect(missing).toEqual([]);
    for (const foreign of [
      'Zanzibar',
      'Secretcorp',
      'Quokka',
      'zanzibar-secret',
      'gossip-only-b',
    ]) {
      expect(text).not.toContain(foreign);
    }
  });
});

describe('a share link', () => {
  it('shows its report, unindexed, counts each view, and reaches nothing else', async () => {
    const { id, content } = await createReport(a);
    const other = await createReport(a);
    const link = await share(a, id);
    expect(link.url).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);
    const token = link.url.split('/r/')[1]!;
    // Only a hash is stored.
    const stored = await db.execute<{ token_hash: string }>(
      sql`select token_hash from report_shares where id = ${link.share.id}`,
    );
    expect(stored[0]!.token_hash).not.toContain(token);

    const page = await fetch(`${gateway.url}/r/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toContain(content.brand.name);
    expect(html).not.toContain('<script');
    const pdf = await fetch(`${gateway.url}/r/${token}/report.pdf`);
    expect(pdf.status).toBe(200);
    expect(await pdfText(await pdf.arrayBuffer())).toContain(reportView(content).title);

    const views = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from activity_log
       where kind = 'report.viewed' and subject_id = ${id}`);
    expect(views[0]!.n).toBe(2);
    const counted = await a.gql<{ report: { shares: { views: number }[] } }>(
      'query ($id: ID!) { report(id: $id) { shares { views } } }',
      { id },
    );
    expect(counted.data!.report.shares[0]!.views).toBe(2);

    // Nothing else: another report's id beside the token, the API with the token as a bearer.
    expect((await fetch(`${gateway.url}/r/${token}/${other.id}`)).status).toBe(404);
    expect(
      (await fetch(`${gateway.url}/export/report.pdf?reportId=${other.id}&token=${token}`)).status,
    ).toBe(401);
    const api = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: `{ report(id: "${other.id}") { contentJson } }` }),
    });
    const body = (await api.json()) as {
      data?: unknown;
      errors?: { extensions?: { code?: string } }[];
    };
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(JSON.stringify(body)).not.toContain('kpis');
  });

  it('is refused after it is revoked', async () => {
    const { id } = await createReport(a);
    const link = await share(a, id);
    const token = link.url.split('/r/')[1]!;
    expect((await fetch(`${gateway.url}/r/${token}`)).status).toBe(200);
    const revoked = await a.gql<{ revokeShare: { state: string } }>(
      'mutation ($id: ID!) { revokeShare(id: $id) { state } }',
      { id: link.share.id },
    );
    expect(revoked.data!.revokeShare.state).toBe('REVOKED');
    const page = await fetch(`${gateway.url}/r/${token}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('This link does not work');
    expect((await fetch(`${gateway.url}/r/${token}/report.pdf`)).status).toBe(404);
    // Another workspace cannot revoke it (NOT_FOUND, like a missing id).
    const foreign = await b.gql('mutation ($id: ID!) { revokeShare(id: $id) { state } }', {
      id: link.share.id,
    });
    expect(codeOf(foreign)).toBe('NOT_FOUND');
  });

  it('is refused after it expires, and its expiry is checked', async () => {
    const { id } = await createReport(a);
    const bad = await a.gql(
      'mutation ($id: ID!) { shareReport(reportId: $id, expiresInDays: 0) { url } }',
      {
        id,
      },
    );
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    const link = await share(a, id, 1);
    const token = link.url.split('/r/')[1]!;
    expect((await fetch(`${gateway.url}/r/${token}`)).status).toBe(200);
    // The day has passed: the link's own expiry, moved back rather than waited for.
    await db.execute(
      sql`update report_shares set expires_at = now() - interval '1 second' where id = ${link.share.id}`,
    );
    expect((await fetch(`${gateway.url}/r/${token}`)).status).toBe(404);
    expect((await fetch(`${gateway.url}/r/${token}/report.pdf`)).status).toBe(404);
  });
});

describe('the snapshot', () => {
  it('keeps the numbers the report was made with when the rollups change', async () => {
    const { id, content } = await createReport(b);
    // A day of b's answers disappears (as after a recount): the metrics change, the report not.
    await db.execute(
      sql`delete from metric_snapshots where brand_id = ${b.brandId} and day = ${CURRENT[0]!}::date`,
    );
    const again = await b.gql<{ report: { contentJson: string } }>(
      'query ($id: ID!) { report(id: $id) { contentJson } }',
      { id },
    );
    expect(JSON.parse(again.data!.report.contentJson)).toEqual(content);
    const fresh = await createReport(b);
    expect(fresh.content.kpis.answers).toBeLessThan(content.kpis.answers);
  });
});
