import { useQuery } from '@apollo/client/react';
import type { RunFieldsFragment } from '@lumen/schema/generated/graphql';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { type Column, DataTable } from '../../../ui/DataTable';
import { formatMoment, timeAgo } from '../../../ui/format';
import { ScoreCell } from '../../brands/components/ScoreCell';
import { RunHistoryQuery } from '../graphql/runs';
import { isCancelled, runDuration } from '../utils/runView';
import { RunStatusBadge } from './RunStatusBadge';

const TRIGGER = {
  MANUAL: 'Manual',
  SCHEDULED: 'Scheduled',
  QUICK_SCORE: 'Quick check',
  TARGETED: 'Re-measure after publishing',
} as const;

/** Every run of the brand, newest first: status, counts, duration, score and why it failed. */
export function RunHistory({ brandId }: { brandId: string }) {
  const { data, loading, error, refetch, fetchMore } = useQuery(RunHistoryQuery, {
    variables: { brandId },
    fetchPolicy: 'cache-and-network',
  });
  const [more, setMore] = useState(false);
  const rows = data?.runs.edges.map((e) => e.node);
  const columns: Column<RunFieldsFragment>[] = [
    {
      key: 'started',
      header: 'Run',
      cell: (r) => (
        <div className="min-w-0">
          <Link
            to={`/campaigns/${brandId}/runs/${r.id}`}
            className="font-medium text-fg hover:underline"
            title={formatMoment(String(r.createdAt))}
          >
            {timeAgo(String(r.createdAt))}
          </Link>
          <p className="text-xs text-subtle">{TRIGGER[r.trigger]}</p>
        </div>
      ),
    },
    { key: 'status', header: 'Status', cell: (r) => <RunStatusBadge run={r} /> },
    {
      key: 'answers',
      header: 'Answers',
      align: 'right',
      cell: (r) => (
        <span className="text-sm tabular-nums text-muted">
          {r.done}/{r.total}
          {r.failed > 0 ? <span className="text-warning"> · {r.failed} failed</span> : null}
        </span>
      ),
    },
    {
      key: 'duration',
      header: 'Duration',
      wide: true,
      align: 'right',
      cell: (r) => <span className="text-sm tabular-nums text-muted">{runDuration(r) ?? '—'}</span>,
    },
    { key: 'score', header: 'Score', align: 'right', cell: (r) => <ScoreCell run={r} /> },
    {
      key: 'error',
      header: 'Notes',
      wide: true,
      cell: (r) => (
        <span
          className={`block max-w-56 truncate text-xs ${r.status === 'FAILED' && !isCancelled(r) ? 'text-danger' : 'text-subtle'}`}
          title={r.error ?? undefined}
        >
          {r.status === 'FAILED' && !isCancelled(r) ? (r.error ?? 'Stopped') : '—'}
        </span>
      ),
    },
  ];
  const next = data?.runs.pageInfo;
  return (
    <section aria-labelledby="run-history-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="run-history-heading" className="text-base font-semibold text-fg">
          Run history
        </h2>
        <p className="text-sm text-muted">Every measurement of this brand, newest first.</p>
      </div>
      <DataTable
        label="Runs"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={loading}
        error={error ?? null}
        onRetry={() => void refetch()}
        pageSize={100}
        empty={
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border-strong bg-surface px-6 py-10 text-center">
            <History aria-hidden="true" size={20} className="text-subtle" />
            <p className="text-sm text-muted">
              No runs yet. Each run, scheduled or started with Run now, lands here with its answers.
            </p>
          </div>
        }
      />
      {next?.hasNextPage ? (
        <div>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={more}
            onClick={() => {
              setMore(true);
              void fetchMore({
                variables: { after: next.endCursor },
                updateQuery: (previous, { fetchMoreResult }) => ({
                  runs: {
                    ...fetchMoreResult.runs,
                    edges: [...previous.runs.edges, ...fetchMoreResult.runs.edges],
                  },
                }),
              }).finally(() => setMore(false));
            }}
          >
            Show older runs
          </button>
        </div>
      ) : null}
    </section>
  );
}
