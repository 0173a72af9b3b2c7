import { useMutation, useQuery } from '@apollo/client/react';
import type { PublishedItemFieldsFragment as Item } from '@lumen/schema/generated/graphql';
import { CircleCheckBig, ExternalLink, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { useLiveList } from '../../../app/live/useLiveQuery';
import { buttonClass } from '../../../ui/button';
import { type Column, DataTable } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { timeAgo } from '../../../ui/format';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { toastError } from '../../../ui/toastError';
import { IngestionStatus } from '../components/IngestionStatus';
import { PublishedItemsQuery, UpdatePublishedItemMutation } from '../graphql/publishedItems';
import { MAX_LIVE_ITEMS, useLivePublishedItem } from '../hooks/useLivePublishedItems';
import {
  ingestionView,
  shortUrl,
  type Tone,
  updateAction,
  versionView,
  wpStatusView,
} from '../utils/publishedView';

const TONES: Record<Tone, string> = {
  success: 'bg-success/10 text-success',
  warning: 'bg-warning/10 text-warning',
  danger: 'bg-danger-soft text-danger',
  neutral: 'bg-surface-2 text-muted',
};

const PAGE_SIZE = 50;

function Badge({ tone, children }: { tone: Tone; children: React.ReactNode }) {
  return (
    <span
      className={`inline-flex w-fit items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** A pulsing dot: this row follows the worker live. */
function LiveBadge() {
  return (
    <Badge tone="neutral">
      <span className="relative flex h-2 w-2" aria-hidden="true">
        <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-accent opacity-60" />
        <span className="relative inline-flex h-2 w-2 rounded-full bg-accent" />
      </span>
      Updating · live
    </Badge>
  );
}

/** Mounted for each row being written, so the subscription lives as long as the update. */
function LiveRow({ id, onFail }: { id: string; onFail: () => void }) {
  useLivePublishedItem(id, onFail);
  return null;
}

function StatusCell({ item }: { item: Item }) {
  const view = wpStatusView(item.status);
  return (
    <div className="flex min-w-0 flex-col items-start gap-1">
      {item.updating ? <LiveBadge /> : <Badge tone={view.tone}>{view.label}</Badge>}
      {item.lastError ? (
        <p role="alert" className="max-w-xs text-xs text-danger">
          {item.lastError}
        </p>
      ) : null}
      <IngestionStatus itemId={item.id} ingestion={item.ingestion} compact />
    </div>
  );
}

export function PublishedPage() {
  const [outdatedOnly, setOutdatedOnly] = useState(false);
  const query = useQuery(PublishedItemsQuery, {
    variables: { first: PAGE_SIZE, filter: outdatedOnly ? { outdated: true } : null },
    fetchPolicy: 'cache-and-network',
  });
  const { data, loading, error, refetch, fetchMore } = query;
  const connection = data?.publishedItems ?? null;
  const items: Item[] | null = connection ? connection.edges.map((e) => e.node) : null;
  const [update] = useMutation(UpdatePublishedItemMutation);
  const [pending, setPending] = useState<string | null>(null);
  // Rows followed live: being written, or their page being read.
  const live = (items ?? []).filter((i) => i.updating || ingestionView(i.ingestion).live);
  const { streams, polling, onStreamError } = useLiveList(query, {
    open: live.length,
    maxStreams: MAX_LIVE_ITEMS,
  });

  const runUpdate = async (item: Item) => {
    setPending(item.id);
    try {
      await update({ variables: { id: item.id } });
      toast.success(`Updating “${item.title}” on ${item.site?.name ?? 'WordPress'}`);
    } catch (e) {
      toastError(e);
    } finally {
      setPending(null);
    }
  };

  const columns: Column<Item>[] = [
    {
      key: 'post',
      header: 'Post',
      sortValue: (i) => i.title,
      cell: (i) => (
        <div className="min-w-0">
          <Link
            to={`/publishing/published/${i.id}`}
            className="break-words font-medium text-fg hover:underline"
            title="What this post changed"
          >
            {i.title}
          </Link>
          <a
            href={i.url}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex max-w-[12rem] items-center gap-1 text-xs text-accent-text hover:underline sm:max-w-[18rem]"
          >
            <span className="truncate">{shortUrl(i.url)}</span>
            <ExternalLink aria-hidden="true" size={12} className="shrink-0" />
          </a>
          <p className="text-xs text-subtle">
            {i.site ? i.site.name : 'Site removed from Lumen'} · published{' '}
            {timeAgo(String(i.publishedAt))}
          </p>
          <div className="mt-1.5 flex flex-col items-start gap-1.5 sm:hidden">
            <StatusCell item={i} />
            <VersionCell item={i} />
            <UpdateButton item={i} busy={pending === i.id || i.updating} onUpdate={runUpdate} />
          </div>
        </div>
      ),
    },
    {
      key: 'status',
      header: 'On WordPress',
      wide: true,
      sortValue: (i) => i.status,
      cell: (i) => <StatusCell item={i} />,
    },
    {
      key: 'version',
      header: 'Version',
      wide: true,
      sortValue: (i) => i.latestVersion - i.publishedVersion,
      cell: (i) => <VersionCell item={i} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      wide: true,
      cell: (i) => (
        <UpdateButton item={i} busy={pending === i.id || i.updating} onUpdate={runUpdate} />
      ),
    },
  ];

  return (
    <Page>
      <PageHeader
        title="Published"
        description="Posts Lumen published to your WordPress sites, with their live address, their status on WordPress and the draft version they hold."
      />
      {items && (items.length > 0 || outdatedOnly) ? (
        <label className="flex w-fit items-center gap-2 text-sm text-muted">
          <input
            type="checkbox"
            checked={outdatedOnly}
            onChange={(e) => setOutdatedOnly(e.target.checked)}
          />
          Only posts whose draft changed since
        </label>
      ) : null}
      {streams ? live.map((i) => <LiveRow key={i.id} id={i.id} onFail={onStreamError} />) : null}
      {polling ? (
        <p className="text-xs text-subtle" role="status">
          Checking for updates every few seconds.
        </p>
      ) : null}
      <DataTable
        label="Published posts"
        columns={columns}
        rows={items}
        rowKey={(i) => i.id}
        loading={loading}
        error={error ?? null}
        onRetry={() => void refetch()}
        pageSize={PAGE_SIZE}
        noMatch={
          outdatedOnly && items?.length === 0 ? (
            <EmptyState icon={CircleCheckBig} title="Every post holds its latest draft">
              No draft changed since its post was written.
            </EmptyState>
          ) : undefined
        }
        empty={
          <EmptyState
            icon={CircleCheckBig}
            title="Nothing published yet"
            action={
              <Link to="/publishing/drafts" className={buttonClass.primary}>
                Review drafts
              </Link>
            }
          >
            Approved drafts are published to your connected WordPress sites and listed here with
            their live address.
          </EmptyState>
        }
      />
      {connection?.pageInfo.hasNextPage ? (
        <div className="text-center">
          <button
            type="button"
            className={buttonClass.ghost}
            disabled={loading}
            onClick={() =>
              fetchMore({
                variables: { after: connection.pageInfo.endCursor },
                updateQuery: (prev, { fetchMoreResult }) => ({
                  publishedItems: {
                    ...fetchMoreResult.publishedItems,
                    edges: [...prev.publishedItems.edges, ...fetchMoreResult.publishedItems.edges],
                  },
                }),
              })
            }
          >
            Show more
          </button>
        </div>
      ) : null}
    </Page>
  );
}

function UpdateButton({
  item,
  busy,
  onUpdate,
}: {
  item: Item;
  busy: boolean;
  onUpdate: (item: Item) => Promise<void>;
}) {
  const action = updateAction(item);
  return (
    <button
      type="button"
      className={buttonClass.secondary}
      disabled={action.disabled || busy || !item.site}
      onClick={() => void onUpdate(item)}
      title={item.site ? undefined : 'The site was removed from Lumen'}
    >
      <RefreshCw aria-hidden="true" size={14} className={busy ? 'animate-spin' : ''} />
      {busy ? 'Updating…' : action.label}
    </button>
  );
}

function VersionCell({ item }: { item: Item }) {
  const view = versionView(item);
  return (
    <div className="text-xs">
      <p className="tabular-nums text-muted">{view.live}</p>
      {view.behind ? <p className="text-warning">{view.behind}</p> : null}
      <p className="tabular-nums text-subtle">Written {timeAgo(String(item.updatedAt))}</p>
    </div>
  );
}
