import { z } from 'zod';
import { isTimeZone } from '../brands/brand-input';
import { NOTIFICATION_EVENT_TYPES, type NotificationEventType } from './events';

// What one person wants by email from one workspace (docs/notifications.md, "Email"). Every
// role has them, viewers included: they are about what the person reads, not what they manage.
// Until someone saves theirs, the defaults below apply, so a new member gets them at once.

export const DIGEST_FREQUENCIES = ['OFF', 'DAILY', 'WEEKLY'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** The unsubscribe link's kind for the digest (the others are event types). */
export const DIGEST_KIND = 'digest';

/** Failures someone has to act on reach every member by default. */
export const DEFAULT_EMAIL_EVENTS: readonly NotificationEventType[] = [
  'run.failed',
  'publish.failed',
  'ingestion.failed',
];

export type NotificationPreferences = {
  emailEvents: NotificationEventType[];
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
  return kind === DIGEST_KIND || (NOTIFICATION_EVENT_TYPES as readonly string[]).includes(kind);
}

export const NotificationPreferencesInputSchema = z.object({
  emailEvents: z
    .array(z.enum(NOTIFICATION_EVENT_TYPES, { error: () => 'Choose events from the list.' }))
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
