import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import {
  deleteCorpusDocument,
  upsertCorpusDocuments,
} from '@lumen/db/repositories/corpus.repository';
import { loadSeedCorpus } from '@lumen/engines/corpus/load-seed-corpus';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../scripts/test/until';
import { type RunningGateway, startGateway } from '../src/server';
import { draftBodyFor, type LoopFixture, signedInWithBrand } from './closed-loop-helpers';

// What a run means for people (docs/notifications.md), with the real worker and local engines:
// the brand is unknown to the engines; then a page recommending it enters the corpus (what the
// closed loop's ingestion stores for a published post), so the next full run names it and the
// numbers really move: score.moved is delivered once. A run within noise sends nothing, and a
// notify job run again sends nothing twice.

const ENGINES = ['local-gpt', 'local-claude', 'local-gemini', 'local-perplexity'];
const BRAND = { name: 'Vextora CRM', domain: 'vextoracrm.com' };
const PAGE = `https://${BRAND.domain}/blog/best-crm-for-startups`;
// The second test's brand, so the corpus page of one never answers for the other.
const OTHER = { name: 'Quillora CRM', domain: 'quilloracrm.com' };
const OTHER_PAGE = `https://${OTHER.domain}/blog/best-crm-for-startups`;

let gateway: RunningGateway;
let worker: RunningWorker;
let db: Database;
const received: { type: string; id: string; data: Record<string, unknown> }[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    received.push(JSON.parse(body));
    res.writeHead(204).end();
  });
});

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, { max: 3 });
  await loadSeedCorpus(db);
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    ALLOW_PRIVATE_HOSTS: '1',
    JOB_RETRY_SCALE: '0.001',
    LOG_LEVEL: 'silent',
  });
  gateway = await startGateway(env, { webDist: null });
  worker = await startWorker(env);
});

afterAll(async () => {
  await worker?.close();
  await gateway?.close();
  receiver.close();
  if (db) {
    await deleteCorpusDocument(db, PAGE);
    await deleteCorpusDocument(db, OTHER_PAGE);
    await closeDb(db);
  }
});

/** A manual run through the API, finished, and its notify job and deliveries done. */
async function runAndNotify(f: LoopFixture, webhookId: string): Promise<string> {
  const body = await f.gql<{ startRun: { id: string } }>(
    'mutation ($id: ID!) { startRun(brandId: $id) { id } }',
    { id: f.brandId },
  );
  expect(body.errors).toBeUndefined();
  const runId = body.data!.startRun.id;
  const [run] = await until(
    () => db.execute<{ status: string }>(sql`select status from runs where id = ${runId}`),
    (rows) => rows[0]?.status === 'COMPLETED' || rows[0]?.status === 'FAILED',
  );
  expect(run?.status).toBe('COMPLETED');
  await notified(runId, webhookId);
  return runId;
}

/** The run's notify job is done, and so is the first delivery of each of its events. */
async function notified(runId: string, webhookId: string) {
  const queue = worker.deps.queues.notify;
  const finished = async (jobId: string) => {
    await until(
      async () => (await queue.getJob(jobId))?.getState(),
      (state) => state === 'completed',
    );
  };
  await finished(`notify-run-${runId}`);
  // The gap analysis's own notify job (opportunity.created) follows the run's.
  await finished(`notify-gaps-${runId}`);
  // Only the events the webhook subscribes to have a delivery to wait for.
  const events = await db.execute<{ id: string }>(sql`
    select e.id from notification_events e join webhooks w on w.id = ${webhookId}
     where e.data->>'runId' = ${runId} and e.type = any(w.events)`);
  for (const { id } of events) await finished(`webhook-${webhookId}-${id}-1`);
}

const kinds = () =>
  received.map((e) => `${e.type}@${(e.data.engine as string | null) ?? '*'}`).sort();

describe('notifications after runs', () => {
  it('sends score.moved once for a real move, nothing within noise, nothing twice', async () => {
    const f = await signedInWithBrand(gateway, db, ENGINES, {
      seedOpportunity: false,
      brand: BRAND,
    });
    const hook = await f.gql<{ createWebhook: { webhook: { id: string } } }>(
      `mutation ($input: WebhookInput!) { createWebhook(input: $input) { webhook { id } } }`,
      {
        input: {
          url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/lumen`,
          events: ['score.moved', 'mention_rate.moved', 'run.failed'],
        },
      },
    );
    expect(hook.errors).toBeUndefined();
    const webhookId = hook.data!.createWebhook.webhook.id;

    // The first run has nothing to compare with.
    await runAndNotify(f, webhookId);
    expect(received).toEqual([]);

    // A page that recommends the brand, read into the corpus.
    await upsertCorpusDocuments(db, [
      {
        url: PAGE,
        domain: BRAND.domain,
        title: `Best CRM for startups in 2026: ${BRAND.name} and the alternatives`,
        body: draftBodyFor(BRAND.name),
        publishedAt: new Date(),
        source: 'published',
      },
    ]);
    const moved = await runAndNotify(f, webhookId);
    const brandWide = received.filter((e) => e.data.engine === null);
    expect(brandWide.map((e) => e.type).sort()).toEqual(['mention_rate.moved', 'score.moved']);
    const score = brandWide.find((e) => e.type === 'score.moved')!;
    expect(score.data).toMatchObject({ brandId: f.brandId, runId: moved, direction: 'UP' });
    const rate = brandWide.find((e) => e.type === 'mention_rate.moved')!;
    const { previous, current } = rate.data as {
      previous: { high: number };
      current: { low: number };
    };
    // Moved means the intervals separate (docs/metrics.md).
    expect(current.low).toBeGreaterThan(previous.high);
    // One event per (rule, subject, run): no id twice.
    expect(new Set(received.map((e) => e.id)).size).toBe(received.length);
    const afterMove = kinds();

    // The notify job of that run, run again (a retry after a crash): nothing new is sent.
    const again = await worker.deps.queues.notify.add('notify', { kind: 'run', id: moved });
    await until(
      () => again.getState(),
      (state) => state === 'completed',
    );
    await notified(moved, webhookId);
    expect(kinds()).toEqual(afterMove);
    // Stored once each (other kinds the run gave, unsubscribed here, are stored too).
    const [{ n } = { n: 0 }] = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from notification_events
       where workspace_id = ${f.workspaceId}
         and type in ('score.moved', 'mention_rate.moved', 'run.failed')`);
    expect(n).toBe(afterMove.length);

    // Same corpus, same answers: within noise, nothing is sent.
    await runAndNotify(f, webhookId);
    expect(kinds()).toEqual(afterMove);
  });

  it('tells of shares of voice, an overtaking, own pages cited and new opportunities, once', async () => {
    received.length = 0;
    const f = await signedInWithBrand(gateway, db, ENGINES, {
      seedOpportunity: false,
      brand: OTHER,
    });
    // Three samples of each prompt × engine: 12 answers a run, so real moves separate.
    await db.execute(sql`update brands set samples = 3 where id = ${f.brandId}`);
    const settings = await f.gql<{
      updateNotificationSettings: { opportunityAlertImpact: number };
    }>(
      `mutation ($input: NotificationSettingsInput!) {
         updateNotificationSettings(input: $input) { opportunityAlertImpact } }`,
      { input: { opportunityAlertImpact: 0 } },
    );
    expect(settings.errors).toBeUndefined();
    const refused = await f.gql(
      `mutation ($input: NotificationSettingsInput!) {
         updateNotificationSettings(input: $input) { opportunityAlertImpact } }`,
      { input: { opportunityAlertImpact: 101 } },
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const hook = await f.gql<{ createWebhook: { webhook: { id: string } } }>(
      `mutation ($input: WebhookInput!) { createWebhook(input: $input) { webhook { id } } }`,
      {
        input: {
          url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/lumen`,
          events: [
            'share_of_voice.moved',
            'competitor.overtook',
            'citation.lost',
            'citation.gained',
            'opportunity.created',
          ],
        },
      },
    );
    expect(hook.errors).toBeUndefined();
    const webhookId = hook.data!.createWebhook.webhook.id;

    // The first run: nothing to compare with, but the gaps it finds are new opportunities.
    const first = await runAndNotify(f, webhookId);
    const created = await db.execute<{ id: string; impact: number }>(sql`
      select id, impact from opportunities where brand_id = ${f.brandId}`);
    expect(created.length).toBeGreaterThan(0);
    expect(kinds()).toEqual(created.map(() => 'opportunity.created@*'));
    expect(received.map((e) => e.data.opportunityId).sort()).toEqual(
      created.map((o) => o.id).sort(),
    );
    expect(received[0]!.data).toMatchObject({ runId: first, threshold: 0 });

    // A page of the brand's own domain recommending it enters the corpus: the brand's share of
    // voice moves up, and the page is cited where it was not.
    await upsertCorpusDocuments(db, [
      {
        url: OTHER_PAGE,
        domain: OTHER.domain,
        title: `Best CRM for startups in 2026: ${OTHER.name} and the alternatives`,
        body: draftBodyFor(OTHER.name),
        publishedAt: new Date(),
        source: 'published',
      },
    ]);
    received.length = 0;
    const up = await runAndNotify(f, webhookId);
    const sovUp = received.find((e) => e.type === 'share_of_voice.moved' && e.data.engine === null);
    expect(sovUp?.data).toMatchObject({ runId: up, direction: 'UP' });
    const { previous, current } = sovUp!.data as {
      previous: { high: number };
      current: { low: number };
    };
    expect(current.low).toBeGreaterThan(previous.high);
    const gained = received.filter((e) => e.type === 'citation.gained');
    expect(gained.map((e) => e.data.url)).toEqual([OTHER_PAGE]);
    expect((gained[0]!.data.where as { engine: string }[]).length).toBeGreaterThan(0);
    // The same gaps found again are not new.
    expect(received.filter((e) => e.type === 'opportunity.created')).toEqual([]);
    expect(received.filter((e) => e.type === 'competitor.overtook')).toEqual([]);

    // The page leaves the corpus: the page is lost, the share falls, and the competitor the
    // brand had drawn level with is now ahead beyond the intervals.
    await deleteCorpusDocument(db, OTHER_PAGE);
    received.length = 0;
    const down = await runAndNotify(f, webhookId);
    expect(received.filter((e) => e.type === 'citation.lost').map((e) => e.data.url)).toEqual([
      OTHER_PAGE,
    ]);
    expect(
      received.find((e) => e.type === 'share_of_voice.moved' && e.data.engine === null)?.data,
    ).toMatchObject({ runId: down, direction: 'DOWN' });
    const overtook = received.find(
      (e) => e.type === 'competitor.overtook' && e.data.engine === null,
    );
    expect(overtook?.data).toMatchObject({ runId: down, competitorName: 'Northwind CRM' });
    const sides = overtook!.data as {
      brand: { mentionRate: { high: number } };
      competitor: { mentionRate: { low: number } };
    };
    expect(sides.competitor.mentionRate.low).toBeGreaterThan(sides.brand.mentionRate.high);

    // Run again, the notify jobs send nothing twice.
    const sent = kinds();
    for (const kind of ['run', 'gaps'] as const) {
      const again = await worker.deps.queues.notify.add('notify', { kind, id: down });
      await until(
        () => again.getState(),
        (state) => state === 'completed',
      );
    }
    await notified(down, webhookId);
    expect(kinds()).toEqual(sent);
  });
});
