import { countryCode } from '@lumen/domain/places/place';

// Where and in which language a results page is asked for (docs/engines.md, "Answer pages"):
// SerpApi's `location` (a canonical place name), `gl` (Google's country code) and `hl` (the
// interface language), from a brand's country and language. A country Lumen cannot name as a
// country is left out rather than guessed.

export type SerpLocation = { location?: string; gl?: string; hl?: string };

const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });

/** Google's country codes are ISO 3166 codes in lower case, except the United Kingdom's. */
function glOf(code: string): string {
  return code === 'GB' ? 'uk' : code.toLowerCase();
}

/** `hl`: the language's primary subtag; Chinese keeps its script region (zh-cn, zh-tw). */
export function hlOf(language: string | null | undefined): string | undefined {
  const tag = language?.trim().toLowerCase();
  if (!tag || !/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/.test(tag)) return undefined;
  const [primary, region] = tag.split('-');
  if (primary === 'zh' && (region === 'tw' || region === 'hk')) return 'zh-tw';
  if (primary === 'zh') return 'zh-cn';
  return primary;
}

export function serpLocation(
  country: string | null | undefined,
  language: string | null | undefined,
): SerpLocation {
  const code = countryCode(country);
  const hl = hlOf(language);
  return {
    ...(code ? { location: REGIONS.of(code), gl: glOf(code) } : {}),
    ...(hl ? { hl } : {}),
  };
}
