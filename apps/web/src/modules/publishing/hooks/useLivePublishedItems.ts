import { skipToken, useSubscription } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { PublishedItemUpdatedSubscription } from '../graphql/publishedItems';

/** Live updates open at once from one page; more (or a failing stream) fall back to polling. */
export const MAX_LIVE_ITEMS = 4;
const POLL_INTERVAL_MS = 2000;

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

/**
 * Polls the list while items are being written and live updates cannot follow them all (too
 * many at once, or a stream failed). Returns whether it is polling.
 */
export function usePublishedItemsFallback(
  updatingCount: number,
  failed: boolean,
  poll: { startPolling(ms: number): void; stopPolling(): void },
): boolean {
  const polling = updatingCount > 0 && (failed || updatingCount > MAX_LIVE_ITEMS);
  const { startPolling, stopPolling } = poll;
  useEffect(() => {
    if (!polling) return;
    startPolling(POLL_INTERVAL_MS);
    return () => stopPolling();
  }, [polling, startPolling, stopPolling]);
  return polling;
}

/** Remembers that a live stream failed, for the page's fallback. */
export function useStreamFailure(): [boolean, () => void] {
  const [failed, setFailed] = useState(false);
  return [failed, () => setFailed(true)];
}
