import { useQuery, useSubscription } from '@apollo/client/react';
import type { ActivityEntryFieldsFragment } from '@lumen/schema/generated/graphql';
import { useEffect, useMemo, useState } from 'react';
import { ActivityAddedSubscription, ActivityQuery } from '../graphql/activity';
import {
  filterVariables,
  type LogFilter,
  matchesFilter,
  mergeEntries,
} from '../utils/activityView';

export type ActivityEntry = ActivityEntryFieldsFragment;

const PAGE = 50;
/** Once the live tail has failed, the first page is read again this often. */
const POLL_MS = 5000;

/**
 * The log for a filter: a page of 50, "Load more" for older ones, and a live tail
 * (activityAdded) that puts new entries on top. A log is mostly quiet, so silence is not a
 * failure here (unlike useLiveQuery's watchdog); a stream that errors hands over to polling
 * the first page, as useQuickScore's does.
 */
export function useActivityLog(filter: LogFilter) {
  const variables = useMemo(
    () => ({ filter: filterVariables(filter), first: PAGE, after: null }),
    [filter],
  );
  const query = useQuery(ActivityQuery, { variables, fetchPolicy: 'cache-and-network' });
  const [live, setLive] = useState<ActivityEntry[]>([]);
  const [fallback, setFallback] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);

  // A new filter starts a new list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on every new filter
  useEffect(() => setLive([]), [variables]);

  useSubscription(ActivityAddedSubscription, {
    skip: fallback,
    onData: ({ data }) => {
      const entry = data.data?.activityAdded;
      if (!entry || !matchesFilter(entry, filter)) return;
      setLive((previous) => mergeEntries([entry], previous));
    },
    onError: () => setFallback(true),
  });

  const { startPolling, stopPolling } = query;
  useEffect(() => {
    if (!fallback) return;
    startPolling(POLL_MS);
    return () => stopPolling();
  }, [fallback, startPolling, stopPolling]);

  const connection = query.data?.activity;
  const fetched = connection?.edges.map((e) => e.node) ?? null;
  const entries = fetched ? mergeEntries(live, fetched) : null;

  const loadMore = async () => {
    if (!connection?.pageInfo.endCursor) return;
    setLoadingMore(true);
    try {
      await query.fetchMore({
        variables: { ...variables, after: connection.pageInfo.endCursor },
        updateQuery: (previous, { fetchMoreResult }) => ({
          activity: {
            ...fetchMoreResult.activity,
            edges: [...previous.activity.edges, ...fetchMoreResult.activity.edges],
          },
        }),
      });
    } finally {
      setLoadingMore(false);
    }
  };

  return {
    entries,
    loading: query.loading,
    error: query.error ?? null,
    refetch: () => {
      setFallback(false);
      return query.refetch();
    },
    hasMore: connection?.pageInfo.hasNextPage ?? false,
    loadMore,
    loadingMore,
    polling: fallback,
  };
}
