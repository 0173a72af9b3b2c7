import { useQuery } from '@apollo/client/react';
import { inputClass } from '../../../ui/button';
import { ActivityFilterOptionsQuery } from '../graphql/activity';
import {
  type ActivityLevel,
  EMPTY_FILTER,
  KIND_GROUPS,
  type LogFilter,
} from '../utils/activityView';

const LEVELS: { value: ActivityLevel; label: string }[] = [
  { value: 'INFO', label: 'Info' },
  { value: 'WARNING', label: 'Warning' },
  { value: 'ERROR', label: 'Error' },
];

const labelClass = 'flex min-w-0 flex-col gap-1 text-xs font-medium text-muted';

/** Kind, level, person, brand and dates; each change reads the log again. */
export function ActivityFilters({
  value,
  onChange,
}: {
  value: LogFilter;
  onChange: (next: LogFilter) => void;
}) {
  const { data } = useQuery(ActivityFilterOptionsQuery);
  const set = (patch: Partial<LogFilter>) => onChange({ ...value, ...patch });
  const active = JSON.stringify(value) !== JSON.stringify(EMPTY_FILTER);
  return (
    <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      <legend className="sr-only">Filter the log</legend>
      <label className={labelClass}>
        Kind
        <select
          className={inputClass}
          value={value.kind}
          onChange={(e) => set({ kind: e.target.value })}
        >
          <option value="">All kinds</option>
          {KIND_GROUPS.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.kinds.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <label className={labelClass}>
        Level
        <select
          className={inputClass}
          value={value.level}
          onChange={(e) => set({ level: e.target.value as LogFilter['level'] })}
        >
          <option value="">All levels</option>
          {LEVELS.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </select>
      </label>
      <label className={labelClass}>
        Person
        <select
          className={inputClass}
          value={value.actorId}
          onChange={(e) => set({ actorId: e.target.value })}
        >
          <option value="">Everyone</option>
          {(data?.activityActors ?? []).map((a) =>
            a.id ? (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ) : null,
          )}
        </select>
      </label>
      <label className={labelClass}>
        Brand
        <select
          className={inputClass}
          value={value.brandId}
          onChange={(e) => set({ brandId: e.target.value })}
        >
          <option value="">All brands</option>
          {(data?.brands ?? []).map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </label>
      <label className={labelClass}>
        From
        <input
          type="date"
          className={inputClass}
          value={value.from}
          max={value.to || undefined}
          onChange={(e) => set({ from: e.target.value })}
        />
      </label>
      <label className={labelClass}>
        To
        <input
          type="date"
          className={inputClass}
          value={value.to}
          min={value.from || undefined}
          onChange={(e) => set({ to: e.target.value })}
        />
      </label>
      {active ? (
        <div className="col-span-full">
          <button
            type="button"
            className="text-xs text-accent-text hover:underline"
            onClick={() => onChange(EMPTY_FILTER)}
          >
            Clear filters
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
