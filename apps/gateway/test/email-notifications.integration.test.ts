import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { failRun } from '@lumen/db/repositories/run.repository';
import { addMember } from '@lumen/db/repositories/team.repository';
import { BrandRunJob } from '@lumen/jobs/definitions';
import { enqueueNotify, enqueueWebhookDisabledMail } from '@lumen/jobs/notify';
import { deliverWebhookAttempt } from '@lumen/jobs/webhook-delivery';
import type { RunningWorker } from '@lumen/worker/worker';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../scripts/test/until';
import type { RunningGateway } from '../src/server';
import { baseInput } from './brand-helpers';
import { removeFiledJob } from './jobs';
import type { InboxMail } from './mail-inbox';
import { type MailedProduct, startMailedProduct } from './mailed-product';
import { person as newPerson, type Person, teamWorkspace } from './team-helpers';

// Notification email (docs/notifications.md, "Email") through a real SMTP server on loopback,
// with the real gateway and worker: a failed run reaches each member who wants run.failed by
// email once (a notify job run again sends nothing twice), as HTML and text with a one-click
// unsubscribe; a member who clicked it gets nothing more.

let gateway: RunningGateway;
let worker: RunningWorker;
let inbox: MailedProduct['inbox'];
let product: MailedProduct;

beforeAll(async () => {
  product = await startMailedProduct({ ALLOW_PRIVATE_HOSTS: '1' });
  ({ gateway, worker, inbox } = product);
  // Runs are failed by the test, never run by engines.
  await worker.deps.queues[BrandRunJob.queue].pause();
});

afterAll(async () => {
  await worker?.deps.queues[BrandRunJob.queue].resume();
  await product?.close();
});

const completed = (queue: 'notify', jobId: string) =>
  until(
    async () => (await worker.deps.queues[queue].getJob(jobId))?.getState(),
    (state) => state === 'completed',
  );

const PREFERENCES = `{ notificationPreferences { emailConfigured emailEvents digestFrequency digestHour timezone saved } }`;

/** A team of three: the owner, a member and a viewer (added as the team flow would). */
async function team() {
  const owner = await newPerson(gateway, 'owner');
  const w = await teamWorkspace(owner, 'Mail team');
  const member = await newPerson(gateway, 'member');
  const viewer = await newPerson(gateway, 'viewer');
  await addMember(gateway.deps.db, { workspaceId: w, userId: member.id, role: 'member' });
  await addMember(gateway.deps.db, { workspaceId: w, userId: viewer.id, role: 'viewer' });
  const brand = await owner.gql<{ createBrand: { id: string } }>(
    'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
    { input: baseInput({ name: 'Mailbox CRM <&>', keywords: ['crm tools'] }) },
    w,
  );
  expect(brand.errors).toBeUndefined();
  return { owner, member, viewer, w, brandId: brand.data!.createBrand.id };
}

/** A run of the brand that fails, and its notify job and every email job of it done. */
async function failedRun(owner: Person, w: string, brandId: string) {
  const started = await owner.gql<{ startRun: { id: string } }>(
    'mutation ($b: ID!) { startRun(brandId: $b) { id } }',
    { b: brandId },
    w,
  );
  expect(started.errors).toBeUndefined();
  const runId = started.data!.startRun.id;
  expect(await failRun(gateway.deps.db, runId, 'No engine answered.')).toBe(true);
  await enqueueNotify(gateway.deps.queues, 'run', runId);
  await settle(runId);
  return runId;
}

/** The run's notify job is done, and so is every email attempt it added. */
async function settle(runId: string) {
  await completed('notify', `notify-run-${runId}`);
  const [event] = await gateway.deps.db.execute<{ id: string }>(
    sql`select id from notification_events where key = ${`run.failed:${runId}`}`,
  );
  const emailJobs = (
    await worker.deps.queues.notify.getJobs(['completed', 'waiting', 'active', 'delayed'])
  )
    .filter((j) => j.name === 'deliver-email' && j.data.eventId === event!.id)
    .map((j) => j.id!);
  for (const id of emailJobs) await completed('notify', id);
  return event!.id;
}

const subjects = (mails: InboxMail[]) => mails.map((m) => m.parsed.subject);
/** A header as sent (folded lines joined). */
const header = (mail: InboxMail, name: string) => {
  const head = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
};
const unsubscribeLink = (mail: InboxMail) =>
  /^<(https?:[^>]+)>$/.exec(header(mail, 'List-Unsubscribe'))?.[1] ?? '';

describe('notification email', () => {
  it('emails run.failed once to each member who wants it, and never after an unsubscribe', async () => {
    const { owner, member, viewer, w, brandId } = await team();
    // Every role starts with the defaults; the owner chooses no failure mail.
    const prefs = await viewer.gql<{ notificationPreferences: Record<string, unknown> }>(
      PREFERENCES,
      {},
      w,
    );
    expect(prefs.data!.notificationPreferences).toEqual({
      emailConfigured: true,
      emailEvents: ['run.failed', 'publish.failed', 'ingestion.failed', 'webhook.disabled'],
      digestFrequency: 'WEEKLY',
      digestHour: 8,
      timezone: 'UTC',
      saved: false,
    });
    const saved = await owner.gql<{
      updateNotificationPreferences: { emailEvents: string[]; saved: boolean };
    }>(
      `mutation ($input: NotificationPreferencesInput!) {
         updateNotificationPreferences(input: $input) { emailEvents saved } }`,
      {
        input: {
          emailEvents: ['score.moved'],
          digestFrequency: 'OFF',
          digestHour: 9,
          timezone: 'Europe/Berlin',
        },
      },
      w,
    );
    expect(saved.data!.updateNotificationPreferences).toEqual({
      emailEvents: ['score.moved'],
      saved: true,
    });

    const runId = await failedRun(owner, w, brandId);
    expect(subjects(inbox.to(member.email))).toEqual(['Mailbox CRM <&>: A run failed']);
    expect(inbox.to(viewer.email)).toHaveLength(1);
    expect(inbox.to(owner.email)).toHaveLength(0);

    // The mail: HTML (escaped) and text, the link into Lumen, the one-click unsubscribe.
    const [mail] = inbox.to(member.email) as [InboxMail];
    expect(mail.parsed.from?.value[0]?.address).toBe('notify@lumen.test');
    expect(mail.parsed.text).toContain('A run failed');
    expect(mail.parsed.text).toContain('Queries answered: 0 of');
    expect(mail.parsed.text).toContain('No engine answered.');
    expect(mail.parsed.text).toContain(
      `Open in Lumen: ${gateway.url}/campaigns/${brandId}/runs/${runId}`,
    );
    expect(mail.parsed.html).toContain(
      '<h1 style="font-size:20px;margin:0 0 16px">A run failed</h1>',
    );
    expect(mail.parsed.html).toContain('No engine answered.');
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = unsubscribeLink(mail);
    expect(link).toMatch(new RegExp(`^${gateway.url}/unsubscribe\\?token=`));
    expect(mail.parsed.text).toContain(link);
    expect(mail.parsed.html).toContain(link.replace(/&/g, '&amp;'));

    // The notify job again, and its email job again: nothing is sent twice.
    const eventId = await settle(runId);
    await removeFiledJob(worker.deps.queues.notify, `notify-run-${runId}`);
    await removeFiledJob(worker.deps.queues.notify, `email-${eventId}-${member.id}-1`);
    await enqueueNotify(gateway.deps.queues, 'run', runId);
    await settle(runId);
    await completed('notify', `email-${eventId}-${member.id}-1`);
    expect(inbox.to(member.email)).toHaveLength(1);
    const attempts = await gateway.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from email_deliveries where subject = ${`event:${eventId}`} and user_id = ${member.id}`,
    );
    expect(attempts[0]!.n).toBe(1);

    // The viewer clicks the link in their mail: a page says so, and the choice is recorded.
    const viewerMail = inbox.to(viewer.email)[0]!;
    const page = await fetch(unsubscribeLink(viewerMail));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('You are unsubscribed');
    expect(html).toContain('“run.failed” emails from Mail team');
    const after = await viewer.gql<{
      notificationPreferences: { emailEvents: string[]; saved: boolean };
    }>(PREFERENCES, {}, w);
    expect(after.data!.notificationPreferences).toMatchObject({
      emailEvents: ['publish.failed', 'ingestion.failed', 'webhook.disabled'],
      saved: true,
    });

    // The next failure reaches the member only.
    await failedRun(owner, w, brandId);
    expect(inbox.to(member.email)).toHaveLength(2);
    expect(inbox.to(viewer.email)).toHaveLength(1);
    expect(inbox.to(owner.email)).toHaveLength(0);
  });

  it('takes the one-click POST of List-Unsubscribe-Post, and refuses a forged link', async () => {
    const { owner, member, w, brandId } = await team();
    await failedRun(owner, w, brandId);
    const link = unsubscribeLink(inbox.to(member.email)[0]!);
    const oneClick = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    const prefs = await member.gql<{ notificationPreferences: { emailEvents: string[] } }>(
      PREFERENCES,
      {},
      w,
    );
    expect(prefs.data!.notificationPreferences.emailEvents).not.toContain('run.failed');

    // Another kind under the same signature, and a token cut short: refused, nothing changes.
    const token = new URL(link).searchParams.get('token')!;
    const [body, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(
      Buffer.from(body, 'base64url').toString('utf8').replace('run.failed', 'publish.failed'),
    ).toString('base64url');
    for (const bad of [`${forged}.${signature}`, token.slice(0, -3)]) {
      const res = await fetch(`${gateway.url}/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('This link does not work');
    }
    const still = await member.gql<{ notificationPreferences: { emailEvents: string[] } }>(
      PREFERENCES,
      {},
      w,
    );
    expect(still.data!.notificationPreferences.emailEvents).toEqual([
      'publish.failed',
      'ingestion.failed',
      'webhook.disabled',
    ]);
  });

  it('says what is wrong with preferences', async () => {
    const { member, w } = await team();
    const res = await member.gql(
      `mutation ($input: NotificationPreferencesInput!) { updateNotificationPreferences(input: $input) { saved } }`,
      {
        input: {
          emailEvents: ['run.failed'],
          digestFrequency: 'DAILY',
          digestHour: 25,
          timezone: 'Mars/Base',
        },
      },
      w,
    );
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.extensions?.fields).toEqual({
      digestHour: 'Choose an hour from 0 to 23.',
      timezone: 'Choose a time zone such as Europe/Berlin or UTC.',
    });
  });

  it('mails the owners once when a webhook is disabled after three days of failures', async () => {
    const { owner, member, w, brandId } = await team();
    const broken = createServer((_req, res) => res.writeHead(500).end('down'));
    await new Promise<void>((done) => broken.listen(0, '127.0.0.1', done));
    try {
      const url = `http://127.0.0.1:${(broken.address() as AddressInfo).port}/hook`;
      const created = await owner.gql<{ createWebhook: { webhook: { id: string } } }>(
        'mutation ($input: WebhookInput!) { createWebhook(input: $input) { webhook { id } } }',
        { input: { url, events: ['score.moved'] } },
        w,
      );
      expect(created.errors).toBeUndefined();
      const webhookId = created.data!.createWebhook.webhook.id;
      const runId = await failedRun(owner, w, brandId);
      const [event] = await gateway.deps.db.execute<{ id: string }>(
        sql`select id from notification_events where key = ${`run.failed:${runId}`}`,
      );
      const deps = {
        db: gateway.deps.db,
        queues: gateway.deps.queues,
        secrets: gateway.deps.secrets,
        env: { ALLOW_PRIVATE_HOSTS: true, WEBHOOK_TIMEOUT_MS: 5000 },
        appUrl: null,
      };
      const target = { webhookId, eventId: event!.id };
      const first = await deliverWebhookAttempt(deps, { ...target, attempt: 1 }, { retry: false });
      expect(first).toMatchObject({ status: 'FAILED', disabled: false });
      // Three days and a minute later, the next failure disables it.
      const later = new Date(Date.now() + 3 * 24 * 3600_000 + 60_000);
      const second = await deliverWebhookAttempt(
        { ...deps, now: () => later },
        { ...target, attempt: 2 },
        { retry: false },
      );
      expect(second).toMatchObject({ status: 'FAILED', disabled: true });
      const deliveryId = second.status === 'FAILED' ? second.delivery.id : '';
      await completed('notify', `webhook-disabled-${deliveryId}`);

      const warned = (m: InboxMail) => m.parsed.subject === 'Mail team: A webhook was turned off';
      const mails = inbox.to(owner.email).filter(warned);
      expect(mails).toHaveLength(1);
      expect(inbox.to(member.email).filter(warned)).toHaveLength(0);
      const [mail] = mails as [InboxMail];
      expect(mail.parsed.text).toContain(`Endpoint: ${url}`);
      expect(mail.parsed.text).toContain('answered nothing successful for three days');
      expect(mail.parsed.html).toContain('A webhook was turned off');
      expect(unsubscribeLink(mail)).toMatch(new RegExp(`^${gateway.url}/unsubscribe\\?token=`));

      // The job again: the owner was mailed already.
      await removeFiledJob(worker.deps.queues.notify, `webhook-disabled-${deliveryId}`);
      await enqueueWebhookDisabledMail(gateway.deps.queues, { webhookId, deliveryId });
      await completed('notify', `webhook-disabled-${deliveryId}`);
      expect(inbox.to(owner.email).filter(warned)).toHaveLength(1);
    } finally {
      broken.close();
    }
  });
});
