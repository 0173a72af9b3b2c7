import { useQuery } from '@apollo/client/react';
import type { DashboardActivityQuery as ActivityData } from '@lumen/schema/generated/graphql';
import { ChevronRight, Lightbulb, Radar } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '../../../ui/Card';
import { ErrorState } from '../../../ui/ErrorState';
import { formatShortMoment } from '../../../ui/format';
import { ProgressBar } from '../../../ui/ProgressBar';
import { SkeletonRows } from '../../../ui/Skeleton';
import { useLiveRun } from '../../runs/hooks/useLiveRun';
import { isOpenRun, runPercent, runStatusBadge, type StatusTone } from '../../runs/utils/runView';
import { DashboardActivityQuery } from '../graphql/dashboard';

/** New runs appear within this long; a running run's progress moves live (runUpdated). */
const LIST_POLL_MS = 30_000;
/**
 * Open runs followed by their own stream. Each stream holds a connection (a browser keeps about 6
 * per host, the gateway 10 per address), so beyond this the list itself is read every 3 s.
 */
const MAX_STREAMS = 3;
const BUSY_POLL_MS = 3_000;

type Run = ActivityData['recentRuns'][number];

// The run status colours of RunStatusBadge, kept here so the dashboard does not pull the runs
// pages' shared chunks into the app's chunk map (docs/benchmarks.md: the entry is at its budget).
const TONES: Record<StatusTone, string> = {
  accent: 'bg-accent-soft text-accent-text',
  success: 'bg-success/15 text-success',
  warning: 'bg-warning/15 text-warning',
  danger: 'bg-danger-soft text-danger',
  muted: 'bg-surface-3 text-muted',
};

/** The dashboard's top open opportunities and its recent and running runs. */
export function DashboardActivity() {
  const [busy, setBusy] = useState(false);
  const { data, error, loading, refetch } = useQuery(DashboardActivityQuery, {
    fetchPolicy: 'cache-and-network',
    pollInterval: busy ? BUSY_POLL_MS : LIST_POLL_MS,
  });
  const openIds = (data?.recentRuns ?? []).filter((r) => isOpenRun(r.status)).map((r) => r.id);
  const tooMany = openIds.length > MAX_STREAMS;
  useEffect(() => setBusy(tooMany), [tooMany]);
  if (error && !data) {
    return (
      <ErrorState
        title="Could not load runs and opportunities"
        error={error}
        onRetry={() => void refetch()}
      />
    );
  }
  if (loading && !data) return <SkeletonRows rows={4} label="Loading runs and opportunities" />;
  if (!data) return null;
  const opportunities = data.opportunities.edges.map((e) => e.node);
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <Card
        title="Top opportunities"
        description="The open gaps with the highest impact."
        flush
        className="min-w-0"
        actions={
          <Link
            to="/publishing/opportunities"
            className="text-sm text-muted hover:text-fg hover:underline"
          >
            All {data.opportunities.totalCount}
          </Link>
        }
      >
        {opportunities.length === 0 ? (
          <p className="flex items-center gap-2 px-5 py-4 text-sm text-muted">
            <Lightbulb aria-hidden="true" size={16} />
            No open opportunities: a run turns each gap it finds into one.
          </p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Top opportunities">
            {opportunities.map((o) => (
              <li key={o.id}>
                <Link
                  to={`/opportunities/${o.id}`}
                  className="flex items-center gap-3 px-5 py-3 hover:bg-surface-2"
                  data-testid="top-opportunity"
                >
                  <span
                    className="w-9 shrink-0 text-right text-lg font-semibold tabular-nums text-fg"
                    title="Impact, 0–100"
                  >
                    {o.impact}
                    <span className="sr-only"> impact</span>
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-fg">{o.title}</span>
                    <span className="block truncate text-xs text-muted">
                      {o.brandName} · {o.promptText}
                    </span>
                  </span>
                  <ChevronRight aria-hidden="true" size={16} className="shrink-0 text-subtle" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card
        title="Runs"
        description="Running now, then the latest finished."
        flush
        className="min-w-0"
      >
        {data.recentRuns.length === 0 ? (
          <p className="flex items-center gap-2 px-5 py-4 text-sm text-muted">
            <Radar aria-hidden="true" size={16} />
            No runs yet: run a brand from its page.
          </p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Recent runs">
            {data.recentRuns.map((r) => (
              <RunRow key={r.id} run={r} follow={!tooMany && openIds.includes(r.id)} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function RunRow({ run, follow }: { run: Run; follow: boolean }) {
  // An open run follows the worker (runUpdated, or polling when the stream is silent). Its frames
  // land in Apollo's cache, where this row's Run is the same object, so the row moves in place.
  // (useLiveRun's own result is not used: once skipped it keeps its last, stale frame.)
  useLiveRun(follow ? run.id : null);
  const open = isOpenRun(run.status);
  const percent = runPercent(run);
  const badge = runStatusBadge(run);
  const when = formatShortMoment(String(run.startedAt ?? run.createdAt));
  return (
    <li>
      <Link
        to={run.brand ? `/campaigns/${run.brand.id}/runs/${run.id}` : '#'}
        className="flex items-center gap-3 px-5 py-3 hover:bg-surface-2"
        data-testid="dashboard-run"
        data-status={run.status}
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-fg">
            {run.brand?.name ?? 'Removed brand'}
          </span>
          <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted">
            <span
              className={`inline-flex items-center rounded-md px-2 py-0.5 font-medium ${TONES[badge.tone]}`}
            >
              {badge.label}
            </span>
            <span>{when}</span>
          </span>
        </span>
        {open ? (
          <span className="flex w-28 shrink-0 flex-col items-end gap-1">
            <span className="text-xs tabular-nums text-muted">
              {run.status === 'QUEUED' ? 'queued' : `${run.done + run.failed}/${run.total}`}
            </span>
            <ProgressBar
              label={`${run.brand?.name ?? 'Run'} progress`}
              percent={percent}
              size="thin"
            />
          </span>
        ) : (
          <span className="w-10 shrink-0 text-right text-base font-semibold tabular-nums text-fg">
            {run.score ?? '—'}
            {run.score === null ? <span className="sr-only">no score</span> : null}
          </span>
        )}
        <ChevronRight aria-hidden="true" size={16} className="shrink-0 text-subtle" />
      </Link>
    </li>
  );
}
