import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { useLiveQuery } from '../../../app/live/useLiveQuery';
import {
  CitedPageScanUpdatedSubscription,
  ReadCitedPagesMutation,
  SourceOutreachQuery,
} from '../graphql/sources';
import { isOpenScan } from '../utils/sourcesView';

/**
 * "Cites them, not us" for the period, with the latest scan of the cited pages followed live
 * while it reads (the subscription, or polling when it goes silent); the list is read again
 * when a scan ends (docs/sources.md).
 */
export function useSourceOutreach(brandId: string, days: number) {
  const query = useQuery(SourceOutreachQuery, {
    variables: { brandId, range: { lastDays: days } },
    fetchPolicy: 'cache-and-network',
  });
  const scan = query.data?.sourceOutreach.scan ?? null;
  const open = Boolean(scan && isOpenScan(scan.status));
  const { refetch } = useLiveQuery(query, {
    live: open,
    subscription: CitedPageScanUpdatedSubscription,
    variables: { brandId },
    onData: (event) => {
      const next = event.citedPageScanUpdated;
      if (next && (next.id !== scan?.id || !isOpenScan(next.status))) void query.refetch();
    },
  });
  const wasOpen = useRef(open);
  const refetchQuery = query.refetch;
  useEffect(() => {
    if (wasOpen.current && !open) void refetchQuery();
    wasOpen.current = open;
  }, [open, refetchQuery]);

  const [read, reading] = useMutation(ReadCitedPagesMutation);
  const start = async () => {
    await read({ variables: { brandId } });
    await query.refetch();
  };
  return {
    data: query.data?.sourceOutreach ?? null,
    scan,
    open,
    loading: query.loading,
    error: query.error ?? null,
    refetch,
    start,
    starting: reading.loading,
  };
}
