import { useQuery } from '@apollo/client/react';
import { ArrowLeft, ExternalLink, FileSearch } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { timeAgo } from '../../../ui/format';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { ImpactPanel } from '../components/ImpactPanel';
import { IngestionStatus } from '../components/IngestionStatus';
import { PublishedItemImpactQuery } from '../graphql/closedLoop';
import { useLivePublishedItem } from '../hooks/useLivePublishedItems';
import { shortUrl } from '../utils/publishedView';

/** One published post and what it changed (docs/closed-loop.md). */
export function PublishedItemPage() {
  const { publishedItemId = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(PublishedItemImpactQuery, {
    variables: { id: publishedItemId },
    fetchPolicy: 'cache-and-network',
  });
  const item = data?.publishedItem;
  // The page's reading follows the worker live (publishedItemUpdated updates the cached item);
  // once it is read, the impact is asked for again.
  useLivePublishedItem(item ? publishedItemId : null, () => void refetch());
  const status = item?.ingestion.status;
  const lastStatus = useRef(status);
  useEffect(() => {
    if (status === 'READ' && lastStatus.current && lastStatus.current !== 'READ') void refetch();
    lastStatus.current = status;
  }, [status, refetch]);
  const back = (
    <Link to="/publishing/published" className={buttonClass.ghost}>
      <ArrowLeft aria-hidden="true" size={14} />
      Published
    </Link>
  );
  if (!item && loading) {
    return (
      <Page>
        <div role="status" aria-label="Loading the published post" className="flex flex-col gap-4">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-48 w-full" />
        </div>
      </Page>
    );
  }
  if (!item && error) {
    return (
      <Page>
        {back}
        <ErrorState error={error} onRetry={() => void refetch()} />
      </Page>
    );
  }
  if (!item) {
    return (
      <Page>
        <EmptyState icon={FileSearch} title="This published post was not found" action={back}>
          It may belong to another workspace, or its draft was deleted.
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page width="narrow">
      <div>{back}</div>
      <PageHeader
        title={item.title}
        description={
          <>
            {item.site ? item.site.name : 'Site removed from Lumen'} · published{' '}
            {timeAgo(String(item.publishedAt))}
            {item.ingestion.readAt
              ? ` · ${item.ingestion.status === 'READ' ? 'read' : 'last read'} by the offline engines ${timeAgo(String(item.ingestion.readAt))}`
              : ' · not read by the offline engines yet'}
          </>
        }
        actions={
          <a
            href={item.url}
            target="_blank"
            rel="noreferrer noopener"
            className={buttonClass.secondary}
          >
            <ExternalLink aria-hidden="true" size={14} />
            <span className="max-w-[14rem] truncate">{shortUrl(item.url)}</span>
          </a>
        }
      />
      <IngestionStatus itemId={item.id} ingestion={item.ingestion} />
      <ImpactPanel impact={item.impact} />
    </Page>
  );
}
