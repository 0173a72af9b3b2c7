import { skipToken, useSubscription } from '@apollo/client/react';
import { PublishedItemUpdatedSubscription } from '../graphql/publishedItems';

/** Live updates open at once from one page; more (or a failing stream) fall back to polling. */
export const MAX_LIVE_ITEMS = 4;

/**
 * One item followed live through `publishedItemUpdated`: Apollo's cache holds one PublishedItem
 * per id, so the row re-renders with every frame. `onFail` hands over to polling.
 */
export function useLivePublishedItem(id: string | null, onFail: () => void) {
  useSubscription(
    PublishedItemUpdatedSubscription,
    id ? { variables: { id }, onError: onFail } : skipToken,
  );
}
