import { closeDb, createDb, type Database } from '@lumen/db/client';
import { ReportSweepJob, SendReportJob } from '@lumen/jobs/definitions';
import { enqueue } from '@lumen/jobs/enqueue';
import type { RunningWorker } from '@lumen/worker/worker';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../scripts/test/until';
import type { RunningGateway } from '../src/server';
import { codeOf, fieldsOf } from './brand-helpers';
import { removeFiledJob } from './jobs';
import type { InboxMail } from './mail-inbox';
import { type MailedProduct, startMailedProduct } from './mailed-product';
import { type ReportFixture, seedReportBrand } from './report-fixture';

// Scheduled reports (docs/reports.md, "Schedules") with the real gateway and worker and a real
// SMTP server on loopback: the hourly sweep is run for chosen hours (its `at`), as the worker's
// job scheduler runs it; a week's report is mailed once with its PDF and a working link.

let gateway: RunningGateway;
let worker: RunningWorker;
let db: Database;
let inbox: MailedProduct['inbox'];
let product: MailedProduct;
let brand: ReportFixture;

// Monday 2 November 2026: the week before is 26 October – 1 November.
const MONDAY = new Date('2026-11-02T08:00:00Z');
const WEEK = { from: '2026-10-26', to: '2026-11-01' };
const SUBJECT = 'Schedulewell Analytics: report for 26 Oct 2026 – 1 Nov 2026';
const RECIPIENTS = ['client@agency.test', 'boss@agency.test'];

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, { max: 2 });
  product = await startMailedProduct();
  ({ gateway, worker, inbox } = product);
  brand = await seedReportBrand(
    gateway,
    db,
    {
      brand: 'Schedulewell Analytics',
      domain: 'schedulewell.com',
      rival: 'Cadence Metrics',
      rivalDomain: 'cadencemetrics.com',
      news: 'weekly-news.example',
    },
    { previous: ['2026-10-20', '2026-10-21'], current: ['2026-10-27', '2026-10-29'] },
  );
});

afterAll(async () => {
  await product?.close();
  if (db) await closeDb(db);
});

let sweeps = 0;
/** The sweep of the hour `at` run to its end, and every job it added run to theirs. */
async function sweep(at: Date) {
  const jobId = `test-report-sweep-${++sweeps}`;
  await enqueue(gateway.deps.queues, ReportSweepJob, { at: at.toISOString() }, { jobId });
  await until(
    async () => (await worker.deps.queues.notify.getJob(jobId))?.getState(),
    (s) => s === 'completed',
  );
  await until(
    async () =>
      (
        await worker.deps.queues.notify.getJobs(['waiting', 'active', 'delayed', 'prioritized'])
      ).filter((j) => !j.id?.startsWith('repeat:')),
    (open) => open.length === 0,
  );
}

async function sendRow(periodFrom: string) {
  const [row] = await db.execute<{ status: string; failure: string | null; sent_at: Date | null }>(
    sql`select s.status, s.failure, s.sent_at from report_sends s
        join report_schedules r on r.id = s.schedule_id
        where r.brand_id = ${brand.brandId} and s.period_key = ${`WEEKLY-${periodFrom}`}`,
  );
  return row!;
}

async function recipientRows(periodFrom: string) {
  const rows = await db.execute<{
    recipient: string;
    attempts: number;
    sent: boolean;
    last_error: string | null;
  }>(
    sql`select p.recipient, p.attempts, p.sent_at is not null as sent, p.last_error
        from report_send_recipients p join report_schedules r on r.id = p.schedule_id
        where r.brand_id = ${brand.brandId} and p.period_key = ${`WEEKLY-${periodFrom}`}
        order by p.recipient`,
  );
  return [...rows];
}

const reportMails = (): InboxMail[] => inbox.mails.filter((m) => m.parsed.subject === SUBJECT);

describe('scheduled reports', () => {
  it('refuses a schedule without recipients or with a bad address', async () => {
    const none = await brand.gql(
      'mutation ($b: ID!) { scheduleReport(brandId: $b, cadence: WEEKLY, recipients: []) { id } }',
      { b: brand.brandId },
    );
    expect(codeOf(none)).toBe('BAD_USER_INPUT');
    expect(fieldsOf(none).recipients).toBe('Add at least one recipient.');
    const bad = await brand.gql(
      'mutation ($b: ID!) { scheduleReport(brandId: $b, cadence: WEEKLY, recipients: ["nope"]) { id } }',
      { b: brand.brandId },
    );
    expect(fieldsOf(bad)['recipients.0']).toBe('Not an email address.');
  });

  it('mails the week’s report once per period, with the PDF attached and a working link', async () => {
    const saved = await brand.gql<{ scheduleReport: { cadence: string; recipients: string[] } }>(
      'mutation ($b: ID!, $r: [String!]!) { scheduleReport(brandId: $b, cadence: WEEKLY, recipients: $r) { cadence recipients } }',
      { b: brand.brandId, r: RECIPIENTS },
    );
    expect(saved.data!.scheduleReport).toEqual({ cadence: 'WEEKLY', recipients: RECIPIENTS });

    // Tuesday: nothing is due.
    await sweep(new Date('2026-11-03T08:00:00Z'));
    expect(reportMails()).toEqual([]);

    await sweep(MONDAY);
    const mails = await until(
      async () => reportMails(),
      (m) => m.length >= 2,
    );
    expect(mails.flatMap((m) => m.to).sort()).toEqual([...RECIPIENTS].sort());
    const mail = mails[0]!;
    const attachment = mail.parsed.attachments[0]!;
    expect(attachment.contentType).toBe('application/pdf');
    expect(attachment.filename).toBe(`Schedulewell-Analytics-${WEEK.from}-${WEEK.to}.pdf`);
    const doc = await getDocumentProxy(new Uint8Array(attachment.content));
    const { text } = await extractText(doc, { mergePages: true });
    expect(text).toContain('Schedulewell Analytics: AI visibility report');

    // The link in the mail opens the same report.
    const link = /https?:\/\/\S+\/r\/[A-Za-z0-9_-]{43}/.exec(mail.parsed.text ?? '')?.[0];
    expect(link).toBeDefined();
    const page = await fetch(link!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Schedulewell Analytics');

    // The report is kept like one a person made, for that week.
    const reports = await brand.gql<{
      reports: { from: string; to: string; scheduled: boolean }[];
    }>('query ($b: ID!) { reports(brandId: $b) { from to scheduled } }', { b: brand.brandId });
    expect(reports.data!.reports).toEqual([{ ...WEEK, scheduled: true }]);

    // A second sweep of the same Monday, a later hour, and the send job run again after it
    // was filed: nothing more is sent.
    await sweep(MONDAY);
    await sweep(new Date('2026-11-02T15:00:00Z'));
    const [schedule] = await db.execute<{ id: string }>(
      sql`select id from report_schedules where brand_id = ${brand.brandId}`,
    );
    const jobId = `report-${schedule!.id}-WEEKLY-${WEEK.from}`;
    await removeFiledJob(worker.deps.queues[SendReportJob.queue], jobId);
    await enqueue(
      gateway.deps.queues,
      SendReportJob,
      { scheduleId: schedule!.id, at: MONDAY.toISOString() },
      { jobId },
    );
    await sweep(MONDAY);
    expect(reportMails()).toHaveLength(2);
    const sends = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from reports where brand_id = ${brand.brandId}`,
    );
    expect(sends[0]!.n).toBe(1);
  });

  it('mails each recipient exactly once when the SMTP server refuses one of them once', async () => {
    // Monday 26 October: the week 19–25 October. Three recipients; the second is refused once.
    const three = ['first@agency.test', 'second@agency.test', 'third@agency.test'];
    const subject = 'Schedulewell Analytics: report for 19 Oct 2026 – 25 Oct 2026';
    await brand.gql(
      'mutation ($b: ID!, $r: [String!]!) { scheduleReport(brandId: $b, cadence: WEEKLY, recipients: $r) { id } }',
      {
        b: brand.brandId,
        r: three,
      },
    );
    inbox.refuse('second@agency.test', 1);
    await sweep(new Date('2026-10-26T08:00:00Z'));
    const mails = inbox.mails.filter((m) => m.parsed.subject === subject);
    expect(mails.flatMap((m) => m.to).sort()).toEqual([...three].sort());
    const send = await sendRow('2026-10-19');
    expect(send).toMatchObject({ status: 'COMPLETED', failure: null });
    expect(send.sent_at).not.toBeNull();
    expect(await recipientRows('2026-10-19')).toEqual([
      { recipient: 'first@agency.test', attempts: 1, sent: true, last_error: null },
      { recipient: 'second@agency.test', attempts: 2, sent: true, last_error: null },
      { recipient: 'third@agency.test', attempts: 1, sent: true, last_error: null },
    ]);
  });

  it('fails the send naming who was not reached when a recipient is refused on every attempt', async () => {
    // Monday 19 October: the week 12–18 October. The second recipient is never accepted.
    const subject = 'Schedulewell Analytics: report for 12 Oct 2026 – 18 Oct 2026';
    inbox.refuse('second@agency.test', 1_000);
    await sweep(new Date('2026-10-19T08:00:00Z'));
    inbox.refuse('second@agency.test', 0);
    const mails = inbox.mails.filter((m) => m.parsed.subject === subject);
    expect(mails.flatMap((m) => m.to).sort()).toEqual(['first@agency.test', 'third@agency.test']);
    const send = await sendRow('2026-10-12');
    expect(send.status).toBe('FAILED');
    expect(send.failure).toBe('Not delivered to second@agency.test (EENVELOPE).');
    expect(send.sent_at).toBeNull();
    // The brand's Reports page reads the same through the API.
    const api = await brand.gql<{
      brand: { reportSchedule: { lastSend: { period: string; status: string; failure: string } } };
    }>(
      'query ($b: ID!) { brand(id: $b) { reportSchedule { lastSend { period status failure } } } }',
      { b: brand.brandId },
    );
    expect(api.data!.brand.reportSchedule.lastSend).toEqual({
      period: 'WEEKLY-2026-10-12',
      status: 'FAILED',
      failure: 'Not delivered to second@agency.test (EENVELOPE).',
    });
    const rows = await recipientRows('2026-10-12');
    expect(rows.map((r) => [r.recipient, r.sent])).toEqual([
      ['first@agency.test', true],
      ['second@agency.test', false],
      ['third@agency.test', true],
    ]);
    // Every attempt tried the refused recipient, and only it after the first.
    expect(rows.find((r) => r.recipient === 'first@agency.test')!.attempts).toBe(1);
    expect(rows.find((r) => r.recipient === 'second@agency.test')!.attempts).toBeGreaterThan(1);
    const [schedule] = await db.execute<{ id: string }>(
      sql`select id from report_schedules where brand_id = ${brand.brandId}`,
    );
    const job = await worker.deps.queues[SendReportJob.queue].getJob(
      `report-${schedule!.id}-WEEKLY-2026-10-12`,
    );
    expect(await job!.getState()).toBe('failed');
  });

  it('stops when the schedule is turned off', async () => {
    const off = await brand.gql<{ scheduleReport: unknown }>(
      'mutation ($b: ID!) { scheduleReport(brandId: $b, cadence: OFF, recipients: []) { id } }',
      { b: brand.brandId },
    );
    expect(off.data!.scheduleReport).toBeNull();
    await sweep(new Date('2026-11-09T08:00:00Z'));
    expect(
      inbox.mails.filter((m) => m.parsed.subject?.includes('2 Nov 2026 – 8 Nov 2026')),
    ).toEqual([]);
  });
});
