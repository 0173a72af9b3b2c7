import { skipToken, useApolloClient, useQuery } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { useLiveQuery } from '../../../app/live/useLiveQuery';
import { BrandRecountQuery, RecountUpdatedSubscription } from '../graphql/recount';
import { isRecounting } from '../utils/recountView';

/**
 * The brand's recount, followed live while it is open (useLiveQuery: the subscription, or
 * polling when it goes silent). When an open recount ends, every active query is read again:
 * the page's numbers were rebuilt from the recounted answers.
 */
export function useRecount(brandId: string | null) {
  const client = useApolloClient();
  const query = useQuery(
    BrandRecountQuery,
    brandId ? { variables: { id: brandId }, fetchPolicy: 'cache-and-network' } : skipToken,
  );
  const recount = query.data?.brand?.recount ?? null;
  const open = isRecounting(recount);
  const { polling } = useLiveQuery(query, {
    live: Boolean(brandId) && open,
    subscription: RecountUpdatedSubscription,
    variables: { brandId: brandId ?? '' },
  });
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) void client.refetchQueries({ include: 'active' });
    wasOpen.current = open;
  }, [open, client]);
  return { recount, open, polling };
}
