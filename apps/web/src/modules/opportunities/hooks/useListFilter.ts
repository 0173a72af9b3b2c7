import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { filterFromParams, type ListFilter, paramsFromFilter } from '../utils/opportunityView';

/** How long the search box waits after the last key before it filters. */
const SEARCH_PAUSE_MS = 250;

/**
 * The opportunity list's filter, kept in the address (so a filtered list can be shared and
 * survives a reload): the parsed filter, a patching setter, the search box's own text (written
 * to the address after a pause, not on every key), and a reset.
 */
export function useListFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const setFilter = (patch: Partial<ListFilter>) =>
    setParams(paramsFromFilter({ ...filter, ...patch }), { replace: true });

  const [search, setSearch] = useState(filter.search);
  useEffect(() => {
    if (search === filter.search) return;
    const timer = setTimeout(() => setFilter({ search }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  });

  const clear = () => {
    setSearch('');
    setParams(new URLSearchParams(), { replace: true });
  };

  return { filter, setFilter, search, setSearch, clear };
}

export type ListFilterState = ReturnType<typeof useListFilter>;
