import {
  listChannelDigestWorkspaces,
  listDigestSubscribers,
  loadDigestData,
} from '@lumen/db/repositories/digest.repository';
import {
  findEventsByKeys,
  insertEvents,
} from '@lumen/db/repositories/notification-event.repository';
import {
  findRecipient,
  listEmailAttempts,
} from '@lumen/db/repositories/notification-preference.repository';
import { listActiveWebhooks } from '@lumen/db/repositories/webhook.repository';
import { buildDigest, digestEmail } from '@lumen/domain/notifications/digest';
import {
  CHANNEL_DIGEST_SCHEDULE,
  type DigestPeriod,
  digestDue,
} from '@lumen/domain/notifications/digest-schedule';
import { channelWants, DIGEST_EVENT_TYPE } from '@lumen/domain/notifications/events';
import { DIGEST_KIND } from '@lumen/domain/notifications/preferences';
import { ChannelDigestJob, SendDigestJob } from './definitions';
import { type EmailDeps, sendLogged, unsubscribeHeaders, unsubscribeUrl } from './email-delivery';
import { enqueue } from './enqueue';
import { enqueueWebhookAttempt } from './notify';
import type { Queues } from './queues';

// Digests (docs/notifications.md, "Digests"): the hourly sweep, one person's mail, and the
// workspace's weekly digest for its channels. Every step is keyed by the period, so a sweep run
// twice, two workers or a retried job send nothing twice.

const jobKey = (period: DigestPeriod) => period.key.replace(':', '-');

/** The sweep of the hour `at`: one job per digest due now. */
export async function sweepDigests(
  deps: Pick<EmailDeps, 'db' | 'queues' | 'transport'>,
  at: Date,
): Promise<{ people: number; channels: number }> {
  let people = 0;
  if (deps.transport) {
    for (const s of await listDigestSubscribers(deps.db)) {
      const period = digestDue(s.preferences, at);
      if (!period) continue;
      await enqueueSendDigest(
        deps.queues,
        { workspaceId: s.workspaceId, userId: s.userId, at },
        period,
      );
      people++;
    }
  }
  let channels = 0;
  const weekly = digestDue(CHANNEL_DIGEST_SCHEDULE, at);
  if (weekly) {
    for (const workspaceId of await listChannelDigestWorkspaces(deps.db)) {
      await enqueue(
        deps.queues,
        ChannelDigestJob,
        { workspaceId, at: at.toISOString() },
        { jobId: `digest-channels-${workspaceId}-${jobKey(weekly)}` },
      );
      channels++;
    }
  }
  return { people, channels };
}

export function enqueueSendDigest(
  queues: Queues,
  target: { workspaceId: string; userId: string; at: Date },
  period: DigestPeriod,
): Promise<string> {
  return enqueue(
    queues,
    SendDigestJob,
    { workspaceId: target.workspaceId, userId: target.userId, at: target.at.toISOString() },
    { jobId: `digest-${target.workspaceId}-${target.userId}-${jobKey(period)}` },
  );
}

export type DigestOutcome =
  | { status: 'SENT'; quiet: boolean }
  | { status: 'FAILED'; response: string }
  | { status: 'SKIPPED'; reason: 'NOT_CONFIGURED' | 'MISSING' | 'NOT_DUE' | 'LOGGED' };

/**
 * One person's digest: their preferences are read again (a click on "stop the digest", or a new
 * hour, since the sweep means it is no longer due), then the period's mail is sent unless it was
 * already, and logged as attempt `attempt` under `digest:<workspaceId>:<period>`.
 */
export async function sendDigest(
  deps: EmailDeps,
  target: { workspaceId: string; userId: string; at: string },
  attempt: number,
): Promise<DigestOutcome> {
  if (!deps.transport) return { status: 'SKIPPED', reason: 'NOT_CONFIGURED' };
  const recipient = await findRecipient(deps.db, target.workspaceId, target.userId);
  if (!recipient) return { status: 'SKIPPED', reason: 'MISSING' };
  const period = digestDue(recipient.preferences, new Date(target.at));
  if (!period) return { status: 'SKIPPED', reason: 'NOT_DUE' };
  const subject = `digest:${target.workspaceId}:${period.key}`;
  const done = await listEmailAttempts(deps.db, subject, target.userId);
  if (done.some((d) => d.ok || d.attempt >= attempt))
    return { status: 'SKIPPED', reason: 'LOGGED' };
  const data = await loadDigestData(deps.db, target.workspaceId, period.from, period.to);
  if (!data) return { status: 'SKIPPED', reason: 'MISSING' };
  const digest = buildDigest({
    ...data,
    frequency: period.frequency,
    from: period.from,
    to: period.to,
  });
  const unsubscribe = unsubscribeUrl(deps, { ...target, kind: DIGEST_KIND });
  const message = digestEmail(digest, {
    link: `${deps.baseUrl.replace(/\/+$/, '')}/`,
    unsubscribeUrl: unsubscribe,
  });
  const delivery = await sendLogged(
    deps,
    {
      workspaceId: target.workspaceId,
      userId: target.userId,
      subject,
      eventId: null,
      type: DIGEST_KIND,
      attempt,
    },
    { to: recipient.email, ...message, headers: unsubscribeHeaders(unsubscribe) },
  );
  if (!delivery) return { status: 'SKIPPED', reason: 'LOGGED' };
  return delivery.ok
    ? { status: 'SENT', quiet: digest.quiet }
    : { status: 'FAILED', response: delivery.response };
}

/**
 * The workspace's weekly digest for its channels: stored once as a `digest` event keyed by the
 * week, then one delivery per active channel that chose it (signed, logged and retried like every
 * event). A channel limited to one brand does not get it (the digest is the workspace's).
 */
export async function channelDigest(
  deps: Pick<EmailDeps, 'db' | 'queues'>,
  target: { workspaceId: string; at: string },
): Promise<{ deliveries: number } | { skipped: 'NOT_DUE' | 'NO_CHANNEL' | 'MISSING' }> {
  const period = digestDue(CHANNEL_DIGEST_SCHEDULE, new Date(target.at));
  if (!period) return { skipped: 'NOT_DUE' };
  const event = { type: DIGEST_EVENT_TYPE, brandId: null };
  const hooks = (await listActiveWebhooks(deps.db, target.workspaceId)).filter((h) =>
    channelWants(h, event),
  );
  if (hooks.length === 0) return { skipped: 'NO_CHANNEL' };
  const key = `digest:${period.key}`;
  let [stored] = await findEventsByKeys(deps.db, target.workspaceId, [key]);
  if (!stored) {
    const data = await loadDigestData(deps.db, target.workspaceId, period.from, period.to);
    if (!data) return { skipped: 'MISSING' };
    const digest = buildDigest({
      ...data,
      frequency: period.frequency,
      from: period.from,
      to: period.to,
    });
    await insertEvents(deps.db, target.workspaceId, [
      { ...event, key, data: digest as unknown as Record<string, unknown> },
    ]);
    [stored] = await findEventsByKeys(deps.db, target.workspaceId, [key]);
  }
  if (!stored) return { skipped: 'MISSING' };
  for (const hook of hooks) {
    await enqueueWebhookAttempt(deps.queues, {
      webhookId: hook.id,
      eventId: stored.id,
      attempt: 1,
    });
  }
  return { deliveries: hooks.length };
}
