import { useQuery } from '@apollo/client/react';
import { Columns3, Lightbulb, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { SkeletonRows } from '../../../ui/Skeleton';
import { AnalyzeGapsButton } from '../components/AnalyzeGapsButton';
import { BulkActions } from '../components/BulkActions';
import { FilterBar, StatusTabs } from '../components/OpportunityFilters';
import { OpportunityRows } from '../components/OpportunityRows';
import { OpportunitiesQuery, OpportunityFilterOptionsQuery } from '../graphql/opportunities';
import { useListFilter } from '../hooks/useListFilter';
import { apiFilter } from '../utils/opportunityView';

const PAGE_SIZE = 50;

export function OpportunityListPage() {
  const listFilter = useListFilter();
  const { filter } = listFilter;

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
  const selectedRows = rows?.filter((r) => selected.has(r.id)) ?? [];

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

      {controls ? <StatusTabs state={listFilter} counts={counts} /> : null}
      {controls ? <FilterBar state={listFilter} options={options.data} /> : null}
      <BulkActions selectedRows={selectedRows} onDone={() => setSelected(new Set())} />

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
              onClick={listFilter.clear}
            >
              Clear the filters
            </button>
          </EmptyState>
        )
      ) : (
        <OpportunityRows
          rows={rows}
          selected={selected}
          onSelect={setSelected}
          hasMore={Boolean(connection?.pageInfo.hasNextPage)}
          loading={loading}
          onMore={() =>
            fetchMore({
              variables: { after: connection?.pageInfo.endCursor },
              updateQuery: (prev, { fetchMoreResult }) => ({
                opportunities: {
                  ...fetchMoreResult.opportunities,
                  edges: [...prev.opportunities.edges, ...fetchMoreResult.opportunities.edges],
                },
              }),
            })
          }
        />
      )}
    </Page>
  );
}
