import { useMutation, useQuery } from '@apollo/client/react';
import { Pause, Pencil, Play, Plus, Search, Tags, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { buttonClass, inputClass } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { type Column, DataTable } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { plural, timeAgo } from '../../../ui/format';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { toastError } from '../../../ui/toastError';
import { LiveRunCell } from '../../runs/components/LiveRunCell';
import { RunNowButton } from '../../runs/components/RunNowButton';
import { BrandsQuery, DeleteBrandMutation, SetBrandStatusMutation } from '../graphql/brands';
import { cadenceLabel, deletionSummary } from '../utils/brandFormat';

type Row = NonNullable<ReturnType<typeof useBrands>['data']>['brands'][number];

function useBrands() {
  return useQuery(BrandsQuery, { fetchPolicy: 'cache-and-network' });
}

export function BrandListPage() {
  const { data, loading, error, refetch } = useBrands();
  const [search, setSearch] = useState('');
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const [setStatus] = useMutation(SetBrandStatusMutation);
  const [remove, removing] = useMutation(DeleteBrandMutation, {
    refetchQueries: ['Brands', 'NavigationCounts'],
  });
  const labels = new Map((data?.engines ?? []).map((e) => [e.id, e.label]));
  const brands = data?.brands ?? null;
  const term = search.trim().toLowerCase();
  const shown = brands?.filter(
    (b) => !term || b.name.toLowerCase().includes(term) || b.domains.some((d) => d.includes(term)),
  );

  const addBrand = (
    <Link to="/campaigns/create" className={buttonClass.primary}>
      <Plus aria-hidden="true" size={16} />
      Add brand
    </Link>
  );
  const columns: Column<Row>[] = [
    {
      key: 'name',
      header: 'Brand',
      sortValue: (b) => b.name,
      cell: (b) => (
        <div className="min-w-0">
          <Link to={`/campaigns/${b.id}`} className="font-medium text-fg hover:underline">
            {b.name}
          </Link>
          <p className="truncate text-xs text-subtle">
            {b.domains[0] ?? 'no domain'}
            {b.status === 'PAUSED' ? ' · paused' : ''}
          </p>
        </div>
      ),
    },
    {
      key: 'score',
      header: 'Score',
      sortValue: (b) => b.latestRun?.score ?? null,
      cell: (b) => <LiveRunCell run={b.latestRun} />,
    },
    {
      key: 'engines',
      header: 'Engines',
      wide: true,
      cell: (b) => (
        <span
          className="text-sm text-muted"
          title={b.engines.map((e) => labels.get(e) ?? e).join(', ')}
        >
          {plural(b.engines.length, 'engine')}
        </span>
      ),
    },
    {
      key: 'cadence',
      header: 'Cadence',
      wide: true,
      cell: (b) => <span className="text-sm text-muted">{cadenceLabel(b.schedule)}</span>,
    },
    {
      key: 'lastRun',
      header: 'Last run',
      wide: true,
      sortValue: (b) => (b.latestRun ? Date.parse(String(b.latestRun.createdAt)) : null),
      cell: (b) => (
        <span className="text-sm text-muted">
          {b.latestRun ? timeAgo(String(b.latestRun.finishedAt ?? b.latestRun.createdAt)) : '—'}
        </span>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (b) => (
        <div className="flex justify-end gap-1">
          <RunNowButton brand={b} variant="icon" />
          <button
            type="button"
            className={buttonClass.icon}
            aria-label={b.status === 'PAUSED' ? `Resume ${b.name}` : `Pause ${b.name}`}
            title={b.status === 'PAUSED' ? 'Resume scheduled runs' : 'Pause scheduled runs'}
            onClick={() =>
              void setStatus({
                variables: { id: b.id, status: b.status === 'PAUSED' ? 'ACTIVE' : 'PAUSED' },
              })
                .then(() =>
                  toast.success(b.status === 'PAUSED' ? `${b.name} resumed.` : `${b.name} paused.`),
                )
                .catch(toastError)
            }
          >
            {b.status === 'PAUSED' ? (
              <Play aria-hidden="true" size={16} />
            ) : (
              <Pause aria-hidden="true" size={16} />
            )}
          </button>
          <Link
            to={`/campaigns/${b.id}/edit`}
            className={buttonClass.icon}
            aria-label={`Edit ${b.name}`}
          >
            <Pencil aria-hidden="true" size={16} />
          </Link>
          <button
            type="button"
            className={buttonClass.icon}
            aria-label={`Delete ${b.name}`}
            onClick={() => setToDelete(b)}
          >
            <Trash2 aria-hidden="true" size={16} />
          </button>
        </div>
      ),
    },
  ];

  return (
    <Page>
      <PageHeader
        title="Brands"
        description="The brands you track, with their latest visibility score, engines and schedule."
        actions={addBrand}
      />
      {brands && brands.length > 0 ? (
        <div className="relative max-w-sm">
          <Search aria-hidden="true" size={16} className="absolute top-2.5 left-3 text-subtle" />
          <input
            type="search"
            aria-label="Search brands"
            placeholder="Search by name or domain"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className={`${inputClass} pl-9`}
          />
        </div>
      ) : null}
      <DataTable
        label="Brands"
        columns={columns}
        rows={shown}
        rowKey={(b) => b.id}
        loading={loading}
        error={error ?? null}
        onRetry={() => void refetch()}
        initialSort={{ key: 'name', direction: 'asc' }}
        noMatch={
          brands && brands.length > 0 ? (
            <p className="text-sm text-muted">No brand matches “{search.trim()}”.</p>
          ) : undefined
        }
        empty={
          <EmptyState icon={Tags} title="No brands yet" action={addBrand}>
            Add the brand you want to measure with its competitors and keywords, or run a quick
            check and track it from its results: a tracked check keeps its answers as the brand’s
            first measurement.
          </EmptyState>
        }
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete ${toDelete?.name ?? 'brand'}?`}
        confirmLabel="Delete brand"
        busy={removing.loading}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          const name = toDelete.name;
          void remove({ variables: { id: toDelete.id } })
            .then(() => {
              toast.success(`${name} deleted.`);
              setToDelete(null);
            })
            .catch(toastError);
        }}
      >
        {toDelete ? (
          <p>
            This deletes {toDelete.name} with its {deletionSummary(toDelete)}. It cannot be undone.
          </p>
        ) : null}
      </ConfirmDialog>
    </Page>
  );
}
