import { describe, expect, it } from 'vitest';
import { initialForm, sameForm } from './preferencesView';

const stored = {
  emailEvents: ['run.failed'],
  digestFrequency: 'WEEKLY' as const,
  digestHour: 8,
  timezone: 'UTC',
  saved: false,
};

describe('initialForm', () => {
  it.each([
    ['defaults take the browser’s zone', stored, 'Europe/Berlin', 'Europe/Berlin'],
    ['saved preferences keep theirs', { ...stored, saved: true }, 'Europe/Berlin', 'UTC'],
    ['no browser zone: the stored one', stored, null, 'UTC'],
  ])('%s', (_what, from, browser, zone) => {
    expect(initialForm(from, browser).timezone).toBe(zone);
  });
});

describe('sameForm', () => {
  it.each([
    [{ ...stored, emailEvents: ['a', 'b'] }, { ...stored, emailEvents: ['b', 'a'] }, true],
    [{ ...stored, emailEvents: ['a'] }, { ...stored, emailEvents: ['a', 'b'] }, false],
    [stored, { ...stored, digestHour: 9 }, false],
  ])('%o vs %o: %s', (a, b, same) => {
    expect(sameForm(a, b)).toBe(same);
  });
});
