import { z } from 'zod';
import { isTimeZone } from '../brands/brand-input';
import { NOTIFICATION_EVENT_TYPES } from './events';

// What one person wants by email from one workspace (docs/notifications.md, "Email"). Every
// role has them, viewers included: they are about what the person reads, not what they manage.
// Until someone saves theirs, the defaults below apply, so a new member gets them at once.

export const DIGEST_FREQUENCIES = ['OFF', 'DAILY', 'WEEKLY'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** The unsubscribe link's kind for the digest (the others are event types). */
export const DIGEST_KIND = 'digest';

/**
 * The mail to owners when a webhook or Slack channel is disabled after three days of failures:
 * a kind of its own in `emailEvents` (on by default), so its unsubscribe link works like others.
 */
export const WEBHOOK_DISABLED_KIND = 'webhook.disabled';

const EMAIL_KINDS = [...NOTIFICATION_EVENT_TYPES, WEBHOOK_DISABLED_KIND] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** Failures someone has to act on reach every member by default. */
export const DEFAULT_EMAIL_EVENTS: readonly EmailKind[] = [
  'run.failed',
  'publish.failed',
  'ingestion.failed',
  WEBHOOK_DISABLED_KIND,
];

export type NotificationPreferences = {
  emailEvents: EmailKind[];
  digestFrequency: DigestFrequency;
  /** 0–23, in `timezone`. */
  digestHour: number;
  timezone: string;
};

export const DEFAULT_DIGEST_HOUR = 8;

export function defaultPreferences(timezone = 'UTC'): NotificationPreferences {
  return {
    emailEvents: [...DEFAULT_EMAIL_EVENTS],
    digestFrequency: 'WEEKLY',
    digestHour: DEFAULT_DIGEST_HOUR,
    timezone,
  };
}

export function emailWants(preferences: NotificationPreferences, type: string): boolean {
  return (preferences.emailEvents as readonly string[]).includes(type);
}

/** Preferences after a click on the unsubscribe link for `kind` (an event type or `digest`). */
export function unsubscribed(
  preferences: NotificationPreferences,
  kind: string,
): NotificationPreferences {
  if (kind === DIGEST_KIND) return { ...preferences, digestFrequency: 'OFF' };
  return { ...preferences, emailEvents: preferences.emailEvents.filter((t) => t !== kind) };
}

/** True when `kind` names something a person can be unsubscribed from. */
export function isUnsubscribeKind(kind: string): boolean {
  return kind === DIGEST_KIND || (EMAIL_KINDS as readonly string[]).includes(kind);
}

export const NotificationPreferencesInputSchema = z.object({
  emailEvents: z
    .array(z.enum(EMAIL_KINDS, { error: () => 'Choose events from the list.' }))
    .transform((e) => [...new Set(e)]),
  digestFrequency: z.enum(DIGEST_FREQUENCIES, { error: () => 'Choose off, daily or weekly.' }),
  digestHour: z
    .number({ error: () => 'Choose an hour from 0 to 23.' })
    .int('Choose an hour from 0 to 23.')
    .min(0, 'Choose an hour from 0 to 23.')
    .max(23, 'Choose an hour from 0 to 23.'),
  timezone: z
    .string()
    .trim()
    .refine(isTimeZone, 'Choose a time zone such as Europe/Berlin or UTC.'),
});
export type NotificationPreferencesInput = z.infer<typeof NotificationPreferencesInputSchema>;
