import { describe, expect, it } from 'vitest';
import {
  countryCode,
  countryOptions,
  effectivePlace,
  languageCode,
  languageOptions,
  PromptPlaceSchema,
  storedPlace,
} from './place';

describe('countries', () => {
  it.each([
    ['DE', 'DE'],
    [' de ', 'DE'],
    ['Germany', 'DE'],
    ['UK', 'GB'],
    ['United Kingdom', 'GB'],
    ['USA', 'US'],
    ['Bavaria', undefined],
    ['EU', undefined],
    ['ZZ', undefined],
    ['XK', undefined],
    ['', undefined],
    [null, undefined],
  ])('%s → %s', (text, code) => {
    expect(countryCode(text)).toBe(code);
  });

  it('the picker lists each country once, by name', () => {
    const list = countryOptions();
    expect(new Set(list.map((c) => c.code)).size).toBe(list.length);
    expect(list).toContainEqual({ code: 'DE', name: 'Germany' });
    expect(list.find((c) => c.code === 'EU')).toBeUndefined();
    expect(list.length).toBeGreaterThan(200);
  });
});

describe('a prompt’s own place', () => {
  it('takes ISO codes and language codes, normalised', () => {
    expect(PromptPlaceSchema.parse({ country: 'de', language: 'PT-br' })).toEqual({
      country: 'DE',
      language: 'pt-BR',
    });
    expect(PromptPlaceSchema.parse({ country: 'uk', language: 'fr' })).toEqual({
      country: 'GB',
      language: 'fr',
    });
    // null inherits, undefined leaves as it is.
    expect(PromptPlaceSchema.parse({ country: null })).toEqual({ country: null });
  });

  it.each([
    [{ country: 'Germany' }, 'country', 'Unknown country code "Germany"'],
    [{ country: 'XX' }, 'country', 'Unknown country code "XX"'],
    [{ language: 'xx' }, 'language', 'Unsupported language "xx"'],
    [{ language: 'German' }, 'language', 'Unsupported language "German"'],
  ])('refuses %j with a message on %s', (input, path, message) => {
    const result = PromptPlaceSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([path]);
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it('inherits what it does not set from the brand', () => {
    const brand = { country: 'Germany', language: 'de-AT' };
    expect(effectivePlace({ country: null, language: null }, brand)).toEqual({
      country: 'DE',
      language: 'de-AT',
    });
    expect(effectivePlace({ country: 'FR', language: null }, brand)).toEqual({
      country: 'FR',
      language: 'de-AT',
    });
    expect(
      effectivePlace({ country: null, language: 'fr' }, { country: 'Bavaria', language: 'de' }),
    ).toEqual({ country: null, language: 'fr' });
    expect(storedPlace({ country: 'AT', language: 'de-AT' })).toEqual({
      country: 'AT',
      language: 'de',
    });
  });

  it('languages', () => {
    expect(languageCode('pt-BR')).toBe('pt');
    expect(languageCode('xx')).toBeUndefined();
    expect(languageOptions()).toContainEqual({ code: 'de', name: 'German' });
  });
});
