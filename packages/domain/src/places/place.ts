import { z } from 'zod';

// Where and in which language an answer is asked for (docs/brands.md, "Country and language"):
// a brand's country and language, which a single prompt may override. Answers store the place
// they were asked for, as an ISO 3166 country code and a language's primary subtag, so the
// metrics can be read per country and per language.

const REGIONS = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const LANGUAGES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** Codes Intl names that are not countries: groupings and ISO's user-assigned ranges. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'ZZ', 'AA']);

function isCountryCode(code: string): boolean {
  if (NOT_COUNTRIES.has(code) || /^(Q[M-Z]|X[A-Z])$/.test(code)) return false;
  const name = REGIONS.of(code);
  return name !== undefined && name !== code && name !== 'Unknown Region';
}

let byName: Map<string, string> | undefined;

/** Every two-letter country Intl can name, by its English name in lower case. */
function countriesByName(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (code !== 'UK' && isCountryCode(code)) {
        byName.set((REGIONS.of(code) as string).toLowerCase(), code);
      }
    }
  }
  byName.set('uk', 'GB');
  byName.set('usa', 'US');
  byName.set('united states of america', 'US');
  return byName;
}

/**
 * A country as stored on a brand ("DE", "de", "Germany", "UK") → its ISO code, or undefined when
 * it cannot be read as one country (a region, a typo): never guessed. "UK" reads as GB.
 */
export function countryCode(country: string | null | undefined): string | undefined {
  const text = country?.trim();
  if (!text) return undefined;
  if (/^[A-Za-z]{2}$/.test(text)) {
    const code = text.toUpperCase() === 'UK' ? 'GB' : text.toUpperCase();
    return isCountryCode(code) ? code : undefined;
  }
  return countriesByName().get(text.toLowerCase());
}

/** A country code's English name ("DE" → "Germany"), or the code itself when unknown. */
export function countryName(code: string): string {
  return REGIONS.of(code) ?? code;
}

/** A language tag's primary subtag in lower case ("de-AT" → "de"), or undefined. */
export function languageCode(tag: string | null | undefined): string | undefined {
  const text = tag?.trim().toLowerCase();
  if (!text || !/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/.test(text)) return undefined;
  const primary = text.split('-')[0] as string;
  return LANGUAGES.of(primary) ? primary : undefined;
}

/** A language code's English name ("de" → "German"), or the code itself when unknown. */
export function languageName(code: string): string {
  return LANGUAGES.of(code) ?? code;
}

/** A per-prompt country: an ISO 3166 code ("DE"; "UK" reads as GB), or null to inherit. */
export const CountryCodeSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const code = /^[A-Za-z]{2}$/.test(value) ? countryCode(value) : undefined;
    if (!code) {
      ctx.addIssue({
        code: 'custom',
        message: `Unknown country code "${value}": use a two-letter ISO 3166 code such as DE or US.`,
      });
      return z.NEVER;
    }
    return code;
  });

/** A per-prompt language: a language code ("de", "pt-BR") that names a known language. */
export const LanguageTagSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(value) || !languageCode(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `Unsupported language "${value}": use a language code such as en, de or pt-BR.`,
      });
      return z.NEVER;
    }
    const [primary, region] = value.split('-');
    return region
      ? `${(primary as string).toLowerCase()}-${region.length === 2 ? region.toUpperCase() : region}`
      : (primary as string).toLowerCase();
  });

/**
 * A prompt's own place: `undefined` leaves it as it is (an update that does not name it), null
 * inherits the brand's, a value overrides it.
 */
export const PromptPlaceSchema = z.object({
  country: CountryCodeSchema.nullish(),
  language: LanguageTagSchema.nullish(),
});

export type Place = {
  /** The ISO code, or null when the place has no country Lumen can read. */
  country: string | null;
  /** The language tag the prompt is asked in ("de-AT"). */
  language: string;
};

/**
 * The place a prompt is asked for: its own country and language where set, else its brand's.
 * The brand's country may be an English name; the place carries its ISO code.
 */
export function effectivePlace(
  prompt: { country: string | null; language: string | null },
  brand: { country: string | null; language: string },
): Place {
  return {
    country: countryCode(prompt.country ?? brand.country) ?? null,
    language: prompt.language ?? brand.language,
  };
}

/** What an answer stores and the metrics filter by: the ISO code and the primary subtag. */
export function storedPlace(place: Place): { country: string | null; language: string } {
  return { country: place.country, language: languageCode(place.language) ?? 'en' };
}

/** True for an English language tag ("en", "en-GB"). */
export function isEnglish(tag: string): boolean {
  return tag.trim().toLowerCase().split(/[-_]/)[0] === 'en';
}

/** Every country a prompt may name, by English name (the pickers' list). */
export function countryOptions(): { code: string; name: string }[] {
  return [...countriesByName().entries()]
    .filter(([name, code]) => name === (REGIONS.of(code) as string).toLowerCase())
    .map(([, code]) => ({ code, name: REGIONS.of(code) as string }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The languages the pickers offer, by English name: those Lumen writes prompts in first among
 * the widely used ones; any other language code is accepted through the API.
 */
export function languageOptions(): { code: string; name: string }[] {
  return [
    'ar',
    'cs',
    'da',
    'de',
    'el',
    'en',
    'es',
    'fi',
    'fr',
    'he',
    'hi',
    'hu',
    'id',
    'it',
    'ja',
    'ko',
    'nl',
    'no',
    'pl',
    'pt',
    'ro',
    'ru',
    'sv',
    'th',
    'tr',
    'uk',
    'vi',
    'zh',
  ]
    .map((code) => ({ code, name: languageName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
