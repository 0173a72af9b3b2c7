import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { buttonClass } from './button';
import { nextSort, paginate, type SortState, type SortValue, sortRows } from './dataTableModel';
import { ErrorState } from './ErrorState';
import { SkeletonRows } from './Skeleton';

export type Column<T> = {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: T) => SortValue;
  align?: 'left' | 'right';
  /** Hidden below the `sm` breakpoint, for secondary columns. */
  wide?: boolean;
};

type DataTableProps<T> = {
  /** Names the table for assistive technology. */
  label: string;
  columns: Column<T>[];
  rows: readonly T[] | null | undefined;
  rowKey: (row: T) => string;
  loading?: boolean;
  error?: { message: string } | null;
  onRetry?: () => void;
  /** Shown when there are no rows at all (an EmptyState with the action that fills it). */
  empty: ReactNode;
  /** Shown when rows exist but none match (e.g. a search). */
  noMatch?: ReactNode;
  pageSize?: number;
  initialSort?: SortState;
};

/** Every list's table: loading skeleton, error with retry, empty state, sorting and pages. */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  loading = false,
  error = null,
  onRetry,
  empty,
  noMatch,
  pageSize = 20,
  initialSort = null,
}: DataTableProps<T>) {
  const [sort, setSort] = useState<SortState>(initialSort);
  const [page, setPage] = useState(0);
  if (error && !rows) return <ErrorState error={error} {...(onRetry ? { onRetry } : {})} />;
  if (loading && !rows) return <SkeletonRows label={`Loading ${label.toLowerCase()}`} />;
  if (!rows || rows.length === 0) return <>{noMatch ?? empty}</>;

  const column = columns.find((c) => c.key === sort?.key);
  const sorted = sortRows(rows, sort, column?.sortValue);
  const current = paginate(sorted, page, pageSize);
  const hide = (c: Column<T>) => (c.wide ? 'hidden sm:table-cell' : '');
  const align = (c: Column<T>) => (c.align === 'right' ? 'text-right' : 'text-left');

  return (
    <div className="overflow-hidden rounded-xl border border-border bg-surface">
      <div className="overflow-x-auto">
        <table aria-label={label} className="w-full text-sm">
          <thead className="border-b border-border text-xs text-subtle">
            <tr>
              {columns.map((c) => {
                const active = sort?.key === c.key ? sort.direction : null;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={
                      active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : undefined
                    }
                    className={`px-4 py-2.5 font-medium ${align(c)} ${hide(c)}`}
                  >
                    {c.sortValue ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 hover:text-fg"
                        onClick={() => {
                          setSort(nextSort(sort, c.key));
                          setPage(0);
                        }}
                      >
                        {c.header}
                        {active === 'asc' ? <ArrowUp aria-hidden="true" size={12} /> : null}
                        {active === 'desc' ? <ArrowDown aria-hidden="true" size={12} /> : null}
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {current.rows.map((row) => (
              <tr key={rowKey(row)} className="hover:bg-surface-2">
                {columns.map((c) => (
                  <td key={c.key} className={`px-4 py-3 align-middle ${align(c)} ${hide(c)}`}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {current.pages > 1 ? (
        <nav
          aria-label={`${label} pages`}
          className="flex items-center justify-between gap-3 border-t border-border px-4 py-2 text-xs text-muted"
        >
          <span className="tabular-nums">
            {current.from}–{current.to} of {rows.length}
          </span>
          <div className="flex items-center gap-1">
            <button
              type="button"
              className={buttonClass.icon}
              aria-label="Previous page"
              disabled={current.page === 0}
              onClick={() => setPage(current.page - 1)}
            >
              <ChevronLeft aria-hidden="true" size={16} />
            </button>
            <span className="tabular-nums">
              Page {current.page + 1} of {current.pages}
            </span>
            <button
              type="button"
              className={buttonClass.icon}
              aria-label="Next page"
              disabled={current.page >= current.pages - 1}
              onClick={() => setPage(current.page + 1)}
            >
              <ChevronRight aria-hidden="true" size={16} />
            </button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}
