import {
  DeliverEmailJob,
  DeliverWebhookJob,
  MailWebhookDisabledJob,
  NotifyJob,
} from './definitions';
import { enqueue } from './enqueue';
import type { Queues } from './queues';

export type NotifyKind = 'run' | 'gaps' | 'publish' | 'ingestion' | 'budget';

/**
 * Evaluates what `id` means for people. A run is evaluated once (a second add adds nothing); a
 * failure passes when it happened, since a draft can fail, be published again and fail again.
 */
export function enqueueNotify(
  queues: Queues,
  kind: NotifyKind,
  id: string,
  occurrence?: number,
): Promise<string> {
  const jobId = `notify-${kind}-${id}${occurrence === undefined ? '' : `-${occurrence}`}`;
  return enqueue(queues, NotifyJob, { kind, id }, { jobId });
}

/**
 * Attempt `attempt` of delivering an event to a webhook, after `delayMs` (scaled by the queues'
 * time scale, so tests run the real schedule in milliseconds).
 */
export function enqueueWebhookAttempt(
  queues: Queues,
  target: { webhookId: string; eventId: string; attempt: number },
  delayMs = 0,
): Promise<string> {
  return enqueue(queues, DeliverWebhookJob, target, {
    jobId: `webhook-${target.webhookId}-${target.eventId}-${target.attempt}`,
    delay: Math.round(delayMs * queues.timeScale),
  });
}

export type EmailTarget = { workspaceId: string; userId: string; eventId: string; attempt: number };

/** Attempt `attempt` of emailing an event to a member, after `delayMs` (scaled like webhooks'). */
export function enqueueEmailAttempt(
  queues: Queues,
  target: EmailTarget,
  delayMs = 0,
): Promise<string> {
  return enqueue(queues, DeliverEmailJob, target, {
    jobId: `email-${target.eventId}-${target.userId}-${target.attempt}`,
    delay: Math.round(delayMs * queues.timeScale),
  });
}

/** The owners' mail about a webhook that `deliveryId`'s failed attempt disabled. */
export function enqueueWebhookDisabledMail(
  queues: Queues,
  target: { webhookId: string; deliveryId: string },
): Promise<string> {
  return enqueue(queues, MailWebhookDisabledJob, target, {
    jobId: `webhook-disabled-${target.deliveryId}`,
  });
}
