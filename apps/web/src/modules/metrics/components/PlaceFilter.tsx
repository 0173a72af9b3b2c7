import type { PlaceChoices, PlaceValue } from '../utils/placeFilter';

const selectClass =
  'h-9 max-w-[12rem] rounded-md border border-border bg-surface px-2 text-sm text-fg';

/**
 * Country and language pickers of a numbers page: "All countries" / "All languages" or one of
 * the places the brand is measured in. A value not among the choices (a link) stays listed.
 */
export function PlaceFilter({
  choices,
  value,
  onChange,
}: {
  choices: PlaceChoices;
  value: PlaceValue;
  onChange: (next: PlaceValue) => void;
}) {
  const withValue = (list: PlaceChoices['countries'], v: string | null) =>
    v && !list.some((o) => o.value === v) ? [...list, { value: v, label: v }] : list;
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Country and language</legend>
      <select
        aria-label="Country"
        className={selectClass}
        value={value.country ?? ''}
        onChange={(e) => onChange({ ...value, country: e.target.value || null })}
      >
        <option value="">All countries</option>
        {withValue(choices.countries, value.country).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <select
        aria-label="Language"
        className={selectClass}
        value={value.language ?? ''}
        onChange={(e) => onChange({ ...value, language: e.target.value || null })}
      >
        <option value="">All languages</option>
        {withValue(choices.languages, value.language).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </fieldset>
  );
}
