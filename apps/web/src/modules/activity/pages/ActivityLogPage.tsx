import { CircleAlert, Download, History, Info, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { formatMoment, timeAgo } from '../../../ui/format';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { SkeletonRows } from '../../../ui/Skeleton';
import { toastError } from '../../../ui/toastError';
import { ActivityFilters } from '../components/ActivityFilters';
import { type ActivityEntry, useActivityLog } from '../hooks/useActivityLog';
import { EMPTY_FILTER, type LogFilter, subjectLink } from '../utils/activityView';
import { downloadActivity } from '../utils/downloadActivity';

const LEVEL = {
  INFO: { icon: Info, label: 'Info', className: 'text-muted' },
  WARNING: { icon: TriangleAlert, label: 'Warning', className: 'text-warning' },
  ERROR: { icon: CircleAlert, label: 'Error', className: 'text-danger' },
} as const;

function EntryRow({ entry }: { entry: ActivityEntry }) {
  const level = LEVEL[entry.level];
  const Icon = level.icon;
  const to = subjectLink(entry);
  const who = entry.actor.email ? `${entry.actor.name} (${entry.actor.email})` : entry.actor.name;
  return (
    <li className="flex gap-3 px-4 py-3" data-testid="activity-entry" data-kind={entry.kind}>
      <Icon aria-label={level.label} size={16} className={`mt-0.5 shrink-0 ${level.className}`} />
      <div className="min-w-0 flex-1">
        <p className="text-sm break-words text-fg">
          {to ? (
            <Link to={to} className="hover:underline">
              {entry.message}
            </Link>
          ) : (
            entry.message
          )}
        </p>
        <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-muted">
          <span className="break-all">{who}</span>
          <span aria-hidden="true">·</span>
          <span className="font-mono text-subtle">{entry.kind}</span>
        </p>
      </div>
      <time
        dateTime={entry.createdAt}
        title={formatMoment(entry.createdAt)}
        className="shrink-0 text-xs whitespace-nowrap text-muted tabular-nums"
      >
        {timeAgo(entry.createdAt)}
      </time>
    </li>
  );
}

export function ActivityLogPage() {
  const [filter, setFilter] = useState<LogFilter>(EMPTY_FILTER);
  const log = useActivityLog(filter);
  const [downloading, setDownloading] = useState(false);
  const filtered = JSON.stringify(filter) !== JSON.stringify(EMPTY_FILTER);

  return (
    <Page>
      <PageHeader
        title="Activity log"
        description="Every change to this workspace, who made it and when, and how Lumen’s jobs ended. New entries appear as they happen."
        actions={
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={downloading}
            onClick={async () => {
              setDownloading(true);
              try {
                await downloadActivity(filter);
              } catch (e) {
                toastError(e);
              } finally {
                setDownloading(false);
              }
            }}
          >
            <Download aria-hidden="true" size={14} />
            Download CSV
          </button>
        }
      />
      <ActivityFilters value={filter} onChange={setFilter} />
      {log.polling ? (
        <p className="text-xs text-muted" role="status">
          Live updates are paused; the log is read again every few seconds.
        </p>
      ) : null}
      {log.error && !log.entries ? (
        <ErrorState
          title="Could not load the activity log"
          error={log.error}
          onRetry={() => void log.refetch()}
        />
      ) : !log.entries ? (
        <SkeletonRows rows={6} label="Loading the activity log" />
      ) : log.entries.length === 0 ? (
        <EmptyState icon={History} title={filtered ? 'Nothing matches' : 'Nothing logged yet'}>
          {filtered
            ? 'No entry matches these filters. Widen the dates or clear a filter.'
            : 'Changes to brands, prompts, content and the team, and failed jobs, are listed here as they happen. Entries are kept for 90 days by default.'}
        </EmptyState>
      ) : (
        <section aria-label="Activity" className="flex flex-col gap-3">
          <ol className="divide-y divide-border rounded-xl border border-border bg-surface">
            {log.entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </ol>
          {log.hasMore ? (
            <button
              type="button"
              className={`${buttonClass.secondary} self-center`}
              disabled={log.loadingMore}
              onClick={() => void log.loadMore().catch(toastError)}
            >
              {log.loadingMore ? 'Loading…' : 'Load more'}
            </button>
          ) : null}
        </section>
      )}
    </Page>
  );
}
