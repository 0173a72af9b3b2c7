import { z } from 'zod';
import { singleLine } from '../validation/plain-text';
import { NotificationEventTypeSchema } from './events';

// Webhook delivery rules (docs/webhooks.md, "Retries"): pure, so the schedule is tested with
// numbers and the worker only scales it (JOB_RETRY_SCALE) in tests.

const SECOND = 1000;
const HOUR = 3600 * SECOND;

/** Waits before attempts 2, 3, …: 30 s, 2 min, 10 min, 1 h, 6 h, then every 6 h. */
const FIRST_WAITS = [30 * SECOND, 120 * SECOND, 600 * SECOND, HOUR, 6 * HOUR];
const LATER_WAIT = 6 * HOUR;
/** No attempt is scheduled later than this after the first. */
export const RETRY_WINDOW_MS = 24 * HOUR;
/** An endpoint that answers nothing 2xx for this long is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * HOUR;
/** Past this, an attempt counts as unanswered. */
export const DELIVERY_TIMEOUT_MS = 10 * SECOND;
/** The delivery log keeps this much of each response. */
export const RESPONSE_EXCERPT_BYTES = 1024;
/** After a rotation the old secret still signs (a second v1=) for this long. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * HOUR;

function waitBefore(attempt: number): number {
  return FIRST_WAITS[attempt - 2] ?? LATER_WAIT;
}

/**
 * The wait before `attempt + 1` after attempt `attempt` failed, or null when that attempt would
 * fall more than 24 h after the first one.
 */
export function nextRetryDelay(attempt: number): number | null {
  let elapsed = 0;
  for (let a = 2; a <= attempt + 1; a++) elapsed += waitBefore(a);
  return elapsed > RETRY_WINDOW_MS ? null : waitBefore(attempt + 1);
}

/** True when the webhook has answered nothing 2xx since `failingSince` for three days. */
export function shouldDisable(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS;
}

const UrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter the URL Lumen should post to.')
  .max(2000, 'Use at most 2000 characters.')
  .refine(singleLine, 'Enter one URL.')
  .refine((u) => {
    try {
      const p = new URL(u).protocol;
      return p === 'https:' || p === 'http:';
    } catch {
      return false;
    }
  }, 'Enter a full URL, like https://example.com/hooks/lumen.');

const EventsSchema = z
  .array(NotificationEventTypeSchema)
  .min(1, 'Choose at least one event.')
  .transform((e) => [...new Set(e)]);

const BrandIdSchema = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

export const WebhookInputSchema = z.object({
  url: UrlSchema,
  events: EventsSchema,
  brandId: BrandIdSchema,
});
export type WebhookInput = z.infer<typeof WebhookInputSchema>;

/** A Slack channel: its incoming-webhook URL is required when created, optional on an edit. */
export const SlackChannelInputSchema = z.object({
  webhookUrl: UrlSchema.nullish().transform((v) => v ?? null),
  events: EventsSchema,
  brandId: BrandIdSchema,
});
export type SlackChannelInput = z.infer<typeof SlackChannelInputSchema>;

/** What Lumen shows of a Slack URL (the URL is the secret): its origin and last 4 characters. */
export function slackUrlHint(url: string): string {
  return `${new URL(url).origin}/…${url.slice(-4)}`;
}

export const CHANNEL_KINDS = ['WEBHOOK', 'SLACK'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

export const WEBHOOK_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];
