import {
  countryCode,
  countryName,
  countryOptions,
  languageName,
  languageOptions,
} from '@lumen/domain/places/place';
import { useMemo } from 'react';

const selectClass =
  'h-8 max-w-[11rem] rounded-md border border-border bg-surface px-2 text-xs text-fg';

/** What a brand's place reads as in an "inherit" option: "Brand’s: Germany". */
function inherited(
  kind: 'country' | 'language',
  brand: { country: string | null; language: string },
) {
  if (kind === 'country') {
    const code = countryCode(brand.country);
    return `Brand’s: ${code ? countryName(code) : 'none'}`;
  }
  return `Brand’s: ${languageName(brand.language)}`;
}

/**
 * A prompt's own country and language, each either the brand's (empty value) or one picked
 * (docs/brands.md, "Country and language"). `onChange` gets null for "the brand's".
 */
export function PlaceSelects({
  subject,
  country,
  language,
  brand,
  disabled,
  onCountry,
  onLanguage,
}: {
  /** Names the prompt (or "New prompts") in the selects' labels. */
  subject: string;
  country: string | null;
  language: string | null;
  brand: { country: string | null; language: string };
  disabled?: boolean;
  onCountry: (code: string | null) => void;
  onLanguage: (code: string | null) => void;
}) {
  const countries = useMemo(countryOptions, []);
  const languages = useMemo(() => {
    const list = languageOptions();
    // A language set through the API or the brand that the short list lacks stays pickable.
    return language && !list.some((l) => l.code === language)
      ? [...list, { code: language, name: languageName(language) }]
      : list;
  }, [language]);
  return (
    <span className="flex flex-wrap gap-1.5">
      <select
        aria-label={`Country of ${subject}`}
        className={selectClass}
        value={country ?? ''}
        disabled={disabled}
        onChange={(e) => onCountry(e.target.value || null)}
      >
        <option value="">{inherited('country', brand)}</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
      <select
        aria-label={`Language of ${subject}`}
        className={selectClass}
        value={language ?? ''}
        disabled={disabled}
        onChange={(e) => onLanguage(e.target.value || null)}
      >
        <option value="">{inherited('language', brand)}</option>
        {languages.map((l) => (
          <option key={l.code} value={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </span>
  );
}
