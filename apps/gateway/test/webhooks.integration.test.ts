import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import {
  createServer,
  type IncomingHttpHeaders,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadEnv } from '@lumen/config/env';
import { loadSecretBox } from '@lumen/config/secrets';
import { deliverWebhookAttempt } from '@lumen/jobs/webhook-delivery';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../scripts/test/until';
import { type RunningGateway, startGateway } from '../src/server';
import { client, codeOf, signUp } from './brand-helpers';

// Signed webhooks end to end (docs/webhooks.md): the gateway's "Send a test", the worker's
// retries on the real schedule (scaled by JOB_RETRY_SCALE), loopback receivers, the delivery log,
// and the sample receiver from the docs run as written.

type Received = { headers: IncomingHttpHeaders; body: string };
type Answer = 'fail' | 'hang' | 'ok';

const SCALE = 0.001;

/** A loopback endpoint that answers each request by the next entry of `script` (then `ok`). */
async function startReceiver(script: Answer[]) {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const answer = script[received.length - 1] ?? 'ok';
      if (answer === 'hang') held.push(res);
      else if (answer === 'fail') res.writeHead(500).end('boom');
      else res.writeHead(200).end('thanks');
    });
  });
  const url = await listen(server);
  return {
    url: `${url}/hooks/lumen`,
    received,
    close: () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The receiver of docs/webhooks.md, as written there, loaded as a module. */
async function docsReceiver(): Promise<(secret: string, now?: () => number) => RequestListener> {
  const doc = readFileSync(new URL('../../../docs/webhooks.md', import.meta.url), 'utf8');
  const code = doc.match(/## A receiver[\s\S]*?```js\n([\s\S]*?)```/)?.[1];
  if (!code) throw new Error('docs/webhooks.md has no receiver block');
  const file = join(mkdtempSync(join(tmpdir(), 'lumen-receiver-')), 'receiver.mjs');
  writeFileSync(file, code);
  const mod = (await import(pathToFileURL(file).href)) as {
    receiver: (secret: string, now?: () => number) => RequestListener;
  };
  return mod.receiver;
}

let gateway: RunningGateway;
let worker: RunningWorker;
const env = loadEnv({
  ...process.env,
  PORT: '0',
  NODE_ENV: 'test',
  SUPABASE_URL: '',
  ALLOW_PRIVATE_HOSTS: '1',
  JOB_RETRY_SCALE: String(SCALE),
  WEBHOOK_TIMEOUT_MS: '400',
  LOG_LEVEL: 'silent',
});

beforeAll(async () => {
  gateway = await startGateway(env, { webDist: null });
  worker = await startWorker(env);
});

afterAll(async () => {
  await worker?.close();
  await gateway?.close();
});

const FIELDS = 'id eventId type attempt statusCode ok durationMs response createdAt';
const CREATE = `mutation ($input: WebhookInput!) { createWebhook(input: $input) {
  secret webhook { id url events brandId status } } }`;
const LOG = `{ webhooks { id status deliveries(first: 50) { ${FIELDS} } } }`;

type Delivery = {
  id: string;
  eventId: string;
  type: string;
  attempt: number;
  statusCode: number | null;
  ok: boolean;
  response: string;
};
type Log = { webhooks: { id: string; status: string; deliveries: Delivery[] }[] };

/** A delivery job's state: `missing` when it was never added. */
async function attemptState(webhookId: string, eventId: string, attempt: number) {
  const job = await worker.deps.queues.notify.getJob(`webhook-${webhookId}-${eventId}-${attempt}`);
  return job ? job.getState() : 'missing';
}

describe('webhooks', () => {
  it('retries a 500 and a timeout on the schedule, then delivers once, signed', async () => {
    const endpoint = await startReceiver(['fail', 'hang', 'ok']);
    try {
      const gql = client(gateway, await signUp(gateway));
      const made = await gql<{
        createWebhook: { secret: string; webhook: { id: string; status: string } };
      }>(CREATE, { input: { url: endpoint.url, events: ['run.failed', 'score.moved'] } });
      expect(made.errors).toBeUndefined();
      const { secret, webhook } = made.data!.createWebhook;
      expect(secret).toMatch(/^whsec_/);
      expect(webhook.status).toBe('ACTIVE');

      const sent = await gql<{ sendTestEvent: Delivery }>(
        `mutation ($id: ID!) { sendTestEvent(webhookId: $id) { ${FIELDS} } }`,
        { id: webhook.id },
      );
      expect(sent.errors).toBeUndefined();
      expect(sent.data!.sendTestEvent).toMatchObject({
        type: 'test.ping',
        attempt: 1,
        statusCode: 500,
        ok: false,
        response: 'boom',
      });

      // Attempt 2 (30 s × scale) hangs past the timeout, attempt 3 (2 min × scale) answers 200.
      const log = await until(
        () => gql<Log>(LOG),
        (b) => (b.data?.webhooks[0]?.deliveries ?? []).some((d) => d.ok),
      );
      const eventId = sent.data!.sendTestEvent.eventId;
      await until(
        () => attemptState(webhook.id, eventId, 3),
        (state) => state === 'completed',
      );
      // The 200 ended the series: no fourth attempt was scheduled.
      expect(await attemptState(webhook.id, eventId, 4)).toBe('missing');
      const after = (await gql<Log>(LOG)).data!.webhooks[0]!;
      const attempts = [...after.deliveries].sort((x, y) => x.attempt - y.attempt);
      expect(attempts.map((d) => [d.attempt, d.statusCode, d.ok])).toEqual([
        [1, 500, false],
        [2, null, false],
        [3, 200, true],
      ]);
      expect(attempts[1]!.response).toMatch(/^TIMEOUT/);
      expect(new Set(attempts.map((d) => d.eventId)).size).toBe(1);
      expect(log.data!.webhooks[0]!.status).toBe('ACTIVE');
      // Exactly one success: three requests reached the endpoint, none after the 200.
      expect(endpoint.received).toHaveLength(3);

      // The body and signature, checked with the documented algorithm (not Lumen's own code).
      const last = endpoint.received[2]!;
      const body = JSON.parse(last.body) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['createdAt', 'data', 'id', 'type', 'workspaceId']);
      expect(body).toMatchObject({ id: attempts[0]!.eventId, type: 'test.ping' });
      const header = String(last.headers['lumen-signature']);
      const [, t, v1] = header.match(/^t=(\d+),v1=([0-9a-f]{64})$/) ?? [];
      expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${last.body}`).digest('hex'));
      expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(300);

      // The sample receiver accepts it now and refuses the same request replayed 6 minutes on.
      const receiver = await docsReceiver();
      const replay = async (now: number, payload = last.body) => {
        const server = createServer(receiver(secret, () => now));
        const url = await listen(server);
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: { 'lumen-signature': header, 'content-type': 'application/json' },
            body: payload,
          });
          return res.status;
        } finally {
          server.close();
        }
      };
      const signedAt = Number(t) * 1000;
      expect(await replay(signedAt + 1000)).toBe(200);
      expect(await replay(signedAt + 6 * 60 * 1000)).toBe(400);
      expect(await replay(signedAt + 1000, last.body.replace('test.ping', 'run.failed'))).toBe(400);
      expect(await replay(signedAt + 1000, last.body)).toBe(200);
      const other = await docsReceiver();
      const wrong = createServer(other('whsec_not-this-one', () => signedAt));
      const wrongUrl = await listen(wrong);
      const refused = await fetch(wrongUrl, {
        method: 'POST',
        headers: { 'lumen-signature': header },
        body: last.body,
      });
      wrong.close();
      expect(refused.status).toBe(400);

      // Redeliver: one more attempt of the same event, now, not retried.
      const again = await gql<{ redeliver: Delivery }>(
        `mutation ($id: ID!) { redeliver(deliveryId: $id) { ${FIELDS} } }`,
        { id: attempts[0]!.id },
      );
      expect(again.data!.redeliver).toMatchObject({
        attempt: 4,
        ok: true,
        statusCode: 200,
        eventId: attempts[0]!.eventId,
      });
      expect(endpoint.received).toHaveLength(4);
      expect(JSON.parse(endpoint.received[3]!.body).id).toBe(attempts[0]!.eventId);
    } finally {
      await endpoint.close();
    }
  });

  it('signs with both secrets for 24 hours after a rotation', async () => {
    const endpoint = await startReceiver([]);
    try {
      const gql = client(gateway, await signUp(gateway));
      const made = await gql<{ createWebhook: { secret: string; webhook: { id: string } } }>(
        CREATE,
        { input: { url: endpoint.url, events: ['run.failed'] } },
      );
      const { secret: old, webhook } = made.data!.createWebhook;
      const rotated = await gql<{ rotateWebhookSecret: { secret: string } }>(
        'mutation ($id: ID!) { rotateWebhookSecret(id: $id) { secret webhook { id } } }',
        { id: webhook.id },
      );
      const fresh = rotated.data!.rotateWebhookSecret.secret;
      expect(fresh).not.toBe(old);
      const sent = await gql<{ sendTestEvent: Delivery }>(
        'mutation ($id: ID!) { sendTestEvent(webhookId: $id) { ok } }',
        { id: webhook.id },
      );
      expect(sent.data!.sendTestEvent.ok).toBe(true);
      const { headers, body } = endpoint.received[0]!;
      const [, t, first, second] =
        String(headers['lumen-signature']).match(/^t=(\d+),v1=([0-9a-f]{64}),v1=([0-9a-f]{64})$/) ??
        [];
      const sign = (s: string) => createHmac('sha256', s).update(`${t}.${body}`).digest('hex');
      expect([first, second]).toEqual([sign(fresh), sign(old)]);
    } finally {
      await endpoint.close();
    }
  });

  it('refuses a private host without ALLOW_PRIVATE_HOSTS, when saved and when delivering', async () => {
    const endpoint = await startReceiver([]);
    const strict = await startGateway({ ...env, ALLOW_PRIVATE_HOSTS: false }, { webDist: null });
    try {
      const refused = await client(strict, await signUp(strict))(CREATE, {
        input: { url: endpoint.url, events: ['run.failed'] },
      });
      expect(codeOf(refused)).toBe('BAD_USER_INPUT');
      expect(refused.errors?.[0]?.extensions).toMatchObject({ reason: 'BLOCKED_URL' });

      // Saved while the operator allowed it; delivered after they stopped allowing it.
      const gql = client(gateway, await signUp(gateway));
      const made = await gql<{ createWebhook: { webhook: { id: string } } }>(CREATE, {
        input: { url: endpoint.url, events: ['run.failed'] },
      });
      const webhookId = made.data!.createWebhook.webhook.id;
      const test = await gql<{ sendTestEvent: Delivery }>(
        'mutation ($id: ID!) { sendTestEvent(webhookId: $id) { eventId } }',
        { id: webhookId },
      );
      const outcome = await deliverWebhookAttempt(
        {
          db: worker.deps.db,
          queues: worker.deps.queues,
          secrets: loadSecretBox(env),
          env: { ...env, ALLOW_PRIVATE_HOSTS: false },
          appUrl: null,
        },
        { webhookId, eventId: test.data!.sendTestEvent.eventId, attempt: 2 },
        { retry: false },
      );
      expect(outcome).toMatchObject({
        status: 'FAILED',
        delivery: { attempt: 2, statusCode: null, ok: false },
      });
      expect(outcome.status === 'FAILED' && outcome.delivery.response).toMatch(/^BLOCKED_URL/);
      // Only the allowed test reached the endpoint.
      expect(endpoint.received).toHaveLength(1);
    } finally {
      await strict.close();
      await endpoint.close();
    }
  });

  it('says what is wrong with an input', async () => {
    const gql = client(gateway, await signUp(gateway));
    const bad = await gql(CREATE, { input: { url: 'ftp://x', events: [] } });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0]?.extensions).toMatchObject({
      fields: { url: expect.any(String), events: 'Choose at least one event.' },
    });
    const foreignBrand = await gql(CREATE, {
      input: {
        url: 'https://example.com/x',
        events: ['run.failed'],
        brandId: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(codeOf(foreignBrand)).toBe('NOT_FOUND');
  });

  it('posts Block Kit to a Slack channel whose URL is sealed and never shown', async () => {
    const endpoint = await startReceiver(['ok']);
    try {
      const gql = client(gateway, await signUp(gateway));
      const url = `${endpoint.url.replace('/hooks/lumen', '')}/services/T000/B000/sEcReTtOkEn9`;
      const made = await gql<{ createSlackChannel: { id: string; urlHint: string } }>(
        `mutation ($input: SlackChannelInput!) { createSlackChannel(input: $input) {
           id urlHint events status } }`,
        { input: { webhookUrl: url, events: ['run.failed', 'score.moved'] } },
      );
      expect(made.errors).toBeUndefined();
      const channel = made.data!.createSlackChannel;
      expect(channel.urlHint).toBe(`${new URL(url).origin}/…kEn9`);
      const sent = await gql<{ sendSlackTest: Delivery }>(
        `mutation ($id: ID!) { sendSlackTest(channelId: $id) { ${FIELDS} } }`,
        { id: channel.id },
      );
      expect(sent.data!.sendSlackTest).toMatchObject({ type: 'test.ping', ok: true, attempt: 1 });
      const [request] = endpoint.received;
      expect(request!.headers['lumen-signature']).toBeUndefined();
      const message = JSON.parse(request!.body) as { text: string; blocks: { type: string }[] };
      expect(message.text).toContain('Test message from Lumen');
      expect(message.blocks[0]).toMatchObject({ type: 'header' });
      const listed = await gql<{ slackChannels: { id: string; deliveries: { ok: boolean }[] }[] }>(
        '{ slackChannels { id urlHint deliveries { ok } } webhooks { id } }',
      );
      expect(JSON.stringify(listed.data)).not.toContain('sEcReTtOkEn9');
      expect(listed.data!.slackChannels).toEqual([
        { id: channel.id, urlHint: channel.urlHint, deliveries: [{ ok: true }] },
      ]);
      // A Slack channel is not a webhook: the webhook fields do not find it.
      const asWebhook = await gql(
        'mutation ($id: ID!) { rotateWebhookSecret(id: $id) { secret } }',
        {
          id: channel.id,
        },
      );
      expect(codeOf(asWebhook)).toBe('NOT_FOUND');
      const edited = await gql<{ updateSlackChannel: { urlHint: string; events: string[] } }>(
        `mutation ($id: ID!, $input: SlackChannelInput!) { updateSlackChannel(id: $id, input: $input) {
           urlHint events } }`,
        { id: channel.id, input: { events: ['run.partial'] } },
      );
      expect(edited.data!.updateSlackChannel).toEqual({
        urlHint: channel.urlHint,
        events: ['run.partial'],
      });
      const missingUrl = await gql(
        'mutation { createSlackChannel(input: { events: ["run.failed"] }) { id } }',
      );
      expect(missingUrl.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: { webhookUrl: 'Paste the Slack incoming-webhook URL.' },
      });
    } finally {
      await endpoint.close();
    }
  });
});
