import { useQuery } from '@apollo/client/react';
import type { OpportunityStatus, OpportunityType } from '@lumen/schema/generated/graphql';
import { Columns3, Lightbulb, Search, SearchX } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass, inputClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { SkeletonRows } from '../../../ui/Skeleton';
import { AnalyzeGapsButton } from '../components/AnalyzeGapsButton';
import { DismissDialog } from '../components/DismissDialog';
import { ImpactMeter, StatusBadge, TypeBadge } from '../components/OpportunityBadges';
import { OpportunitiesQuery, OpportunityFilterOptionsQuery } from '../graphql/opportunities';
import { useOpportunityActions } from '../hooks/useOpportunityActions';
import {
  allowedTargets,
  apiFilter,
  filterFromParams,
  type ListFilter,
  OPEN_STATUSES,
  paramsFromFilter,
  STATUS_LABEL,
  STATUS_ORDER,
  TYPE_LABEL,
  TYPE_ORDER,
} from '../utils/opportunityView';

const PAGE_SIZE = 50;
const selectClass = `${inputClass.replace('w-full', 'w-auto')} max-w-[14rem] pr-8`;

export function OpportunityListPage() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const setFilter = (patch: Partial<ListFilter>) =>
    setParams(paramsFromFilter({ ...filter, ...patch }), { replace: true });

  const [search, setSearch] = useState(filter.search);
  // The search box writes to the URL after a pause, not on every key.
  useEffect(() => {
    if (search === filter.search) return;
    const timer = setTimeout(() => setFilter({ search }), 250);
    return () => clearTimeout(timer);
  });

  const options = useQuery(OpportunityFilterOptionsQuery, { fetchPolicy: 'cache-and-network' });
  const { data, loading, error, refetch, fetchMore } = useQuery(OpportunitiesQuery, {
    variables: { filter: apiFilter(filter), first: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const connection = data?.opportunities;
  const rows = connection?.edges.map((e) => e.node) ?? null;
  const counts = new Map(connection?.statusCounts.map((c) => [c.status, c.count]) ?? []);
  const everything = [...counts.values()].reduce((a, b) => a + b, 0);
  const filtered =
    Boolean(filter.search || filter.brandId || filter.engine || filter.keywordId) ||
    filter.type.length > 0;
  // Counts and filters only once there is something to count and filter.
  const controls = Boolean(connection) && (everything > 0 || filtered);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dismissing, setDismissing] = useState(false);
  const actions = useOpportunityActions();
  const selectedRows = rows?.filter((r) => selected.has(r.id)) ?? [];
  const can = (to: OpportunityStatus) =>
    selectedRows.filter((r) => allowedTargets(r.status).includes(to)).map((r) => r.id);

  const brands = options.data?.brands ?? [];
  const keywords = brands.find((b) => b.id === filter.brandId)?.keywords ?? [];
  const engineLabel = new Map(options.data?.engines.map((e) => [e.id, e.label]) ?? []);

  const statusTab = (label: string, statuses: OpportunityStatus[], count: number) => {
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
    <Page>
      <PageHeader
        title="Opportunities"
        description="Content gaps found by your runs: prompts where competitors are named or cited and your brand is not, most impactful first."
        actions={
          <>
            {filter.brandId ? <AnalyzeGapsButton brandId={filter.brandId} /> : null}
            <Link to="/publishing/pipeline" className={buttonClass.secondary}>
              <Columns3 aria-hidden="true" size={16} />
              Pipeline
            </Link>
          </>
        }
      />

      {controls ? (
        <nav aria-label="Status" className="-mt-2 flex flex-wrap gap-1">
          {statusTab(
            'Open',
            [...OPEN_STATUSES],
            OPEN_STATUSES.reduce((n, s) => n + (counts.get(s) ?? 0), 0),
          )}
          {STATUS_ORDER.map((s) => statusTab(STATUS_LABEL[s], [s], counts.get(s) ?? 0))}
          {statusTab('All', [], everything)}
        </nav>
      ) : null}

      {controls ? (
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
            {(options.data?.opportunityEngines ?? []).map((id) => (
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
      ) : null}

      {selectedRows.length > 0 ? (
        <section
          aria-label="Bulk actions"
          className="flex flex-wrap items-center gap-2 rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm"
        >
          <span className="text-fg">{selectedRows.length} selected</span>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={actions.busy || can('PLANNED').length === 0}
            onClick={async () => {
              await actions.move(can('PLANNED'), 'PLANNED');
              setSelected(new Set());
            }}
          >
            Plan ({can('PLANNED').length})
          </button>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={actions.busy || can('DISMISSED').length === 0}
            onClick={() => setDismissing(true)}
          >
            Dismiss ({can('DISMISSED').length})
          </button>
          <button
            type="button"
            className={buttonClass.ghost}
            onClick={() => setSelected(new Set())}
          >
            Clear
          </button>
        </section>
      ) : null}

      {error && !rows ? (
        <ErrorState title="Could not load opportunities" error={error} onRetry={() => refetch()} />
      ) : !rows ? (
        <SkeletonRows rows={6} label="Loading opportunities" />
      ) : rows.length === 0 ? (
        everything === 0 &&
        !filter.search &&
        !filter.brandId &&
        !filter.engine &&
        filter.type.length === 0 ? (
          <EmptyState
            icon={Lightbulb}
            title="No opportunities yet"
            action={
              <Link to="/campaigns" className={buttonClass.primary}>
                Go to brands
              </Link>
            }
          >
            Opportunities are found after every run of a brand’s prompts: where competitors appear
            and you do not. Run a brand to find them.
          </EmptyState>
        ) : (
          <EmptyState icon={SearchX} title="Nothing matches">
            No opportunity matches these filters.{' '}
            <button
              type="button"
              className="font-medium text-accent-text underline"
              onClick={() => {
                setSearch('');
                setParams(new URLSearchParams(), { replace: true });
              }}
            >
              Clear the filters
            </button>
          </EmptyState>
        )
      ) : (
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
                    setSelected(next);
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
          {connection?.pageInfo.hasNextPage ? (
            <div className="border-t border-border p-3 text-center">
              <button
                type="button"
                className={buttonClass.ghost}
                disabled={loading}
                onClick={() =>
                  fetchMore({
                    variables: { after: connection.pageInfo.endCursor },
                    updateQuery: (prev, { fetchMoreResult }) => ({
                      opportunities: {
                        ...fetchMoreResult.opportunities,
                        edges: [
                          ...prev.opportunities.edges,
                          ...fetchMoreResult.opportunities.edges,
                        ],
                      },
                    }),
                  })
                }
              >
                Show more
              </button>
            </div>
          ) : null}
        </div>
      )}

      <DismissDialog
        open={dismissing}
        count={can('DISMISSED').length}
        busy={actions.busy}
        onCancel={() => setDismissing(false)}
        onConfirm={async (reason) => {
          await actions.move(can('DISMISSED'), 'DISMISSED', reason);
          setDismissing(false);
          setSelected(new Set());
        }}
      />
    </Page>
  );
}
