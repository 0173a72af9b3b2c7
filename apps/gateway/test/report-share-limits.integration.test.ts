import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_LIMITS, shareLimitKey } from '../src/http/report-routes';
import { type RunningGateway, startGateway } from '../src/server';
import { type ReportFixture, seedReportBrand } from './report-fixture';

// A share link is public: each address may open so many pages and PDFs a minute (docs/reports.md,
// "Share links"), refused tokens included, and is told when to come back. Behind a trusted
// proxy (loopback here) each address is its own, so one reader's limit is not another's.

let gateway: RunningGateway;
let db: Database;
let a: ReportFixture;
let token: string;
let reportId: string;
let redis: Redis;

const DAYS = { previous: ['2026-10-30', '2026-10-31'], current: ['2026-11-01', '2026-11-02'] };

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, { max: 2 });
  redis = new Redis(process.env.REDIS_URL!);
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    TRUST_PROXY: 'loopback',
  });
  gateway = await startGateway(env, { webDist: null });
  a = await seedReportBrand(
    gateway,
    db,
    {
      brand: 'Northwind Limits',
      domain: 'northwind-limits.com',
      rival: 'Contoso Limits',
      rivalDomain: 'contoso-limits.com',
      news: 'limits-news.example',
    },
    DAYS,
  );
  const created = await a.gql<{ createReport: { id: string } }>(
    `mutation ($brandId: ID!, $from: Date!, $to: Date!) {
       createReport(brandId: $brandId, from: $from, to: $to) { id } }`,
    { brandId: a.brandId, from: DAYS.current[0], to: DAYS.current[1] },
  );
  expect(created.errors).toBeUndefined();
  reportId = created.data!.createReport.id;
  const shared = await a.gql<{ shareReport: { url: string } }>(
    `mutation ($id: ID!) { shareReport(reportId: $id) { url } }`,
    { id: reportId },
  );
  expect(shared.errors).toBeUndefined();
  token = shared.data!.shareReport.url.split('/r/')[1]!;
});

afterAll(async () => {
  await gateway?.close();
  redis?.disconnect();
  if (db) await closeDb(db);
});

/**
 * As if the address had already opened `used` of its requests in this window. Set directly, not
 * by that many requests: a loop that a loaded machine stretches past the minute would start a
 * new window half way. The window is made long for the same reason.
 */
const alreadyUsed = (kind: keyof typeof SHARE_LIMITS, address: string, used: number) =>
  redis.set(shareLimitKey(process.env.REDIS_PREFIX!, kind, address), used, 'EX', 3600);

const open = (path: string, address: string) =>
  fetch(`${gateway.url}${path}`, { headers: { 'x-forwarded-for': address } });

const viewsOf = async () =>
  (
    await db.execute<{ n: number }>(sql`
      select count(*)::int as n from activity_log
       where kind = 'report.viewed' and subject_id = ${reportId}`)
  )[0]!.n;

describe('share link limits', () => {
  it('refuses an address past its pages a minute, says when to come back, and counts no view', async () => {
    const reader = '203.0.113.7';
    expect((await open(`/r/${token}`, reader)).status).toBe(200);
    await alreadyUsed('page', reader, SHARE_LIMITS.page.max - 1);
    // The last one within the limit.
    expect((await open(`/r/${token}`, reader)).status).toBe(200);
    const before = await viewsOf();
    const refused = await open(`/r/${token}`, reader);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(refused.headers.get('x-robots-tag')).toContain('noindex');
    expect(refused.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await refused.text();
    expect(html).toContain('Too many requests');
    expect(html).toContain(`Try again in ${wait === 1 ? 'a second' : `${wait} seconds`}.`);
    expect(await viewsOf()).toBe(before);

    // Guessing tokens counts the same.
    expect((await open(`/r/${'x'.repeat(43)}`, reader)).status).toBe(429);
    // Another reader is not held back by this one.
    expect((await open(`/r/${token}`, '198.51.100.9')).status).toBe(200);
  });

  it('draws so many PDFs a minute per address, apart from the pages', async () => {
    const reader = '203.0.113.8';
    await alreadyUsed('pdf', reader, SHARE_LIMITS.pdf.max - 1);
    expect((await open(`/r/${token}/report.pdf`, reader)).status).toBe(200);
    const refused = await open(`/r/${token}/report.pdf`, reader);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Its pages are still within their own limit.
    expect((await open(`/r/${token}`, reader)).status).toBe(200);
  });
});
