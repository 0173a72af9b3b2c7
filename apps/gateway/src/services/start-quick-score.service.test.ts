import { describe, expect, it } from 'vitest';
import { formatWait, waitSeconds } from './start-quick-score.service';

const HOUR = 3600_000;

describe('the wait in a RATE_LIMITED reply', () => {
  it.each([
    [30, '30 seconds'],
    [89, '89 seconds'],
    [90, '2 minutes'],
    [3540, '59 minutes'],
    [3541, '1 hour'],
    [3600, '1 hour'],
    [3601, '2 hours'],
    [86_400, '24 hours'],
  ])('%d s reads "%s"', (seconds, text) => {
    expect(formatWait(seconds)).toBe(text);
  });

  it('never exceeds the window, even when the database clock runs ahead', () => {
    const now = Date.now();
    expect(waitSeconds(new Date(now + 5_000), HOUR, now)).toBe(3600);
    expect(formatWait(waitSeconds(new Date(now + 5_000), HOUR, now))).toBe('1 hour');
    expect(waitSeconds(new Date(now - HOUR + 500), HOUR, now)).toBe(1);
    expect(waitSeconds(null, HOUR, now)).toBe(3600);
  });
});
