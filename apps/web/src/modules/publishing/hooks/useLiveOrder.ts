import { useApolloClient, useSubscription } from '@apollo/client/react';
import type { OrderStatus } from '@lumen/schema/generated/graphql';
import { useRef } from 'react';
import { OrderUpdatedSubscription } from '../graphql/orders';
import { isOpenOrder } from '../utils/draftView';

/**
 * Follows one open order: every frame lands in Apollo's cache (one Order per id, so its row
 * moves), and when it finishes the sidebar badges and the lists read again.
 */
export function useLiveOrder(
  id: string,
  status: OrderStatus,
  options: { enabled?: boolean; onError?: () => void } = {},
) {
  const client = useApolloClient();
  const finished = useRef(false);
  useSubscription(OrderUpdatedSubscription, {
    variables: { id },
    skip: !isOpenOrder(status) || options.enabled === false,
    onData: ({ data }) => {
      const next = data.data?.orderUpdated;
      if (!next || isOpenOrder(next.status) || finished.current) return;
      finished.current = true;
      void client.refetchQueries({ include: ['NavigationCounts', 'Drafts', 'Orders'] });
    },
    // Without the stream the page polls instead (OrdersPage).
    onError: () => options.onError?.(),
  });
}
