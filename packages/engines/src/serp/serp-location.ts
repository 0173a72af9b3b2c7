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

let byName: Map<string, string> | undefined;

/** Every two-letter region Intl can name, by its English name in lower case. */
function regionsByName(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      let name: string | undefined;
      try {
        name = REGIONS.of(code);
      } catch {
        name = undefined;
      }
      if (name && name !== code && name !== 'Unknown Region') byName.set(name.toLowerCase(), code);
    }
  }
  // Intl names the reserved code UK "United Kingdom" too, after GB; the ISO code is GB.
  byName.set('united kingdom', 'GB');
  byName.set('uk', 'GB');
  byName.set('usa', 'US');
  byName.set('united states of america', 'US');
  return byName;
}

/** A country as stored on a brand ("DE", "de", "Germany") → its ISO code, or undefined. */
export function countryCode(country: string | null | undefined): string | undefined {
  const text = country?.trim();
  if (!text) return undefined;
  if (/^[A-Za-z]{2}$/.test(text)) {
    const code = text.toUpperCase() === 'UK' ? 'GB' : text.toUpperCase();
    const name = REGIONS.of(code);
    return name && name !== code && name !== 'Unknown Region' ? code : undefined;
  }
  return regionsByName().get(text.toLowerCase());
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
