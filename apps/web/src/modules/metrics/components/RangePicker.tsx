import { type FormEvent, useId, useState } from 'react';
import { buttonClass } from '../../../ui/button';
import { customRangeError, MAX_CUSTOM_DAYS, type RangeChoice } from '../utils/dateRange';
import { dayLabel, RANGES } from '../utils/metricsView';

/**
 * The range switch of the numbers pages: 7 / 30 / 90 days or a custom from–to (radio buttons
 * styled as a segmented control; the custom days are checked before they apply).
 */
export function RangePicker({
  name,
  value,
  current,
  today,
  onChange,
}: {
  /** The radio group's name; unique per page. */
  name: string;
  value: RangeChoice;
  /** The range on screen: the custom form starts from it. */
  current: { from: string; to: string };
  /** The latest day one may pick (the brand's today). */
  today: string;
  onChange: (value: RangeChoice) => void;
}) {
  const [editing, setEditing] = useState(false);
  const custom = value.kind === 'custom';
  return (
    <div className="flex flex-col gap-2">
      <fieldset className="flex w-fit max-w-full flex-wrap rounded-lg border border-border bg-surface p-0.5">
        <legend className="sr-only">Date range</legend>
        {RANGES.map((n) => (
          <Segment
            key={n}
            name={name}
            checked={value.kind === 'preset' && value.days === n && !editing}
            onSelect={() => {
              setEditing(false);
              onChange({ kind: 'preset', days: n });
            }}
          >
            {n} days
          </Segment>
        ))}
        <Segment
          name={name}
          checked={custom || editing}
          onSelect={() => setEditing(true)}
          onClickChecked={() => setEditing((v) => !v)}
        >
          {custom && !editing ? `${dayLabel(value.from)} – ${dayLabel(value.to)}` : 'Custom'}
        </Segment>
      </fieldset>
      {editing ? (
        <CustomRangeForm
          initial={current}
          today={today}
          onCancel={() => setEditing(false)}
          onApply={(from, to) => {
            setEditing(false);
            onChange({ kind: 'custom', from, to });
          }}
        />
      ) : null}
    </div>
  );
}

function Segment({
  name,
  checked,
  onSelect,
  onClickChecked,
  children,
}: {
  name: string;
  checked: boolean;
  onSelect: () => void;
  onClickChecked?: () => void;
  children: React.ReactNode;
}) {
  return (
    <label
      className={`cursor-pointer whitespace-nowrap rounded-md px-2.5 py-1 text-xs font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent ${checked ? 'bg-surface-3 text-fg' : 'text-muted hover:text-fg'}`}
    >
      <input
        type="radio"
        name={name}
        className="sr-only"
        checked={checked}
        onChange={onSelect}
        onClick={checked ? onClickChecked : undefined}
      />
      {children}
    </label>
  );
}

function CustomRangeForm({
  initial,
  today,
  onApply,
  onCancel,
}: {
  initial: { from: string; to: string };
  today: string;
  onApply: (from: string, to: string) => void;
  onCancel: () => void;
}) {
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = customRangeError(from, to, today);
    setError(problem);
    if (!problem) onApply(from, to);
  };
  const input =
    'h-8 rounded-md border border-border bg-surface px-2 text-sm text-fg aria-[invalid=true]:border-danger';
  return (
    <form
      onSubmit={submit}
      aria-label="Custom date range"
      className="flex flex-wrap items-end gap-2 rounded-lg border border-border bg-surface p-2"
      noValidate
    >
      <label className="flex flex-col gap-1 text-xs text-muted">
        From
        <input
          type="date"
          className={input}
          value={from}
          max={today}
          aria-invalid={error !== null}
          aria-describedby={`${id}-hint ${id}-error`}
          onChange={(e) => setFrom(e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1 text-xs text-muted">
        To
        <input
          type="date"
          className={input}
          value={to}
          max={today}
          aria-invalid={error !== null}
          aria-describedby={`${id}-hint ${id}-error`}
          onChange={(e) => setTo(e.target.value)}
        />
      </label>
      <button type="submit" className={buttonClass.primary}>
        Apply
      </button>
      <button type="button" className={buttonClass.ghost} onClick={onCancel}>
        Cancel
      </button>
      <p id={`${id}-hint`} className="basis-full text-xs text-subtle">
        Up to {MAX_CUSTOM_DAYS} days, ending today at the latest; compared with the same number of
        days before.
      </p>
      <p id={`${id}-error`} role="alert" className="basis-full text-xs text-danger empty:hidden">
        {error ?? ''}
      </p>
    </form>
  );
}
