import { describe, expect, it } from 'vitest';
import { MAX_RANGE_DAYS, MetricsFilterSchema, resolvePeriod } from './metrics-filter';
import { todayIn } from './periods';

const parse = (input: unknown) => MetricsFilterSchema.safeParse(input);
const messages = (input: unknown) => {
  const r = parse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('todayIn', () => {
  it('is the calendar day in the zone, UTC’s for an unknown zone', () => {
    const now = new Date('2026-11-24T23:30:00Z');
    expect(todayIn('UTC', now)).toBe('2026-11-24');
    expect(todayIn('Europe/Berlin', now)).toBe('2026-11-25');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-11-24');
    expect(todayIn('Not/AZone', now)).toBe('2026-11-24');
  });
});

describe('MetricsFilterSchema', () => {
  it('takes from and to, or lastDays, never both and never neither', () => {
    expect(messages({ from: '2026-11-01', to: '2026-11-07' })).toEqual([]);
    expect(messages({ lastDays: 7 })).toEqual([]);
    expect(messages({})).toContain('lastDays: Give either from and to, or lastDays.');
    expect(messages({ lastDays: 7, from: '2026-11-01', to: '2026-11-07' })).toContain(
      'lastDays: Give either from and to, or lastDays.',
    );
    expect(messages({ from: '2026-11-01' })).toContain('to: Give both from and to.');
  });

  it('bounds lastDays like a range', () => {
    expect(messages({ lastDays: 0 })).toEqual(['lastDays: lastDays is at least 1.']);
    expect(messages({ lastDays: MAX_RANGE_DAYS + 1 })).toEqual([
      `lastDays: A range covers at most ${MAX_RANGE_DAYS} days.`,
    ]);
    expect(messages({ lastDays: 2.5 })).toEqual([
      'lastDays: Give lastDays as a whole number of days.',
    ]);
  });

  it('keeps its checks on from and to', () => {
    expect(messages({ from: '2026-11-08', to: '2026-11-07' })).toEqual([
      'to: The end comes before the start.',
    ]);
    expect(messages({ from: '2025-01-01', to: '2026-11-07' })).toEqual([
      `from: A range covers at most ${MAX_RANGE_DAYS} days.`,
    ]);
  });
});

describe('resolvePeriod', () => {
  // 23:30 UTC is already the next day in Berlin: the hour in which a week picked in UTC left out
  // a Berlin brand's run of today.
  const now = new Date('2026-11-26T23:30:00Z');

  it('ends lastDays at the brand’s own today', () => {
    const f = MetricsFilterSchema.parse({ lastDays: 7 });
    expect(resolvePeriod(f, 'Europe/Berlin', now)).toMatchObject({
      from: '2026-11-21',
      to: '2026-11-27',
    });
    expect(resolvePeriod(f, 'America/Los_Angeles', now)).toMatchObject({
      from: '2026-11-20',
      to: '2026-11-26',
    });
  });

  it('leaves an explicit range as it is', () => {
    const f = MetricsFilterSchema.parse({ from: '2026-11-01', to: '2026-11-07', engines: ['x'] });
    expect(resolvePeriod(f, 'Europe/Berlin', now)).toEqual({
      from: '2026-11-01',
      to: '2026-11-07',
      engines: ['x'],
    });
  });
});
