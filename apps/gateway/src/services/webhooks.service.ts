import { randomUUID } from 'node:crypto';
import { checkUrl, SafeFetchError } from '@lumen/config/safe-fetch';
import { slackUrlAad, webhookSecretAad } from '@lumen/config/webhook-post';
import { newWebhookSecret } from '@lumen/config/webhook-signature';
import type { Tx } from '@lumen/db/client';
import { findBrand } from '@lumen/db/repositories/brand.repository';
import { insertEvents } from '@lumen/db/repositories/notification-event.repository';
import {
  deleteWebhook,
  insertWebhook,
  lastDeliveryAttempt,
  rotateWebhookSecret,
  updateWebhook,
  type Webhook,
  type WebhookDelivery,
} from '@lumen/db/repositories/webhook.repository';
import { TEST_EVENT_TYPE } from '@lumen/domain/notifications/events';
import {
  PREVIOUS_SECRET_GRACE_MS,
  SlackChannelInputSchema,
  slackUrlHint,
  type WebhookInput,
  WebhookInputSchema,
} from '@lumen/domain/notifications/webhook-rules';
import { deliverWebhookAttempt } from '@lumen/jobs/webhook-delivery';
import type { Acting, GatewayDeps } from '../context';
import { badInput, LumenError, notFound } from '../errors';
import { findOwned } from '../workspace-scope';
import { logActivity } from './activity.service';

// Webhooks of a workspace (docs/webhooks.md). The secret is generated here, returned once
// (WebhookWithSecret) and stored sealed to the row; "Send a test" and "Redeliver" make their
// first attempt through the same function the worker's deliveries use.

export type WebhookWithSecret = { webhook: Webhook; secret: string };

/** Public hosts only unless ALLOW_PRIVATE_HOSTS, like every user-influenced URL (safeFetch). */
function assertReachable(deps: GatewayDeps, url: string, field: string): void {
  try {
    checkUrl(url, deps.env.ALLOW_PRIVATE_HOSTS);
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    const message = `${error.message} Lumen posts to public addresses only.`;
    throw new LumenError('BAD_USER_INPUT', message, {
      fields: { [field]: message },
      reason: 'BLOCKED_URL',
    });
  }
}

async function assertBrand(deps: GatewayDeps, workspaceId: string, brandId: string | null) {
  if (brandId) await findOwned({ db: deps.db, workspaceId }, 'Brand', brandId, findBrand);
}

async function parse(deps: GatewayDeps, workspaceId: string, raw: unknown): Promise<WebhookInput> {
  const parsed = WebhookInputSchema.safeParse(raw);
  if (!parsed.success) throw badInput(parsed.error.issues);
  assertReachable(deps, parsed.data.url, 'url');
  await assertBrand(deps, workspaceId, parsed.data.brandId);
  return parsed.data;
}

function parseSlack(deps: GatewayDeps, raw: unknown, urlRequired: boolean) {
  const parsed = SlackChannelInputSchema.safeParse(raw);
  if (!parsed.success) throw badInput(parsed.error.issues);
  if (urlRequired && !parsed.data.webhookUrl) {
    throw badInput([{ path: ['webhookUrl'], message: 'Paste the Slack incoming-webhook URL.' }]);
  }
  if (parsed.data.webhookUrl) assertReachable(deps, parsed.data.webhookUrl, 'webhookUrl');
  return parsed.data;
}

const deliveryDeps = (deps: GatewayDeps) => ({
  db: deps.db,
  queues: deps.queues,
  secrets: deps.secrets,
  env: deps.env,
  appUrl: deps.publicUrl() || null,
});

export async function createWebhookIn(
  deps: GatewayDeps,
  workspaceId: string,
  acting: Acting,
  raw: unknown,
): Promise<WebhookWithSecret> {
  const input = await parse(deps, workspaceId, raw);
  const id = randomUUID();
  const secret = newWebhookSecret();
  const webhook = await deps.db.transaction(async (tx) => {
    const row = await insertWebhook(tx, workspaceId, {
      ...input,
      id,
      kind: 'WEBHOOK',
      sealedSecret: deps.secrets.seal(secret, webhookSecretAad(id)),
      sealedUrl: null,
    });
    await logWebhook(tx, acting, row, 'webhook.created', 'Added a webhook to', {
      events: row.events,
    });
    return row;
  });
  return { webhook, secret };
}

/**
 * A webhook's row in the activity log names its host only: a URL's path and query often carry
 * a token (Slack, Zapier), and the secret never appears.
 */
async function logWebhook(
  tx: Tx,
  acting: Acting,
  webhook: Webhook,
  kind: string,
  verb: string,
  data: Record<string, unknown>,
): Promise<void> {
  const host = URL.canParse(webhook.url) ? new URL(webhook.url).host : 'an address';
  await logActivity(tx, acting, {
    workspaceId: webhook.workspaceId,
    kind,
    message: `${verb} ${host}`,
    subjectType: 'webhook',
    subjectId: webhook.id,
    brandId: webhook.brandId,
    data: { host, ...data },
  });
}

/** A Slack channel: the incoming-webhook URL is sealed; only its hint is ever shown. */
export async function createSlackChannelIn(
  deps: GatewayDeps,
  workspaceId: string,
  acting: Acting,
  raw: unknown,
): Promise<Webhook> {
  const input = parseSlack(deps, raw, true);
  await assertBrand(deps, workspaceId, input.brandId);
  const url = input.webhookUrl ?? '';
  const id = randomUUID();
  return deps.db.transaction(async (tx) => {
    const channel = await insertWebhook(tx, workspaceId, {
      id,
      kind: 'SLACK',
      url: slackUrlHint(url),
      sealedUrl: deps.secrets.seal(url, slackUrlAad(id)),
      sealedSecret: null,
      events: input.events,
      brandId: input.brandId,
    });
    await logSlack(tx, acting, channel, 'slack_channel.created', 'Added a Slack channel', {
      events: channel.events,
    });
    return channel;
  });
}

/** A Slack channel's row names no part of its URL: the URL is the channel's secret. */
async function logSlack(
  tx: Tx,
  acting: Acting,
  channel: Webhook,
  kind: string,
  message: string,
  data: Record<string, unknown>,
): Promise<void> {
  await logActivity(tx, acting, {
    workspaceId: channel.workspaceId,
    kind,
    message,
    subjectType: 'webhook',
    subjectId: channel.id,
    brandId: channel.brandId,
    data,
  });
}

/** Events and brand; a new URL only when one is given. Turns a disabled channel back on. */
export async function updateSlackChannelIn(
  deps: GatewayDeps,
  acting: Acting,
  stored: Webhook,
  raw: unknown,
): Promise<Webhook> {
  const input = parseSlack(deps, raw, false);
  await assertBrand(deps, stored.workspaceId, input.brandId);
  const url = input.webhookUrl;
  return deps.db.transaction(async (tx) => {
    const channel = await updateWebhook(tx, stored.workspaceId, stored.id, {
      events: input.events,
      brandId: input.brandId,
      url: url ? slackUrlHint(url) : stored.url,
      ...(url ? { sealedUrl: deps.secrets.seal(url, slackUrlAad(stored.id)) } : {}),
    });
    if (!channel) throw notFound('Slack channel');
    await logSlack(tx, acting, channel, 'slack_channel.updated', 'Changed a Slack channel', {
      events: { from: stored.events, to: channel.events },
      urlReplaced: Boolean(url),
    });
    return channel;
  });
}

export async function updateWebhookIn(
  deps: GatewayDeps,
  acting: Acting,
  stored: Webhook,
  raw: unknown,
): Promise<Webhook> {
  const input = await parse(deps, stored.workspaceId, raw);
  return deps.db.transaction(async (tx) => {
    const webhook = await updateWebhook(tx, stored.workspaceId, stored.id, input);
    if (!webhook) throw notFound('Webhook');
    await logWebhook(tx, acting, webhook, 'webhook.updated', 'Changed the webhook to', {
      events: { from: stored.events, to: webhook.events },
      status: { from: stored.status, to: webhook.status },
    });
    return webhook;
  });
}

/** A new secret signs from now; the old one is still sent (a second v1=) for 24 hours. */
export async function rotateSecretOf(
  deps: GatewayDeps,
  acting: Acting,
  stored: Webhook,
  now = new Date(),
): Promise<WebhookWithSecret> {
  const secret = newWebhookSecret();
  const webhook = await deps.db.transaction(async (tx) => {
    const row = await rotateWebhookSecret(tx, stored.workspaceId, stored.id, {
      sealedSecret: deps.secrets.seal(secret, webhookSecretAad(stored.id)),
      previousUntil: new Date(now.getTime() + PREVIOUS_SECRET_GRACE_MS),
    });
    if (!row) throw notFound('Webhook');
    await logWebhook(
      tx,
      acting,
      row,
      'webhook.secret_rotated',
      'Rotated the secret of the webhook to',
      {},
    );
    return row;
  });
  return { webhook, secret };
}

/** A webhook or a Slack channel, with its delivery log. */
export async function deleteWebhookIn(
  deps: GatewayDeps,
  acting: Acting,
  stored: Webhook,
): Promise<string> {
  await deps.db.transaction(async (tx) => {
    if (!(await deleteWebhook(tx, stored.workspaceId, stored.id))) throw notFound('Webhook');
    if (stored.kind === 'SLACK') {
      await logSlack(tx, acting, stored, 'slack_channel.deleted', 'Removed a Slack channel', {});
    } else {
      await logWebhook(tx, acting, stored, 'webhook.deleted', 'Removed the webhook to', {});
    }
  });
  return stored.id;
}

/**
 * `test.ping` through the real path (a webhook's or a Slack channel's): signed (webhooks), logged,
 * retried on the schedule when it fails.
 */
export async function sendTestEventTo(
  deps: GatewayDeps,
  stored: Webhook,
): Promise<WebhookDelivery> {
  const [event] = await insertEvents(deps.db, stored.workspaceId, [
    {
      type: TEST_EVENT_TYPE,
      key: `${TEST_EVENT_TYPE}:${randomUUID()}`,
      brandId: stored.brandId,
      data: { webhookId: stored.id, message: 'A test event from Lumen.' },
    },
  ]);
  if (!event) throw new Error('the test event was not stored');
  return firstAttempt(deps, { webhookId: stored.id, eventId: event.id, attempt: 1 }, true);
}

/** One more attempt of a logged delivery, now; a manual redelivery is not retried. */
export async function redeliverDelivery(
  deps: GatewayDeps,
  delivery: WebhookDelivery,
): Promise<WebhookDelivery> {
  const attempt = (await lastDeliveryAttempt(deps.db, delivery.webhookId, delivery.eventId)) + 1;
  return firstAttempt(
    deps,
    { webhookId: delivery.webhookId, eventId: delivery.eventId, attempt },
    false,
  );
}

async function firstAttempt(
  deps: GatewayDeps,
  target: { webhookId: string; eventId: string; attempt: number },
  retry: boolean,
): Promise<WebhookDelivery> {
  const outcome = await deliverWebhookAttempt(deliveryDeps(deps), target, {
    retry,
    evenIfDisabled: true,
  });
  if (outcome.status === 'SKIPPED') {
    throw new LumenError('CONFLICT', 'This delivery is already under way. Refresh the log.');
  }
  return outcome.delivery;
}
