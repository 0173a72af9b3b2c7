import { describe, expect, it } from 'vitest';
import {
  placeChoices,
  placeFilterFields,
  placeSentence,
  readPlace,
  showPlaceFilter,
  writePlace,
} from './placeFilter';

const de = { country: 'DE', countryName: 'Germany', language: 'de', languageName: 'German' };
const deEn = { country: 'DE', countryName: 'Germany', language: 'en', languageName: 'English' };
const none = { country: null, countryName: null, language: 'fr', languageName: 'French' };

describe('place filter', () => {
  it('choices are the distinct countries and languages by name', () => {
    expect(placeChoices([de, deEn, none, de])).toEqual({
      countries: [{ value: 'DE', label: 'Germany' }],
      languages: [
        { value: 'en', label: 'English' },
        { value: 'fr', label: 'French' },
        { value: 'de', label: 'German' },
      ],
    });
  });

  it.each([
    [[de], { country: null, language: null }, false],
    [[de, deEn], { country: null, language: null }, true],
    [[de], { country: 'DE', language: null }, true],
    [[], { country: null, language: 'de' }, true],
  ])('shown for %j with %j: %s', (places, value, shown) => {
    expect(showPlaceFilter(placeChoices(places), value)).toBe(shown);
  });

  it('reads and writes the URL, ignoring junk', () => {
    expect(readPlace(new URLSearchParams('country=de&language=DE'))).toEqual({
      country: 'DE',
      language: 'de',
    });
    expect(readPlace(new URLSearchParams('country=Germany&language=x'))).toEqual({
      country: null,
      language: null,
    });
    const written = writePlace(new URLSearchParams('range=7&country=FR'), {
      country: null,
      language: 'de',
    });
    expect(written.toString()).toBe('range=7&language=de');
  });

  it('filter fields only when set; the sentence names them', () => {
    expect(placeFilterFields({ country: null, language: null })).toEqual({});
    expect(placeFilterFields({ country: 'DE', language: 'de' })).toEqual({
      country: 'DE',
      language: 'de',
    });
    const choices = placeChoices([de, deEn]);
    expect(placeSentence({ country: 'DE', language: 'de' }, choices)).toBe(
      'asked for Germany in German',
    );
    expect(placeSentence({ country: null, language: 'de' }, choices)).toBe('asked in German');
    expect(placeSentence({ country: null, language: null }, choices)).toBe('');
  });
});
