export type SortState = { key: string; direction: 'asc' | 'desc' } | null;

export type SortValue = string | number | null;

/** Sorted copy; nulls last in either direction, strings compared with the user's collation. */
export function sortRows<T>(
  rows: readonly T[],
  sort: SortState,
  sortValue: ((row: T) => SortValue) | undefined,
): T[] {
  if (!sort || !sortValue) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: sortValue(row) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        if (a.value === b.value) return a.index - b.index;
        return a.value === null ? 1 : -1;
      }
      const c =
        typeof a.value === 'number' && typeof b.value === 'number'
          ? a.value - b.value
          : String(a.value).localeCompare(String(b.value), undefined, { sensitivity: 'base' });
      return c === 0 ? a.index - b.index : sign * c;
    })
    .map((entry) => entry.row);
}

export type Page<T> = { rows: T[]; page: number; pages: number; from: number; to: number };

/** One page (0-based, clamped to the last page) and the 1-based range it shows. */
export function paginate<T>(rows: readonly T[], page: number, size: number): Page<T> {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(0, page), pages - 1);
  const start = current * size;
  const slice = rows.slice(start, start + size);
  return {
    rows: slice,
    page: current,
    pages,
    from: slice.length === 0 ? 0 : start + 1,
    to: start + slice.length,
  };
}

/** The next sort after a click on a column header: asc → desc → off. */
export function nextSort(current: SortState, key: string): SortState {
  if (current?.key !== key) return { key, direction: 'asc' };
  return current.direction === 'asc' ? { key, direction: 'desc' } : null;
}
