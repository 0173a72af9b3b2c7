import { countryCode } from '@lumen/domain/places/place';
import { describe, expect, it } from 'vitest';
import { hlOf, serpLocation } from './serp-location';

describe('SerpApi location from a brand’s country and language', () => {
  it.each([
    ['DE', 'de', { location: 'Germany', gl: 'de', hl: 'de' }],
    ['germany', 'de-AT', { location: 'Germany', gl: 'de', hl: 'de' }],
    ['United Kingdom', 'en-GB', { location: 'United Kingdom', gl: 'uk', hl: 'en' }],
    ['UK', 'en', { location: 'United Kingdom', gl: 'uk', hl: 'en' }],
    ['USA', 'en', { location: 'United States', gl: 'us', hl: 'en' }],
    ['TW', 'zh-TW', { location: 'Taiwan', gl: 'tw', hl: 'zh-tw' }],
    [null, 'pt-BR', { hl: 'pt' }],
    // Not a country Lumen can name: left out, never guessed.
    ['Bavaria', 'de', { hl: 'de' }],
    ['ZZ', 'en', { hl: 'en' }],
  ])('%s, %s', (country, language, expected) => {
    expect(serpLocation(country, language)).toEqual(expected);
  });

  it('codes and languages', () => {
    expect(countryCode(' fr ')).toBe('FR');
    expect(countryCode('')).toBeUndefined();
    expect(hlOf('not a tag')).toBeUndefined();
  });
});
