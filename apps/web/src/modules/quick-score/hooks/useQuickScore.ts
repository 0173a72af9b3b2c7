import { useQuery } from '@apollo/client/react';
import type { QuickScoreFieldsFragment } from '@lumen/schema/generated/graphql';
import { useState } from 'react';
import { useLiveQuery } from '../../../app/live/useLiveQuery';
import { QuickScoreQuery, QuickScoreUpdatedSubscription } from '../graphql/quickScore';
import { pickLatest } from '../utils/pickLatest';
import { isFinalStatus } from '../utils/quickScoreView';

export type QuickScoreData = QuickScoreFieldsFragment;

/**
 * A quick score that follows the job live: one query for the first paint, then the SSE
 * subscription until COMPLETED or FAILED, with useLiveQuery's fallback to polling.
 */
export function useQuickScore(id: string) {
  // cache-first: a check started in this tab is already cached, and the subscription's first
  // event brings it up to date; a shared link or a reload fetches it.
  const query = useQuery(QuickScoreQuery, { variables: { id } });
  const [pushed, setPushed] = useState<QuickScoreData | null>(null);

  // undefined until the first answer, null for an unknown id.
  const fetched: QuickScoreData | null | undefined =
    query.data === undefined ? undefined : (query.data.quickScore ?? null);
  const score = pickLatest(fetched, pushed?.id === id ? pushed : null);
  const live = Boolean(score && !score.expired && !isFinalStatus(score.status));

  const { polling, refetch } = useLiveQuery(query, {
    live,
    subscription: QuickScoreUpdatedSubscription,
    variables: { id },
    onData: ({ quickScoreUpdated: next }) => {
      // Concurrent progress writes on the server can land out of order: keep the newest.
      setPushed((previous) =>
        previous?.id === next.id ? (pickLatest(previous, next) ?? next) : next,
      );
    },
  });

  return { score, error: query.error ?? null, polling, refetch };
}
