import { describe, expect, it } from 'vitest';
import { brandCron, brandSchedulerId } from './brand-schedule';

describe('brandCron', () => {
  it.each([
    [{ cadence: 'DAILY', hour: 6, weekday: null }, '0 6 * * *'],
    [{ cadence: 'DAILY', hour: 0, weekday: 3 }, '0 0 * * *'],
    [{ cadence: 'WEEKLY', hour: 23, weekday: 0 }, '0 23 * * 0'],
    [{ cadence: 'WEEKLY', hour: 9, weekday: null }, '0 9 * * 1'],
    [{ cadence: 'MANUAL', hour: 9, weekday: null }, null],
  ] as const)('%j → %s', (schedule, pattern) => {
    expect(brandCron({ ...schedule, timezone: 'Europe/Berlin' })).toBe(pattern);
  });

  it('one scheduler id per brand', () => {
    expect(brandSchedulerId('b1')).toBe('brand-schedule:b1');
  });
});
