import { skipToken, useQuery, useSubscription } from '@apollo/client/react';
import type { QuickScoreFieldsFragment } from '@lumen/schema/generated/graphql';
import { useEffect, useState } from 'react';
import { QuickScoreQuery, QuickScoreUpdatedSubscription } from '../graphql/quickScore';
import { pickLatest } from '../utils/pickLatest';
import { isFinalStatus } from '../utils/quickScoreView';

export const POLL_INTERVAL_MS = 2000;
/** The subscription sends the current state at once; silence this long means it is not working. */
const FIRST_EVENT_TIMEOUT_MS = 6000;
/** A running check reports every answer; this long without a word, the page polls instead. */
const SILENCE_TIMEOUT_MS = 15_000;

export type QuickScoreData = QuickScoreFieldsFragment;

/**
 * A quick score that follows the job live: one query for the first paint, then the SSE
 * subscription until COMPLETED or FAILED. If the subscription errors, or stays silent at first
 * or midway, it falls back to polling the query every 2 s.
 */
export function useQuickScore(id: string) {
  // cache-first: a check started in this tab is already cached, and the subscription's first
  // event brings it up to date; a shared link or a reload fetches it.
  const query = useQuery(QuickScoreQuery, { variables: { id } });
  const [pushed, setPushed] = useState<QuickScoreData | null>(null);
  const [fallback, setFallback] = useState(false);

  // undefined until the first answer, null for an unknown id.
  const fetched: QuickScoreData | null | undefined =
    query.data === undefined ? undefined : (query.data.quickScore ?? null);
  const score = pickLatest(fetched, pushed?.id === id ? pushed : null);
  const live = Boolean(score && !score.expired && !isFinalStatus(score.status));

  useSubscription(
    QuickScoreUpdatedSubscription,
    live && !fallback
      ? {
          variables: { id },
          onData: ({ data }) => {
            const next = data.data?.quickScoreUpdated;
            // Concurrent progress writes on the server can land out of order: keep the newest.
            if (next)
              setPushed((previous) =>
                previous?.id === next.id ? (pickLatest(previous, next) ?? next) : next,
              );
          },
          onError: () => setFallback(true),
        }
      : skipToken,
  );

  // Restarted by every event (`pushed` changes): a subscription that goes silent midway, or
  // never speaks, hands over to polling, so a check that stopped is still seen to stop.
  const lastHeard = pushed?.id === id ? pushed : null;
  useEffect(() => {
    if (!live || fallback) return;
    const wait = lastHeard ? SILENCE_TIMEOUT_MS : FIRST_EVENT_TIMEOUT_MS;
    const timer = setTimeout(() => setFallback(true), wait);
    return () => clearTimeout(timer);
  }, [live, fallback, lastHeard]);

  const { startPolling, stopPolling } = query;
  const polling = live && fallback;
  useEffect(() => {
    if (!polling) return;
    startPolling(POLL_INTERVAL_MS);
    return () => stopPolling();
  }, [polling, startPolling, stopPolling]);

  return {
    score,
    error: query.error ?? null,
    polling,
    refetch: () => {
      setFallback(false);
      return query.refetch();
    },
  };
}
