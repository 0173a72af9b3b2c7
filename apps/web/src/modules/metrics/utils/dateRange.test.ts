import { describe, expect, it } from 'vitest';
import {
  customRangeError,
  MAX_CUSTOM_DAYS,
  readRange,
  resolveRange,
  writeRange,
} from './dateRange';

const TODAY = '2026-11-25';

describe('dateRange', () => {
  it('validates a custom range: both days, start ≤ end, not in the future, at most a year', () => {
    expect(customRangeError('2026-11-01', '2026-11-25', TODAY)).toBeNull();
    expect(customRangeError('2026-11-25', '2026-11-25', TODAY)).toBeNull();
    expect(customRangeError('', '2026-11-25', TODAY)).toBe('Pick both a start and an end day.');
    expect(customRangeError('2026-02-30', '2026-03-01', TODAY)).toBe(
      'Pick both a start and an end day.',
    );
    expect(customRangeError('2026-11-10', '2026-11-09', TODAY)).toBe(
      'The start comes after the end.',
    );
    expect(customRangeError('2026-11-20', '2026-11-26', TODAY)).toBe(
      'The end is in the future; pick today or earlier.',
    );
    // 366 days is the most: 2025-11-25 … 2026-11-25 is 366 days.
    expect(customRangeError('2025-11-25', TODAY, TODAY)).toBeNull();
    expect(customRangeError('2025-11-24', TODAY, TODAY)).toBe(
      `A range covers at most ${MAX_CUSTOM_DAYS} days.`,
    );
  });

  it('reads and writes the range in the URL; an invalid custom range reads as 30 days', () => {
    const custom = { kind: 'custom', from: '2026-10-01', to: '2026-10-31' } as const;
    const written = writeRange(new URLSearchParams('brand=b1'), custom);
    expect(written.toString()).toBe('brand=b1&range=custom&from=2026-10-01&to=2026-10-31');
    expect(readRange(written, TODAY)).toEqual(custom);
    const back = writeRange(written, { kind: 'preset', days: 7 });
    expect(back.toString()).toBe('brand=b1&range=7');
    expect(readRange(back, TODAY)).toEqual({ kind: 'preset', days: 7 });
    expect(
      readRange(new URLSearchParams('range=custom&from=2026-11-30&to=2026-12-01'), TODAY),
    ).toEqual({
      kind: 'preset',
      days: 30,
    });
    expect(readRange(new URLSearchParams(''), TODAY)).toEqual({ kind: 'preset', days: 30 });
  });

  it('resolves to the filter, its length and the trend interval', () => {
    const now = new Date('2026-11-24T23:30:00Z');
    expect(resolveRange({ kind: 'preset', days: 7 }, 'Europe/Berlin', now)).toEqual({
      filter: { from: '2026-11-19', to: '2026-11-25' },
      days: 7,
      interval: 'DAY',
      today: '2026-11-25',
    });
    expect(
      resolveRange({ kind: 'custom', from: '2026-10-01', to: '2026-10-31' }, 'UTC', now),
    ).toMatchObject({ days: 31, interval: 'DAY' });
    expect(
      resolveRange({ kind: 'custom', from: '2026-09-01', to: '2026-10-31' }, 'UTC', now),
    ).toMatchObject({ days: 61, interval: 'WEEK' });
  });
});
