import type { NotificationPreferences } from './preferences';

// When a person's digest is due (docs/notifications.md, "Digests"). An hourly job scheduler
// sweeps at each hour boundary of UTC and asks this rule for each person; the rule only reads
// clocks, so every worker process answers the same and the period key makes a second answer
// harmless.

export type DigestSchedule = Pick<
  NotificationPreferences,
  'digestFrequency' | 'digestHour' | 'timezone'
>;

export type DigestPeriod = {
  frequency: 'DAILY' | 'WEEKLY';
  /** `DAILY:2026-11-28` / `WEEKLY:2026-11-30`: the local day the digest is for. */
  key: string;
  /** The period the digest covers: the day or week before `to`. */
  from: Date;
  to: Date;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type LocalParts = { date: string; hour: number; weekday: string };

const formats = new Map<string, Intl.DateTimeFormat>();

function localParts(at: Date, timeZone: string): LocalParts {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour) % 24,
    weekday: parts.weekday ?? '',
  };
}

/** The hour boundary (UTC) at or before `at`: the instant a sweep stands for. */
export function hourStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR) * HOUR);
}

/**
 * The digest due at the sweep of `at` (an hour boundary), or null. Due at the first sweep of
 * the local day whose local hour has reached `digestHour`: the hour itself, or the next one
 * when daylight saving skips it (02:00 → 03:00), and only the first time when it repeats
 * (the autumn's second 01:00 is not a new day). A zone with a half-hour offset gets it at the
 * first sweep past the hour (08:30 in Asia/Kolkata for 8). Weekly digests go out on Mondays.
 */
export function digestDue(schedule: DigestSchedule, at: Date): DigestPeriod | null {
  if (schedule.digestFrequency === 'OFF') return null;
  const now = localParts(at, schedule.timezone);
  const before = localParts(new Date(at.getTime() - HOUR), schedule.timezone);
  const reached = now.hour >= schedule.digestHour;
  const firstTime = before.date !== now.date || before.hour < schedule.digestHour;
  if (!reached || !firstTime) return null;
  if (schedule.digestFrequency === 'WEEKLY' && now.weekday !== 'Mon') return null;
  const length = schedule.digestFrequency === 'DAILY' ? DAY : 7 * DAY;
  return {
    frequency: schedule.digestFrequency,
    key: `${schedule.digestFrequency}:${now.date}`,
    from: new Date(at.getTime() - length),
    to: at,
  };
}

/**
 * Slack channels and webhooks get one digest per workspace: the weekly one, due at the sweep of
 * Monday 08:00 UTC (a channel has no person's time zone).
 */
export const CHANNEL_DIGEST_SCHEDULE: DigestSchedule = {
  digestFrequency: 'WEEKLY',
  digestHour: 8,
  timezone: 'UTC',
};
