import { RANGES, type RangeDays } from '../utils/metricsView';

/** The 7 / 30 / 90 days switch of the numbers pages: radio buttons styled as a segmented control. */
export function RangePicker({
  name,
  days,
  onChange,
}: {
  /** The radio group's name; unique per page. */
  name: string;
  days: RangeDays;
  onChange: (days: RangeDays) => void;
}) {
  return (
    <fieldset className="flex rounded-lg border border-border bg-surface p-0.5">
      <legend className="sr-only">Date range</legend>
      {RANGES.map((n) => (
        <label
          key={n}
          className={`cursor-pointer rounded-md px-2.5 py-1 text-xs font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent ${n === days ? 'bg-surface-3 text-fg' : 'text-muted hover:text-fg'}`}
        >
          <input
            type="radio"
            name={name}
            className="sr-only"
            checked={n === days}
            onChange={() => onChange(n)}
          />
          {n} days
        </label>
      ))}
    </fieldset>
  );
}
