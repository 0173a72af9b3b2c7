import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { failRun } from '@lumen/db/repositories/run.repository';
import { addMember } from '@lumen/db/repositories/team.repository';
import { BrandRunJob, DigestSweepJob } from '@lumen/jobs/definitions';
import { enqueue } from '@lumen/jobs/enqueue';
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

// Digests (docs/notifications.md, "Digests") with the real gateway and worker, a real SMTP
// server on loopback and a loopback Slack receiver: the hourly sweep is run for chosen hours
// (its `at`), exactly as the worker's job scheduler runs it on the hour.

let gateway: RunningGateway;
let worker: RunningWorker;
let inbox: MailedProduct['inbox'];
let product: MailedProduct;
let slack: { url: string; received: string[]; close(): Promise<void> };

const HOUR = 3_600_000;

beforeAll(async () => {
  slack = await startSlack();
  product = await startMailedProduct({ ALLOW_PRIVATE_HOSTS: '1' });
  ({ gateway, worker, inbox } = product);
  // The failed run is failed by the test, never run by engines.
  await worker.deps.queues[BrandRunJob.queue].pause();
});

afterAll(async () => {
  await worker?.deps.queues[BrandRunJob.queue].resume();
  await product?.close();
  await slack?.close();
});

async function startSlack() {
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push(body);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/services/T000/B000/digestToken1`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}

const stateOf = async (jobId: string) =>
  (await worker.deps.queues.notify.getJob(jobId))?.getState();
const completed = (jobId: string) =>
  until(
    () => stateOf(jobId),
    (s) => s === 'completed',
  );

let sweeps = 0;
/** The sweep of the hour `at`, run to its end, and every digest job it added run to theirs. */
async function sweep(at: Date) {
  const jobId = `test-sweep-${++sweeps}`;
  await enqueue(gateway.deps.queues, DigestSweepJob, { at: at.toISOString() }, { jobId });
  await completed(jobId);
  await settleNotify();
}

/** Every job on the notify queue has finished (the sweep's own scheduler always waits). */
async function settleNotify() {
  await until(
    async () =>
      (
        await worker.deps.queues.notify.getJobs(['waiting', 'active', 'delayed', 'prioritized'])
      ).filter((j) => !j.id?.startsWith('repeat:')),
    (open) => open.length === 0,
  );
}

async function savePreferences(p: Person, w: string, digest: Record<string, unknown>) {
  const saved = await p.gql(
    `mutation ($input: NotificationPreferencesInput!) {
       updateNotificationPreferences(input: $input) { saved } }`,
    { input: { emailEvents: [], digestHour: 8, timezone: 'UTC', ...digest } },
    w,
  );
  expect(saved.errors).toBeUndefined();
}

async function brand(owner: Person, w: string, name: string) {
  const made = await owner.gql<{ createBrand: { id: string } }>(
    'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
    { input: baseInput({ name, keywords: ['crm tools'] }) },
    w,
  );
  expect(made.errors).toBeUndefined();
  return made.data!.createBrand.id;
}

/**
 * A completed full run with its headline numbers (`rate` of 40 answers with its Wilson interval)
 * and `answers` answers costing `cost` dollars each, created `ago` ms before now.
 */
async function seedRun(
  w: string,
  brandId: string,
  numbers: { score: number; low: number; value: number; high: number },
  ago: number,
  answers = 2,
  cost = 0.21,
) {
  const { score, low, value, high } = numbers;
  const metrics = { answers: 40, score, mentionRate: { low, value, high } };
  const createdAt = new Date(Date.now() - ago).toISOString();
  const [run] = await gateway.deps.db.execute<{ id: string }>(sql`
    insert into runs (workspace_id, brand_id, trigger, status, total, done, metrics, score, created_at, finished_at)
    values (${w}, ${brandId}, 'scheduled', 'COMPLETED', 40, 40, ${JSON.stringify(metrics)}::jsonb, ${score},
            ${createdAt}::timestamptz, ${createdAt}::timestamptz)
    returning id`);
  for (let i = 0; i < answers; i++) {
    await gateway.deps.db.execute(sql`
      insert into answers (workspace_id, run_id, prompt_text, engine, sample, text, cost_usd, created_at)
      values (${w}, ${run!.id}, 'best crm tools', 'local-gpt', ${i + 1}, 'An answer.', ${cost}, ${createdAt}::timestamptz)`);
  }
  return run!.id;
}

async function seedOpportunity(
  w: string,
  brandId: string,
  title: string,
  impact: number,
  status = 'NEW',
) {
  await gateway.deps.db.execute(sql`
    insert into opportunities (workspace_id, brand_id, type, title, impact, status)
    values (${w}, ${brandId}, 'missing_mention', ${title}, ${impact}, ${status}::opportunity_status)`);
}

const header = (mail: InboxMail, name: string) => {
  const head = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
};

const digestsTo = (p: Person) =>
  inbox.to(p.email).filter((m) => /digest|noise/.test(m.parsed.subject ?? ''));

/** The next hour boundary (UTC) after now: a sweep whose period holds everything seeded now. */
const nextHour = () => new Date(Math.ceil((Date.now() + 1) / HOUR) * HOUR);
/** The next Monday 08:00 UTC after now. */
function nextMonday8() {
  const d = new Date(Date.now());
  d.setUTCHours(8, 0, 0, 0);
  while (d.getUTCDay() !== 1 || d.getTime() <= Date.now()) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

describe('digests', () => {
  let owner: Person;
  let member: Person;
  let w: string;

  it('emails what really moved, the top opportunities, the cost and the failed jobs, once per period', async () => {
    owner = await newPerson(gateway, 'digest-owner');
    member = await newPerson(gateway, 'digest-member');
    w = await teamWorkspace(owner, 'Digest team');
    await addMember(gateway.deps.db, { workspaceId: w, userId: member.id, role: 'member' });
    const moving = await brand(owner, w, 'Moving CRM');
    const steady = await brand(owner, w, 'Steady CRM');
    // Moving CRM: 2 of 40 answers, then 30 of 40: the intervals part. Steady CRM: 10, then 12.
    await seedRun(w, moving, { score: 5, low: 0.014, value: 0.05, high: 0.165 }, 2 * 60_000);
    await seedRun(w, moving, { score: 75, low: 0.598, value: 0.75, high: 0.858 }, 60_000);
    await seedRun(w, steady, { score: 25, low: 0.142, value: 0.25, high: 0.401 }, 2 * 60_000);
    await seedRun(w, steady, { score: 30, low: 0.181, value: 0.3, high: 0.455 }, 60_000);
    for (const [title, impact] of [
      ['Best CRM for startups', 90],
      ['CRM with email sync', 70],
      ['Open-source CRM', 50],
      ['CRM glossary', 30],
    ] as const) {
      await seedOpportunity(w, moving, title, impact);
    }
    await seedOpportunity(w, moving, 'Dismissed gap', 99, 'DISMISSED');
    const started = await owner.gql<{ startRun: { id: string } }>(
      'mutation ($b: ID!) { startRun(brandId: $b) { id } }',
      { b: steady },
      w,
    );
    expect(started.errors).toBeUndefined();
    expect(await failRun(gateway.deps.db, started.data!.startRun.id, 'No engine answered.')).toBe(
      true,
    );

    // The owner wants a daily digest at the coming hour; the member wants none.
    const at = nextHour();
    await savePreferences(owner, w, { digestFrequency: 'DAILY', digestHour: at.getUTCHours() });
    await savePreferences(member, w, { digestFrequency: 'OFF' });
    await sweep(at);

    const mails = digestsTo(owner).filter(
      (m) => m.parsed.subject === 'Digest team: your daily digest',
    );
    expect(mails).toHaveLength(1);
    expect(inbox.to(member.email)).toHaveLength(0);
    const text = mails[0]!.parsed.text ?? '';
    expect(text).toContain(
      'Today: 1 move beyond noise, 0 pages published, 1 failed job; 5 runs, 8 answers, $1.68.',
    );
    expect(text).toContain(
      'Moving CRM\n- Mention rate across engines moved up: 5 % (1 %–17 %) → 75 % (60 %–86 %) (95 % intervals); score 5 → 75',
    );
    expect(text).toContain(
      '- Opportunity 1: Best CRM for startups (impact 90)\n- Opportunity 2: CRM with email sync (impact 70)\n- Opportunity 3: Open-source CRM (impact 50)\n',
    );
    expect(text).not.toContain('Dismissed gap');
    expect(text).toContain('Steady CRM\n- Nothing moved beyond noise.');
    expect(text).toContain('Cost\n- 5 runs, 8 answers, $1.68 in this period.');
    expect(text).toContain('Failed jobs\n- Run failed (Steady CRM): No engine answered.');
    expect(mails[0]!.parsed.html).toContain('Moving CRM');
    expect(header(mails[0]!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https?:[^>]+)>$/.exec(header(mails[0]!, 'List-Unsubscribe'))?.[1] ?? '';
    expect(text).toContain(`Stop the digest by email: ${link}`);

    // The same hour swept again, and the person's digest job itself run again: nothing new.
    await sweep(at);
    const localDay = at.toISOString().slice(0, 10);
    const jobId = `digest-${w}-${owner.id}-DAILY-${localDay}`;
    await removeFiledJob(worker.deps.queues.notify, jobId);
    await sweep(at);
    await completed(jobId);
    expect(
      digestsTo(owner).filter((m) => m.parsed.subject === 'Digest team: your daily digest'),
    ).toHaveLength(1);
    const logged = await gateway.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from email_deliveries where subject = ${`digest:${w}:DAILY:${localDay}`}`,
    );
    expect(logged[0]!.n).toBe(1);

    // The link stops the digest: the next day's sweep sends nothing.
    expect((await fetch(link, { method: 'POST' })).status).toBe(200);
    await sweep(new Date(at.getTime() + 24 * HOUR));
    expect(
      digestsTo(owner).filter((m) => m.parsed.subject?.startsWith('Digest team')),
    ).toHaveLength(1);
  });

  it('says one honest sentence for a period with nothing real, at 08:00 in the person’s time zone', async () => {
    const quiet = await newPerson(gateway, 'digest-tokyo');
    const q = await teamWorkspace(quiet, 'Quiet team');
    const b = await brand(quiet, q, 'Quiet CRM');
    // Within noise: 10 of 40 answers, then 12.
    await seedRun(q, b, { score: 25, low: 0.142, value: 0.25, high: 0.401 }, 2 * 60_000, 3, 0.1);
    await seedRun(q, b, { score: 30, low: 0.181, value: 0.3, high: 0.455 }, 60_000, 3, 0.18);
    await seedOpportunity(q, b, 'A gap', 80);
    // UTC+9, digest at 08:00: due at 23:00 UTC the day before, not at 08:00 UTC.
    await savePreferences(quiet, q, {
      digestFrequency: 'DAILY',
      digestHour: 8,
      timezone: 'Asia/Tokyo',
    });
    const next = nextHour();
    const at23 = new Date(next);
    at23.setUTCHours(23);
    if (at23.getTime() < next.getTime()) at23.setUTCDate(at23.getUTCDate() + 1);
    const at8 = new Date(at23.getTime() + 9 * HOUR);

    await sweep(at8);
    expect(
      inbox.to(quiet.email).filter((m) => m.parsed.subject?.startsWith('Quiet team')),
    ).toHaveLength(0);
    await sweep(at23);
    const mails = inbox.to(quiet.email).filter((m) => m.parsed.subject?.startsWith('Quiet team'));
    expect(mails.map((m) => m.parsed.subject)).toEqual(['Quiet team: nothing moved beyond noise']);
    const tokyoDay = new Date(at23.getTime() + 9 * HOUR).toISOString().slice(0, 10);
    expect(await stateOf(`digest-${q}-${quiet.id}-DAILY-${tokyoDay}`)).toBe('completed');
    const text = mails[0]!.parsed.text ?? '';
    expect(text).toContain('Nothing moved beyond noise today: 2 runs, 6 answers, $0.84.');
    // One sentence, not empty tables: no sections, no opportunity list.
    expect(text).not.toContain('Quiet CRM');
    expect(text).not.toContain('A gap');
    expect(mails[0]!.parsed.html).not.toContain('<ul');
  });

  it('posts the weekly digest once to a Slack channel that chose it', async () => {
    const made = await owner.gql<{ createSlackChannel: { id: string } }>(
      `mutation ($input: SlackChannelInput!) { createSlackChannel(input: $input) { id events } }`,
      { input: { webhookUrl: slack.url, events: ['digest'] } },
      w,
    );
    expect(made.errors).toBeUndefined();
    const monday = nextMonday8();
    await sweep(monday);
    expect(slack.received).toHaveLength(1);
    const message = JSON.parse(slack.received[0]!) as {
      text: string;
      blocks: { type: string; text?: { text: string } }[];
    };
    expect(message.text).toContain('Your weekly digest: Digest team');
    const sections = message.blocks.filter((b) => b.type === 'section').map((b) => b.text!.text);
    expect(sections[0]).toBe(
      'This week: 1 move beyond noise, 0 pages published, 1 failed job; 5 runs, 8 answers, $1.68.',
    );
    expect(sections).toContain(
      '*Moving CRM*\n• Mention rate across engines moved up: 5 % (1 %–17 %) → 75 % (60 %–86 %) (95 % intervals); score 5 → 75\n• Opportunity 1: Best CRM for startups (impact 90)\n• Opportunity 2: CRM with email sync (impact 70)\n• Opportunity 3: Open-source CRM (impact 50)',
    );
    // The same Monday again, and the workspace's channel job run again: one message.
    const jobId = `digest-channels-${w}-WEEKLY-${monday.toISOString().slice(0, 10)}`;
    await removeFiledJob(worker.deps.queues.notify, jobId);
    await sweep(monday);
    await completed(jobId);
    expect(slack.received).toHaveLength(1);
    const events = await gateway.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notification_events where workspace_id = ${w} and type = 'digest'`,
    );
    expect(events[0]!.n).toBe(1);
  });
});
