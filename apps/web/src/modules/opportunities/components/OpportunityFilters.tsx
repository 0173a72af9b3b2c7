import type {
  OpportunityFilterOptionsQuery,
  OpportunityStatus,
  OpportunityType,
} from '@lumen/schema/generated/graphql';
import { Search } from 'lucide-react';
import { inputClass } from '../../../ui/button';
import type { ListFilterState } from '../hooks/useListFilter';
import {
  OPEN_STATUSES,
  STATUS_LABEL,
  STATUS_ORDER,
  TYPE_LABEL,
  TYPE_ORDER,
} from '../utils/opportunityView';

const selectClass = `${inputClass.replace('w-full', 'w-auto')} max-w-[14rem] pr-8`;

/** Open, each status and All, each with its count; the pressed one is the current filter. */
export function StatusTabs({
  state,
  counts,
}: {
  state: ListFilterState;
  counts: ReadonlyMap<OpportunityStatus, number>;
}) {
  const { filter, setFilter } = state;
  const everything = [...counts.values()].reduce((a, b) => a + b, 0);
  const tab = (label: string, statuses: OpportunityStatus[], count: number) => {
    const active =
      statuses.length === filter.status.length && statuses.every((s) => filter.status.includes(s));
    return (
      <button
        key={label}
        type="button"
        aria-pressed={active}
        onClick={() => setFilter({ status: statuses })}
        className={`inline-flex items-center gap-1.5 rounded-md px-2.5 py-1 text-sm ${active ? 'bg-surface-3 text-fg' : 'text-muted hover:bg-surface-2 hover:text-fg'}`}
      >
        {label}
        <span className="tabular-nums text-xs text-subtle">{count}</span>
      </button>
    );
  };
  return (
    <nav aria-label="Status" className="-mt-2 flex flex-wrap gap-1">
      {tab(
        'Open',
        [...OPEN_STATUSES],
        OPEN_STATUSES.reduce((n, s) => n + (counts.get(s) ?? 0), 0),
      )}
      {STATUS_ORDER.map((s) => tab(STATUS_LABEL[s], [s], counts.get(s) ?? 0))}
      {tab('All', [], everything)}
    </nav>
  );
}

/** The search box and the brand, type, engine and (for one brand) keyword selects. */
export function FilterBar({
  state,
  options,
}: {
  state: ListFilterState;
  options: OpportunityFilterOptionsQuery | undefined;
}) {
  const { filter, setFilter, search, setSearch } = state;
  const brands = options?.brands ?? [];
  const keywords = brands.find((b) => b.id === filter.brandId)?.keywords ?? [];
  const engineLabel = new Map(options?.engines.map((e) => [e.id, e.label]) ?? []);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="relative min-w-[12rem] flex-1">
        <span className="sr-only">Search opportunities</span>
        <Search
          aria-hidden="true"
          size={16}
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-subtle"
        />
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search titles and prompts"
          className={`${inputClass} pl-9`}
        />
      </label>
      <select
        aria-label="Brand"
        className={selectClass}
        value={filter.brandId ?? ''}
        onChange={(e) => setFilter({ brandId: e.target.value || null, keywordId: null })}
      >
        <option value="">All brands</option>
        {brands.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </select>
      <select
        aria-label="Type"
        className={selectClass}
        value={filter.type[0] ?? ''}
        onChange={(e) =>
          setFilter({ type: e.target.value ? [e.target.value as OpportunityType] : [] })
        }
      >
        <option value="">All types</option>
        {TYPE_ORDER.map((t) => (
          <option key={t} value={t}>
            {TYPE_LABEL[t]}
          </option>
        ))}
      </select>
      <select
        aria-label="Engine"
        className={selectClass}
        value={filter.engine ?? ''}
        onChange={(e) => setFilter({ engine: e.target.value || null })}
      >
        <option value="">All engines</option>
        {(options?.opportunityEngines ?? []).map((id) => (
          <option key={id} value={id}>
            {engineLabel.get(id) ?? id}
          </option>
        ))}
      </select>
      {filter.brandId && keywords.length > 0 ? (
        <select
          aria-label="Keyword"
          className={selectClass}
          value={filter.keywordId ?? ''}
          onChange={(e) => setFilter({ keywordId: e.target.value || null })}
        >
          <option value="">All keywords</option>
          {keywords.map((k) => (
            <option key={k.id} value={k.id}>
              {k.text}
            </option>
          ))}
        </select>
      ) : null}
    </div>
  );
}
