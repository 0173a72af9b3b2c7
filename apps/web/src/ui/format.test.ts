import { describe, expect, it } from 'vitest';
import {
  costText,
  formatCount,
  formatDate,
  formatDay,
  formatDuration,
  formatMoment,
  formatShortMoment,
  formatWait,
  latency,
  percent,
  percentRange,
  plural,
  rankText,
  sentimentWord,
  signed,
  timeAgo,
  usd,
} from './format';

const NBSP = '\u00a0';

describe('numbers', () => {
  it.each([
    [1, 'keyword', undefined, '1 keyword'],
    [0, 'keyword', undefined, '0 keywords'],
    [3, 'query', 'queries', '3 queries'],
  ])('plural(%s, %s, %s) → %s', (n, one, many, expected) => {
    expect(plural(n, one, many)).toBe(expected);
  });

  it.each([
    [0, `0${NBSP}%`],
    [0.4, `40${NBSP}%`],
    [0.125, `13${NBSP}%`],
    [0.55, `55${NBSP}%`],
    [1, `100${NBSP}%`],
    [1.2, `100${NBSP}%`],
    [-0.1, `0${NBSP}%`],
    [Number.NaN, '—'],
  ])('percent(%s) → %s', (rate, expected) => {
    expect(percent(rate)).toBe(expected);
  });

  it('keeps decimals when asked', () => {
    expect(percent(0.1234, 1)).toBe(`12.3${NBSP}%`);
  });

  it.each([
    [0, 0.278, `0–28${NBSP}%`],
    [0.312, 0.541, `31–54${NBSP}%`],
    [0.3421, 0.7418, `34–74${NBSP}%`],
    [0.72, 1, `72–100${NBSP}%`],
    [Number.NaN, 0.5, '—'],
  ])('percentRange(%s, %s) → %s', (low, high, expected) => {
    expect(percentRange({ low, high })).toBe(expected);
  });

  it.each([
    [null, undefined, 'not mentioned'],
    [undefined, undefined, 'not mentioned'],
    [null, 'Not ranked', 'Not ranked'],
    [1, undefined, '#1'],
    [2, undefined, '#2'],
    [1.45, undefined, '#1.4'],
    [1.5, undefined, '#1.5'],
    [16 / 11, undefined, '#1.5'],
    [2.96, undefined, '#3'],
  ])('rankText(%s, %s) → %s', (rank, none, expected) => {
    expect(rankText(rank, none)).toBe(expected);
  });

  it.each([
    [75, 'positive'],
    [53, 'positive'],
    [52.5, 'neutral'],
    [50, 'neutral'],
    [47.5, 'neutral'],
    [47, 'negative'],
  ] as const)('sentimentWord(%s) → %s', (score, word) => {
    expect(sentimentWord(score)).toBe(word);
  });

  it('signs changes and groups counts', () => {
    expect(signed(35, ' pts')).toBe('+35 pts');
    expect(signed(-10, ' pts')).toBe('−10 pts');
    expect(signed(0, ' pts')).toBe('±0 pts');
    expect(signed(3)).toBe('+3');
    expect(formatCount(12480)).toBe('12,480');
  });
});

describe('money', () => {
  it.each([
    [0, '$0.00'],
    [0.84, '$0.84'],
    [0.0031, '$0.0031'],
    [0.01, '$0.01'],
    [1250, '$1,250.00'],
    [-2.5, '−$2.50'],
  ])('usd(%s) → %s', (amount, expected) => {
    expect(usd(amount)).toBe(expected);
  });

  it('names the answers without a price beside the total', () => {
    expect(costText({ usd: 1.2, unpricedAnswers: 0 })).toBe('$1.20');
    expect(costText({ usd: 1.2, unpricedAnswers: 3 })).toBe('$1.20 + 3 answers without a price');
    expect(costText({ usd: 0, unpricedAnswers: 1 })).toBe('$0.00 + 1 answer without a price');
  });
});

describe('durations', () => {
  it.each([
    [0, '1 second'],
    [1, '1 second'],
    [42, '42 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [3599, '1 hour'],
    [3601, '2 hours'],
  ])('formatWait(%s s) → %s', (seconds, expected) => {
    expect(formatWait(seconds)).toBe(expected);
  });

  it.each([
    [null, '—'],
    [0.25, '15 min'],
    [5.4, '5 h'],
    [60, '2.5 days'],
    [24 * 12, '12 days'],
  ])('formatDuration(%s h) → %s', (hours, expected) => {
    expect(formatDuration(hours)).toBe(expected);
  });

  it.each([
    [850, '850 ms'],
    [2400, '2.4 s'],
  ])('latency(%s) → %s', (ms, expected) => {
    expect(latency(ms)).toBe(expected);
  });
});

describe('dates', () => {
  it('says how long ago', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(timeAgo('2026-01-10T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-01-10T11:55:00Z', now)).toBe('5 min ago');
    expect(timeAgo('2026-01-10T11:00:00Z', now)).toBe('1 h ago');
    expect(timeAgo('2026-01-08T12:00:00Z', now)).toBe('2 d ago');
    expect(timeAgo('2025-10-01T00:00:00Z', now, 'en-GB')).toBe('1 Oct 2025');
  });

  it('formats an ISO date and refuses garbage', () => {
    expect(formatDate('2026-11-21T20:00:00.000Z', 'en-GB')).toBe('21 Nov 2026');
    expect(formatDate('not a date', 'en-GB')).toBe('');
  });

  it('reads a calendar day in UTC, whatever the reader’s zone', () => {
    expect(formatDay('2026-11-21', 'en-GB')).toBe('21 Nov');
    expect(formatDay('2026-01-01', 'en-GB')).toBe('1 Jan');
  });

  it('writes a moment with the date and the time, no seconds', () => {
    expect(formatMoment('2026-11-21T14:05:09', 'en-GB')).toBe('21 Nov 2026, 14:05');
    expect(formatMoment(new Date('2026-11-21T14:05:09'), 'en-GB')).toBe('21 Nov 2026, 14:05');
    expect(formatMoment('soon', 'en-GB')).toBe('');
  });

  it('names the month in every date form, whatever the locale (no 11/21/2026, no ISO)', () => {
    const at = '2026-11-21T14:05:00';
    for (const locale of ['en-US', 'de-DE', 'fr-FR']) {
      for (const text of [
        formatDate(at, locale),
        formatMoment(at, locale),
        formatShortMoment(at, locale),
        formatDay('2026-11-21', locale),
        timeAgo(at, Date.parse('2027-06-01T00:00:00Z'), locale),
      ]) {
        expect(text, `${locale}: ${text}`).toMatch(/\p{L}{3}/u);
        expect(text).not.toMatch(/\d+\/\d+|\d{4}-\d{2}/);
      }
    }
  });

  it('writes a recent moment for dense lists', () => {
    expect(formatShortMoment('2026-11-21T14:05:00', 'en-GB')).toBe('21 Nov, 14:05');
  });
});
