import { useQuery } from '@apollo/client/react';
import type { DraftRowFragment as Draft, DraftStatus } from '@lumen/schema/generated/graphql';
import { FilePenLine } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass, inputClass } from '../../../ui/button';
import { type Column, DataTable } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { timeAgo } from '../../../ui/format';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { DraftStatusBadge } from '../components/PublishingStatus';
import { DraftsQuery } from '../graphql/drafts';
import { DRAFT_STATUS_LABEL } from '../utils/draftView';

const FILTERS: { value: string; label: string; statuses: DraftStatus[] | null }[] = [
  { value: 'open', label: 'To do (draft, in review)', statuses: ['DRAFT', 'IN_REVIEW'] },
  { value: 'all', label: 'All drafts', statuses: null },
  ...(Object.keys(DRAFT_STATUS_LABEL) as DraftStatus[]).map((s) => ({
    value: s,
    label: DRAFT_STATUS_LABEL[s],
    statuses: [s],
  })),
];

export function DraftsPage() {
  const id = useId();
  const [filter, setFilter] = useState('all');
  const statuses = FILTERS.find((f) => f.value === filter)?.statuses ?? null;
  const { data, loading, error, refetch } = useQuery(DraftsQuery, {
    variables: { first: 100, filter: statuses ? { status: statuses } : null },
    fetchPolicy: 'cache-and-network',
  });
  const rows = data?.drafts.edges.map((e) => e.node) ?? null;

  const columns: Column<Draft>[] = [
    {
      key: 'title',
      header: 'Draft',
      sortValue: (d) => d.title,
      cell: (d) => (
        <div className="min-w-0">
          <Link
            to={`/publishing/drafts/${d.id}`}
            className="font-medium break-words text-fg hover:underline"
          >
            {d.title}
          </Link>
          <p className="text-xs text-subtle">
            {[d.opportunity?.brandName, d.site?.name].filter(Boolean).join(' · ')}
          </p>
        </div>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      sortValue: (d) => d.status,
      cell: (d) => <DraftStatusBadge status={d.status} />,
    },
    {
      key: 'version',
      header: 'Version',
      wide: true,
      align: 'right',
      sortValue: (d) => d.version,
      cell: (d) => <span className="tabular-nums text-muted">v{d.version}</span>,
    },
    {
      key: 'updated',
      header: 'Updated',
      wide: true,
      sortValue: (d) => d.updatedAt,
      cell: (d) => (
        <time dateTime={d.updatedAt} className="text-xs whitespace-nowrap text-muted">
          {timeAgo(d.updatedAt)}
        </time>
      ),
    },
  ];

  return (
    <Page>
      <PageHeader
        title="Drafts"
        description="Written content waiting for editing, review and approval before it goes to your site."
      />
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-status`} className="text-sm font-medium text-fg">
          Show
        </label>
        <select
          id={`${id}-status`}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className={`${inputClass} max-w-xs`}
        >
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        label="Drafts"
        columns={columns}
        rows={rows}
        rowKey={(d) => d.id}
        loading={loading}
        error={error ?? null}
        onRetry={() => void refetch()}
        empty={
          <EmptyState
            icon={FilePenLine}
            title={statuses ? 'No drafts with this status' : 'No drafts yet'}
            action={
              statuses ? (
                <button
                  type="button"
                  className={buttonClass.secondary}
                  onClick={() => setFilter('all')}
                >
                  Show all drafts
                </button>
              ) : (
                <Link to="/publishing/opportunities" className={buttonClass.primary}>
                  Browse opportunities
                </Link>
              )
            }
          >
            Drafts appear here when an order finishes. Edit and review them before they go to your
            site.
          </EmptyState>
        }
      />
    </Page>
  );
}
