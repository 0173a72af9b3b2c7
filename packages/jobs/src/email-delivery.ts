import type { OutgoingMail, SmtpTransport } from '@lumen/config/mailer';
import { MailDeliveryError } from '@lumen/config/mailer';
import { signUnsubscribeToken } from '@lumen/config/unsubscribe-token';
import type { Tx } from '@lumen/db/client';
import { findBrand } from '@lumen/db/repositories/brand.repository';
import { findEvent } from '@lumen/db/repositories/notification-event.repository';
import {
  type EmailDelivery,
  emailAttemptLogged,
  findRecipient,
  insertEmailDelivery,
  listEmailAttempts,
  listRecipients,
} from '@lumen/db/repositories/notification-preference.repository';
import { findWorkspaceRow } from '@lumen/db/repositories/team.repository';
import { findWebhookForDelivery } from '@lumen/db/repositories/webhook.repository';
import { emailMessage, webhookDisabledMessage } from '@lumen/domain/notifications/email-message';
import { envelopeOf, eventLink } from '@lumen/domain/notifications/events';
import { emailWants, WEBHOOK_DISABLED_KIND } from '@lumen/domain/notifications/preferences';
import { nextRetryDelay } from '@lumen/domain/notifications/webhook-rules';
import { type EmailTarget, enqueueEmailAttempt } from './notify';
import type { Queues } from './queues';

// One attempt of emailing one event to one member (docs/notifications.md, "Email"). Like a
// webhook's: the attempt is logged once (a retried job sends nothing twice), a failure schedules
// the next attempt on the same schedule, and the person's preferences are read again at the
// moment of sending, so an unsubscribe click stops mail that was already queued.

export type EmailDeps = {
  db: Tx;
  queues: Queues;
  /** null: no SMTP_URL, so no notification mail at all. */
  transport: SmtpTransport | null;
  /** `secrets.deriveKey(UNSUBSCRIBE_KEY_PURPOSE)`: signs the unsubscribe links. */
  unsubscribeKey: Buffer;
  /** Lumen's address for links (the gateway serves /unsubscribe and the app). */
  baseUrl: string;
};

export type EmailOutcome =
  | { status: 'SENT' | 'FAILED'; delivery: EmailDelivery }
  | { status: 'SKIPPED'; reason: 'NOT_CONFIGURED' | 'MISSING' | 'NOT_WANTED' | 'LOGGED' };

export function unsubscribeUrl(
  deps: Pick<EmailDeps, 'baseUrl' | 'unsubscribeKey'>,
  target: { workspaceId: string; userId: string; kind: string },
): string {
  const token = signUnsubscribeToken(deps.unsubscribeKey, target);
  return `${deps.baseUrl.replace(/\/+$/, '')}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** RFC 2369 and RFC 8058: mail clients show "Unsubscribe" and post to it in one click. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * Hands one mail to SMTP and logs the attempt under `subject` (once per subject, person and
 * attempt). Null when the attempt was logged already.
 */
export async function sendLogged(
  deps: Pick<EmailDeps, 'db' | 'transport'>,
  log: {
    workspaceId: string;
    userId: string;
    subject: string;
    eventId: string | null;
    type: string;
    attempt: number;
  },
  mail: OutgoingMail,
): Promise<EmailDelivery | null> {
  if (!deps.transport) throw new Error('no SMTP transport');
  let ok = true;
  let response = 'sent';
  try {
    await deps.transport.send(mail);
  } catch (error) {
    ok = false;
    response = error instanceof MailDeliveryError ? error.code : 'SEND_FAILED';
  }
  return insertEmailDelivery(deps.db, { ...log, ok, response });
}

export async function deliverEmailAttempt(
  deps: EmailDeps,
  target: EmailTarget,
  options: { retry: boolean },
): Promise<EmailOutcome> {
  if (!deps.transport) return { status: 'SKIPPED', reason: 'NOT_CONFIGURED' };
  const [event, recipient] = await Promise.all([
    findEvent(deps.db, target.eventId),
    findRecipient(deps.db, target.workspaceId, target.userId),
  ]);
  if (!event || !recipient || event.workspaceId !== target.workspaceId) {
    return { status: 'SKIPPED', reason: 'MISSING' };
  }
  if (!emailWants(recipient.preferences, event.type)) {
    return { status: 'SKIPPED', reason: 'NOT_WANTED' };
  }
  const subject = `event:${event.id}`;
  const key = { subject, userId: target.userId, attempt: target.attempt };
  if (await emailAttemptLogged(deps.db, key)) return { status: 'SKIPPED', reason: 'LOGGED' };
  const brand = event.brandId ? await findBrand(deps.db, event.workspaceId, event.brandId) : null;
  const envelope = envelopeOf(event);
  const unsubscribe = unsubscribeUrl(deps, { ...target, kind: event.type });
  const message = emailMessage(envelope, {
    brandName: brand?.name ?? null,
    workspaceName: recipient.workspaceName,
    link: eventLink(envelope, deps.baseUrl),
    unsubscribeUrl: unsubscribe,
  });
  const delivery = await sendLogged(
    deps,
    { ...key, workspaceId: event.workspaceId, eventId: event.id, type: event.type },
    { to: recipient.email, ...message, headers: unsubscribeHeaders(unsubscribe) },
  );
  if (!delivery) return { status: 'SKIPPED', reason: 'LOGGED' };
  if (delivery.ok) return { status: 'SENT', delivery };
  const wait = nextRetryDelay(target.attempt);
  if (options.retry && wait !== null) {
    await enqueueEmailAttempt(deps.queues, { ...target, attempt: target.attempt + 1 }, wait);
  }
  return { status: 'FAILED', delivery };
}

/**
 * Mails each owner who has not unsubscribed that a webhook was disabled. Each owner's mail is
 * logged once per attempt (`webhook-disabled:<deliveryId>`); an owner already mailed is skipped
 * when the job runs again. Returns the owners who could not be mailed (the job retries them).
 */
export async function mailWebhookDisabled(
  deps: EmailDeps,
  target: { webhookId: string; deliveryId: string },
  attempt: number,
): Promise<
  { sent: number; failed: number } | { skipped: 'NOT_CONFIGURED' | 'MISSING' | 'ACTIVE' }
> {
  if (!deps.transport) return { skipped: 'NOT_CONFIGURED' };
  const webhook = await findWebhookForDelivery(deps.db, target.webhookId);
  if (!webhook) return { skipped: 'MISSING' };
  // Turned on again before the mail went out: nothing to warn about.
  if (webhook.status !== 'DISABLED') return { skipped: 'ACTIVE' };
  const workspace = await findWorkspaceRow(deps.db, webhook.workspaceId);
  if (!workspace) return { skipped: 'MISSING' };
  const owners = (await listRecipients(deps.db, webhook.workspaceId)).filter(
    (r) => r.role === 'owner' && emailWants(r.preferences, WEBHOOK_DISABLED_KIND),
  );
  const subject = `webhook-disabled:${target.deliveryId}`;
  const base = deps.baseUrl.replace(/\/+$/, '');
  let sent = 0;
  let failed = 0;
  for (const owner of owners) {
    const done = await listEmailAttempts(deps.db, subject, owner.userId);
    if (done.some((d) => d.ok || d.attempt >= attempt)) continue;
    const unsubscribe = unsubscribeUrl(deps, {
      workspaceId: webhook.workspaceId,
      userId: owner.userId,
      kind: WEBHOOK_DISABLED_KIND,
    });
    const message = webhookDisabledMessage({
      kind: webhook.kind,
      address: webhook.url,
      failingSince: (webhook.failingSince ?? new Date()).toISOString(),
      workspaceName: workspace.name,
      settingsUrl: `${base}/settings/notifications`,
      unsubscribeUrl: unsubscribe,
    });
    const delivery = await sendLogged(
      deps,
      {
        workspaceId: webhook.workspaceId,
        userId: owner.userId,
        subject,
        eventId: null,
        type: WEBHOOK_DISABLED_KIND,
        attempt,
      },
      { to: owner.email, ...message, headers: unsubscribeHeaders(unsubscribe) },
    );
    if (delivery?.ok) sent++;
    else if (delivery) failed++;
  }
  return { sent, failed };
}
