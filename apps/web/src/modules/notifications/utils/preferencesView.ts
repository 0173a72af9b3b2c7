// What the "Email me" card shows and saves (docs/notifications.md, "Email").

type DigestFrequency = 'OFF' | 'DAILY' | 'WEEKLY';

export type PreferencesForm = {
  emailEvents: string[];
  digestFrequency: DigestFrequency;
  digestHour: number;
  timezone: string;
};

/**
 * The form a person starts from: what they saved, or the defaults with their browser's time
 * zone (the server's default is UTC, which is rarely anyone's).
 */
export function initialForm(
  stored: PreferencesForm & { saved: boolean },
  browserTimeZone: string | null,
): PreferencesForm {
  return {
    emailEvents: [...stored.emailEvents],
    digestFrequency: stored.digestFrequency,
    digestHour: stored.digestHour,
    timezone: stored.saved || !browserTimeZone ? stored.timezone : browserTimeZone,
  };
}

export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export function sameForm(a: PreferencesForm, b: PreferencesForm): boolean {
  return (
    a.digestFrequency === b.digestFrequency &&
    a.digestHour === b.digestHour &&
    a.timezone === b.timezone &&
    a.emailEvents.length === b.emailEvents.length &&
    a.emailEvents.every((e) => b.emailEvents.includes(e))
  );
}
