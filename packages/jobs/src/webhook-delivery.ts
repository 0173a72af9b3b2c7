import type { SecretBox } from '@lumen/config/secrets';
import { postWebhook, signingSecrets, slackUrlAad } from '@lumen/config/webhook-post';
import type { Tx } from '@lumen/db/client';
import { findEvent } from '@lumen/db/repositories/notification-event.repository';
import {
  deliveryAttemptLogged,
  disableWebhook,
  findWebhookForDelivery,
  insertDelivery,
  markWebhookAnswered,
  markWebhookFailing,
  type WebhookDelivery,
} from '@lumen/db/repositories/webhook.repository';
import { envelopeOf } from '@lumen/domain/notifications/events';
import { slackMessage } from '@lumen/domain/notifications/slack-message';
import {
  nextRetryDelay,
  RESPONSE_EXCERPT_BYTES,
  shouldDisable,
} from '@lumen/domain/notifications/webhook-rules';
import { enqueueWebhookAttempt, enqueueWebhookDisabledMail } from './notify';
import type { Queues } from './queues';

// One attempt of delivering one event to one webhook (docs/webhooks.md). The worker's
// deliver-webhook job and the gateway's "Send a test" and "Redeliver" all come through here, so
// a test travels the same path as a real event: signature, safeFetch, log, retries.

export type DeliveryDeps = {
  db: Tx;
  queues: Queues;
  secrets: SecretBox;
  env: { ALLOW_PRIVATE_HOSTS: boolean; WEBHOOK_TIMEOUT_MS: number };
  /** Lumen's public address, for links in Slack messages; null: no link. */
  appUrl: string | null;
  now?: () => Date;
};

export type DeliveryTarget = { webhookId: string; eventId: string; attempt: number };

export type DeliveryOutcome =
  | { status: 'DELIVERED' | 'FAILED'; delivery: WebhookDelivery; disabled: boolean }
  /** Nothing posted: the webhook or event is gone, the webhook is off, or the attempt is logged. */
  | { status: 'SKIPPED'; reason: 'MISSING' | 'DISABLED' | 'LOGGED' };

/**
 * Posts the event once and logs the attempt. A failure schedules the next attempt of the fixed
 * schedule when `retry` (not for a manual redelivery) and disables a webhook that has answered
 * nothing 2xx for three days.
 */
export async function deliverWebhookAttempt(
  deps: DeliveryDeps,
  target: DeliveryTarget,
  options: { retry: boolean; evenIfDisabled?: boolean },
): Promise<DeliveryOutcome> {
  const now = deps.now ?? (() => new Date());
  const [webhook, event] = await Promise.all([
    findWebhookForDelivery(deps.db, target.webhookId),
    findEvent(deps.db, target.eventId),
  ]);
  if (!webhook || !event || webhook.workspaceId !== event.workspaceId) {
    return { status: 'SKIPPED', reason: 'MISSING' };
  }
  if (webhook.status === 'DISABLED' && !options.evenIfDisabled) {
    return { status: 'SKIPPED', reason: 'DISABLED' };
  }
  if (await deliveryAttemptLogged(deps.db, target)) return { status: 'SKIPPED', reason: 'LOGGED' };
  const envelope = envelopeOf(event);
  const slack = webhook.kind === 'SLACK';
  const result = await postWebhook({
    url: slack ? deps.secrets.open(webhook.sealedUrl ?? '', slackUrlAad(webhook.id)) : webhook.url,
    body: JSON.stringify(slack ? slackMessage(envelope, deps.appUrl) : envelope),
    secrets: slack ? [] : signingSecrets(deps.secrets, webhook, now()),
    timeoutMs: deps.env.WEBHOOK_TIMEOUT_MS,
    allowPrivateHosts: deps.env.ALLOW_PRIVATE_HOSTS,
    excerptBytes: RESPONSE_EXCERPT_BYTES,
  });
  const delivery = await insertDelivery(deps.db, {
    workspaceId: webhook.workspaceId,
    webhookId: webhook.id,
    eventId: event.id,
    type: event.type,
    attempt: target.attempt,
    ...result,
  });
  // Another delivery of the same job logged this attempt first: its outcome stands.
  if (!delivery) return { status: 'SKIPPED', reason: 'LOGGED' };
  if (result.ok) {
    await markWebhookAnswered(deps.db, webhook.id);
    return { status: 'DELIVERED', delivery, disabled: false };
  }
  const failingSince = await markWebhookFailing(deps.db, webhook.id, now());
  const disabled =
    shouldDisable(failingSince, now()) && (await disableWebhook(deps.db, webhook.id));
  // The owners hear about it once: only the attempt that disabled it gets here with `disabled`.
  if (disabled) {
    await enqueueWebhookDisabledMail(deps.queues, {
      webhookId: webhook.id,
      deliveryId: delivery.id,
    });
  }
  const wait = nextRetryDelay(target.attempt);
  if (options.retry && !disabled && wait !== null) {
    await enqueueWebhookAttempt(deps.queues, { ...target, attempt: target.attempt + 1 }, wait);
  }
  return { status: 'FAILED', delivery, disabled };
}
