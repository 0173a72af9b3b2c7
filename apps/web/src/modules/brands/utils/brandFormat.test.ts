import { describe, expect, it } from 'vitest';
import { cadenceLabel, deletionSummary, timeAgo } from './brandFormat';

describe('brand formatting', () => {
  it.each([
    [{ cadence: 'DAILY', hour: 7, timezone: 'UTC' }, 'Daily 07:00'],
    [{ cadence: 'WEEKLY', hour: 18, weekday: 3, timezone: 'UTC' }, 'Weekly, Wed 18:00'],
    [{ cadence: 'MANUAL', hour: 0, timezone: 'UTC' }, 'Manual'],
  ])('%j → %s', (schedule, label) => {
    expect(cadenceLabel(schedule)).toBe(label);
  });
  it('says how long ago', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(timeAgo('2026-01-10T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-01-10T11:00:00Z', now)).toBe('1 h ago');
    expect(timeAgo('2026-01-08T12:00:00Z', now)).toBe('2 d ago');
    expect(timeAgo('2025-10-01T00:00:00Z', now)).toBe('2025-10-01');
  });
  it('names what a deletion takes with it', () => {
    expect(
      deletionSummary({ competitors: [1], keywords: [1, 2], promptCount: 10, latestRun: {} }),
    ).toBe('1 competitor, 2 keywords, 10 prompts and every run with its answers');
  });
});
