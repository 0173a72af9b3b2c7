import { describe, expect, it } from 'vitest';
import {
  describeSentiment,
  formatDate,
  formatInterval,
  formatPercent,
  formatRank,
  formatWait,
} from './format';

describe('formatPercent', () => {
  it.each([
    [0, '0 %'],
    [0.4, '40 %'],
    [0.125, '13 %'],
    [1, '100 %'],
    [1.2, '100 %'],
    [-0.1, '0 %'],
    [Number.NaN, '—'],
  ])('%s → %s', (rate, expected) => {
    expect(formatPercent(rate)).toBe(expected);
  });

  it('keeps decimals when asked', () => {
    expect(formatPercent(0.1234, 1)).toBe('12.3 %');
  });
});

describe('formatInterval', () => {
  it.each([
    [0, 0.278, '0–28 %'],
    [0.312, 0.541, '31–54 %'],
    [0.72, 1, '72–100 %'],
    [Number.NaN, 0.5, '—'],
  ])('[%s, %s] → %s', (low, high, expected) => {
    expect(formatInterval(low, high)).toBe(expected);
  });
});

describe('formatRank', () => {
  it.each([
    [null, 'Not ranked'],
    [1, '#1'],
    [1.45, '#1.4'],
    [2.96, '#3'],
  ])('%s → %s', (rank, expected) => {
    expect(formatRank(rank)).toBe(expected);
  });
});

describe('describeSentiment', () => {
  it.each([
    [null, '—', 'No mentions'],
    [50, '50', 'Neutral'],
    [52, '52', 'Neutral'],
    [53, '53', 'Positive'],
    [47, '47', 'Negative'],
    [88.6, '89', 'Positive'],
  ])('%s → %s %s', (sentiment, value, label) => {
    expect(describeSentiment(sentiment)).toEqual({ value, label });
  });

  it('says "not scored" when the brand was named in a language without a lexicon', () => {
    expect(describeSentiment(null, true)).toEqual({ value: '—', label: 'Not scored' });
    expect(describeSentiment(61, true)).toEqual({ value: '61', label: 'Positive' });
  });
});

describe('formatWait', () => {
  it.each([
    [0, '1 second'],
    [1, '1 second'],
    [42, '42 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [3599, '1 hour'],
    [3601, '2 hours'],
  ])('%s s → %s', (seconds, expected) => {
    expect(formatWait(seconds)).toBe(expected);
  });
});

describe('formatDate', () => {
  it('formats an ISO date and refuses garbage', () => {
    expect(formatDate('2026-11-21T20:00:00.000Z', 'en-GB')).toBe('21 Nov 2026');
    expect(formatDate('not a date', 'en-GB')).toBe('');
  });
});
