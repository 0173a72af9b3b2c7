import { describe, expect, it } from 'vitest';
import { citationsFromText, dedupeCitations } from './citations';
import { retryAfterMs } from './run-generation';

describe('citationsFromText', () => {
  it('keeps markdown links with their text, then bare URLs, once each', () => {
    const text =
      'See [the review](https://a.example/review), https://b.example/page. ' +
      'Also https://a.example/review/ and (https://c.example/x?y=1).';
    expect(citationsFromText(text)).toEqual([
      { url: 'https://a.example/review', title: 'the review' },
      { url: 'https://b.example/page' },
      { url: 'https://c.example/x?y=1' },
    ]);
  });

  it('dedupes ignoring fragments and trailing slashes', () => {
    expect(
      dedupeCitations([
        { url: 'https://a.example/x#top' },
        { url: 'https://a.example/x/' },
        { url: 'https://a.example/y' },
      ]),
    ).toEqual([{ url: 'https://a.example/x#top' }, { url: 'https://a.example/y' }]);
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each([
    [{ 'retry-after': '12' }, 12_000],
    [{ 'Retry-After': '0.5' }, 500],
    [{ 'retry-after-ms': '250', 'retry-after': '9' }, 250],
    [{ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }, 30_000],
    [{ 'retry-after': 'soon' }, undefined],
    [{}, undefined],
  ])('%o → %s', (headers, expected) => {
    expect(retryAfterMs(headers, now)).toBe(expected);
  });
});
