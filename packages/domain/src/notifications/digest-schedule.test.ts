import { describe, expect, it } from 'vitest';
import {
  CHANNEL_DIGEST_SCHEDULE,
  type DigestSchedule,
  digestDue,
  hourStart,
} from './digest-schedule';

const daily = (digestHour: number, timezone: string): DigestSchedule => ({
  digestFrequency: 'DAILY',
  digestHour,
  timezone,
});
const at = (iso: string) => new Date(iso);

describe('digestDue', () => {
  it.each([
    // UTC+9 at 08:00 local is 23:00 UTC the day before.
    [
      'Tokyo 8 at 23:00 UTC the day before',
      daily(8, 'Asia/Tokyo'),
      '2026-11-27T23:00:00Z',
      'DAILY:2026-11-28',
    ],
    ['Tokyo 8 an hour early', daily(8, 'Asia/Tokyo'), '2026-11-27T22:00:00Z', null],
    ['Tokyo 8 an hour late', daily(8, 'Asia/Tokyo'), '2026-11-28T00:00:00Z', null],
    ['UTC 8 at 08:00', daily(8, 'UTC'), '2026-11-28T08:00:00Z', 'DAILY:2026-11-28'],
    ['UTC 0 at midnight', daily(0, 'UTC'), '2026-11-28T00:00:00Z', 'DAILY:2026-11-28'],
    [
      'New York 8 in winter (UTC−5)',
      daily(8, 'America/New_York'),
      '2026-11-28T13:00:00Z',
      'DAILY:2026-11-28',
    ],
    [
      'New York 8 in summer (UTC−4)',
      daily(8, 'America/New_York'),
      '2026-07-01T12:00:00Z',
      'DAILY:2026-07-01',
    ],
    // Spring forward: 02:00 does not exist on 2026-03-08 in New York; 03:00 EDT is 07:00 UTC.
    [
      'New York 2 on the skipped hour',
      daily(2, 'America/New_York'),
      '2026-03-08T07:00:00Z',
      'DAILY:2026-03-08',
    ],
    // Fall back: 01:00 happens twice on 2026-11-01 (05:00 and 06:00 UTC); only the first.
    [
      'New York 1, first 01:00',
      daily(1, 'America/New_York'),
      '2026-11-01T05:00:00Z',
      'DAILY:2026-11-01',
    ],
    ['New York 1, repeated 01:00', daily(1, 'America/New_York'), '2026-11-01T06:00:00Z', null],
    // Half-hour offset: 08:00 IST falls between sweeps; the first sweep after it sends.
    [
      'Kolkata 8 at 08:30 local',
      daily(8, 'Asia/Kolkata'),
      '2026-11-28T03:00:00Z',
      'DAILY:2026-11-28',
    ],
    ['Kolkata 8 at 07:30 local', daily(8, 'Asia/Kolkata'), '2026-11-28T02:00:00Z', null],
  ])('%s', (_name, schedule, iso, key) => {
    expect(digestDue(schedule, at(iso))?.key ?? null).toBe(key);
  });

  it('sends weekly digests on the local Monday only', () => {
    const weekly = { digestFrequency: 'WEEKLY', digestHour: 8, timezone: 'Asia/Tokyo' } as const;
    // Monday 2026-11-30 08:00 in Tokyo is Sunday 23:00 UTC.
    expect(digestDue(weekly, at('2026-11-29T23:00:00Z'))?.key).toBe('WEEKLY:2026-11-30');
    expect(digestDue(weekly, at('2026-11-30T23:00:00Z'))).toBeNull();
    expect(digestDue(CHANNEL_DIGEST_SCHEDULE, at('2026-11-30T08:00:00Z'))?.key).toBe(
      'WEEKLY:2026-11-30',
    );
  });

  it('covers the day or the week before the sweep', () => {
    const d = digestDue(daily(8, 'UTC'), at('2026-11-28T08:00:00Z'))!;
    expect([d.from.toISOString(), d.to.toISOString()]).toEqual([
      '2026-11-27T08:00:00.000Z',
      '2026-11-28T08:00:00.000Z',
    ]);
    const w = digestDue(CHANNEL_DIGEST_SCHEDULE, at('2026-11-30T08:00:00Z'))!;
    expect(w.from.toISOString()).toBe('2026-11-23T08:00:00.000Z');
  });

  it('never for OFF', () => {
    expect(
      digestDue(
        { digestFrequency: 'OFF', digestHour: 8, timezone: 'UTC' },
        at('2026-11-30T08:00:00Z'),
      ),
    ).toBeNull();
  });

  it('hourStart cuts to the hour', () => {
    expect(hourStart(at('2026-11-28T08:59:59.999Z')).toISOString()).toBe(
      '2026-11-28T08:00:00.000Z',
    );
  });
});
