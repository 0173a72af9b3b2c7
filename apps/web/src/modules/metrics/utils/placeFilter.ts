// The country and language filter of the numbers pages (docs/metrics.md, "Country and
// language"): its choices from the places a brand (or every brand on the dashboard) is measured
// or asked in, its value in the URL (?country=DE&language=de), so a link shows what its sender saw.

type PlaceOption = { value: string; label: string };

export type PlaceChoices = { countries: PlaceOption[]; languages: PlaceOption[] };

type BrandPlace = {
  country?: string | null;
  countryName?: string | null;
  language: string;
  languageName: string;
};

/** The distinct countries and languages of `places`, by name; places without a country add none. */
export function placeChoices(places: readonly BrandPlace[]): PlaceChoices {
  const countries = new Map<string, string>();
  const languages = new Map<string, string>();
  for (const p of places) {
    if (p.country) countries.set(p.country, p.countryName ?? p.country);
    languages.set(p.language, p.languageName);
  }
  const sorted = (m: Map<string, string>) =>
    [...m.entries()]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label));
  return { countries: sorted(countries), languages: sorted(languages) };
}

export type PlaceValue = { country: string | null; language: string | null };

/**
 * Whether the page shows the filter: when there is a choice to make (more than one country or
 * language), or a value is set (a link from elsewhere), so it can be seen and cleared.
 */
export function showPlaceFilter(choices: PlaceChoices, value: PlaceValue): boolean {
  return (
    choices.countries.length > 1 ||
    choices.languages.length > 1 ||
    value.country !== null ||
    value.language !== null
  );
}

/** The place from the URL: a two-letter country in upper case, a language code in lower case. */
export function readPlace(params: URLSearchParams): PlaceValue {
  const country = params.get('country')?.trim().toUpperCase() ?? '';
  const language = params.get('language')?.trim().toLowerCase() ?? '';
  return {
    country: /^[A-Z]{2}$/.test(country) ? country : null,
    language: /^[a-z]{2,3}$/.test(language) ? language : null,
  };
}

export function writePlace(params: URLSearchParams, value: PlaceValue): URLSearchParams {
  const out = new URLSearchParams(params);
  for (const key of ['country', 'language'] as const) {
    const v = value[key];
    if (v) out.set(key, v);
    else out.delete(key);
  }
  return out;
}

/** The filter's fields for a MetricsFilter: absent when not set, so the query stays the same. */
export function placeFilterFields(value: PlaceValue): { country?: string; language?: string } {
  return {
    ...(value.country ? { country: value.country } : {}),
    ...(value.language ? { language: value.language } : {}),
  };
}

/** "asked for Germany in German" for the page's sentence; empty when no place is picked. */
export function placeSentence(value: PlaceValue, choices: PlaceChoices): string {
  const name = (list: PlaceOption[], v: string) => list.find((o) => o.value === v)?.label ?? v;
  const country = value.country ? `for ${name(choices.countries, value.country)}` : null;
  const language = value.language ? `in ${name(choices.languages, value.language)}` : null;
  return country || language ? `asked ${[country, language].filter(Boolean).join(' ')}` : '';
}
