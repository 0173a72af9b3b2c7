import { describe, expect, it } from 'vitest';
import { parseUsageMonth } from './usage-month';

const now = new Date('2026-11-30T23:30:00Z');

describe('parseUsageMonth', () => {
  it.each([
    [undefined, '2026-11', '2026-11-01T00:00:00.000Z', '2026-12-01'],
    [null, '2026-11', '2026-11-01T00:00:00.000Z', '2026-12-01'],
    ['2026-12', '2026-12', '2026-12-01T00:00:00.000Z', '2027-01-01'],
    [' 2024-02 ', '2024-02', '2024-02-01T00:00:00.000Z', '2024-03-01'],
  ])('%s → %s (starts %s, resets %s)', (text, month, start, resetsOn) => {
    const parsed = parseUsageMonth(text, now);
    expect(parsed).toEqual({ month, start: new Date(start), resetsOn });
  });

  it('counts the month in UTC, whatever the hour', () => {
    expect(parseUsageMonth(undefined, new Date('2026-12-01T00:00:00Z'))?.month).toBe('2026-12');
  });

  it.each(['2026-13', '2026-00', '26-11', '2026-1', '1999-12', '2026-11-01', ''])(
    'refuses %j',
    (text) => {
      expect(parseUsageMonth(text, now)).toBeNull();
    },
  );
});
