import { describe, expect, it } from 'vitest';
import {
  defaultPreferences,
  emailWants,
  isUnsubscribeKind,
  NotificationPreferencesInputSchema,
  unsubscribed,
} from './preferences';

describe('notification preferences', () => {
  it('default to failures by email and the weekly digest', () => {
    expect(defaultPreferences('Europe/Berlin')).toEqual({
      emailEvents: ['run.failed', 'publish.failed', 'ingestion.failed', 'webhook.disabled'],
      digestFrequency: 'WEEKLY',
      digestHour: 8,
      timezone: 'Europe/Berlin',
    });
  });

  it.each([
    ['run.failed', true],
    ['publish.failed', true],
    ['score.moved', false],
    ['test.ping', false],
  ])('by default, %s by email: %s', (type, want) => {
    expect(emailWants(defaultPreferences(), type)).toBe(want);
  });

  it.each([
    [
      'run.failed',
      {
        emailEvents: ['publish.failed', 'ingestion.failed', 'webhook.disabled'],
        digestFrequency: 'WEEKLY',
      },
    ],
    [
      'digest',
      {
        emailEvents: ['run.failed', 'publish.failed', 'ingestion.failed', 'webhook.disabled'],
        digestFrequency: 'OFF',
      },
    ],
    [
      'score.moved',
      {
        emailEvents: ['run.failed', 'publish.failed', 'ingestion.failed', 'webhook.disabled'],
        digestFrequency: 'WEEKLY',
      },
    ],
  ])('unsubscribing from %s', (kind, expected) => {
    expect(unsubscribed(defaultPreferences(), kind)).toMatchObject(expected);
  });

  it.each([
    ['digest', true],
    ['run.failed', true],
    ['budget.reached', true],
    ['test.ping', false],
    ['everything', false],
  ])('%s is a kind one can unsubscribe from: %s', (kind, ok) => {
    expect(isUnsubscribeKind(kind)).toBe(ok);
  });

  it.each([
    [{ emailEvents: ['nope'] }, 'Choose events from the list.'],
    [{ digestFrequency: 'HOURLY' }, 'Choose off, daily or weekly.'],
    [{ digestHour: 24 }, 'Choose an hour from 0 to 23.'],
    [{ digestHour: 7.5 }, 'Choose an hour from 0 to 23.'],
    [{ timezone: 'Mars/Olympus' }, 'Choose a time zone such as Europe/Berlin or UTC.'],
  ])('refuses %o with a clear message', (change, message) => {
    const result = NotificationPreferencesInputSchema.safeParse({
      ...defaultPreferences(),
      ...change,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('keeps each event once', () => {
    const parsed = NotificationPreferencesInputSchema.parse({
      ...defaultPreferences(),
      emailEvents: ['run.failed', 'run.failed', 'score.moved'],
    });
    expect(parsed.emailEvents).toEqual(['run.failed', 'score.moved']);
  });
});
