import type { OpportunityRowFragment } from '@lumen/schema/generated/graphql';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { ImpactMeter, StatusBadge, TypeBadge } from './OpportunityBadges';

/** The list's rows, each with a checkbox for bulk actions, and "Show more" while there is more. */
export function OpportunityRows({
  rows,
  selected,
  onSelect,
  hasMore,
  loading,
  onMore,
}: {
  rows: readonly OpportunityRowFragment[];
  selected: ReadonlySet<string>;
  onSelect: (next: ReadonlySet<string>) => void;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}) {
  return (
    <div className="overflow-hidden rounded-xl border border-border bg-surface">
      <ul aria-label="Opportunities" className="divide-y divide-border">
        {rows.map((o) => (
          <li key={o.id} className="flex items-start gap-3 px-4 py-3 hover:bg-surface-2">
            <input
              type="checkbox"
              aria-label={`Select ${o.title}`}
              checked={selected.has(o.id)}
              onChange={(e) => {
                const next = new Set(selected);
                if (e.target.checked) next.add(o.id);
                else next.delete(o.id);
                onSelect(next);
              }}
              className="mt-1 h-4 w-4 accent-[var(--accent)]"
            />
            <div className="min-w-0 flex-1">
              <Link
                to={`/opportunities/${o.id}`}
                className="font-medium text-fg hover:text-accent-text"
              >
                {o.title}
              </Link>
              <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
                <span>{o.brandName}</span>
                <TypeBadge type={o.type} />
                <span>
                  {o.evidence.engines.length} of {o.evidence.totalEngines} engines
                </span>
                {o.evidence.competitors.length > 0 ? (
                  <span className="truncate">
                    Named instead:{' '}
                    {o.evidence.competitors
                      .slice(0, 3)
                      .map((c) => c.name)
                      .join(', ')}
                  </span>
                ) : null}
              </div>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1.5 sm:flex-row sm:items-center sm:gap-4">
              <ImpactMeter impact={o.impact} />
              <StatusBadge status={o.status} />
            </div>
          </li>
        ))}
      </ul>
      {hasMore ? (
        <div className="border-t border-border p-3 text-center">
          <button type="button" className={buttonClass.ghost} disabled={loading} onClick={onMore}>
            Show more
          </button>
        </div>
      ) : null}
    </div>
  );
}
