import { useSubscription } from '@apollo/client/react';
import { useRef } from 'react';
import { NavigationCountsQuery } from '../../shell/graphql/navigationCounts';
import { OpportunityCountsSubscription } from '../graphql/opportunities';
import { openCount } from '../utils/opportunityView';

/**
 * Keeps the sidebar's opportunity badge live: the workspace's counts arrive at once and after
 * every change (a run's gap analysis, anyone's move) and are written into the badge's query.
 */
export function useOpportunityCountsLive() {
  const last = useRef<string | null>(null);
  useSubscription(OpportunityCountsSubscription, {
    onData: ({ client, data }) => {
      const counts = data.data?.opportunityCounts;
      if (!counts) return;
      client.cache.updateQuery({ query: NavigationCountsQuery }, (current) =>
        current?.navigationCounts
          ? {
              ...current,
              navigationCounts: { ...current.navigationCounts, opportunities: openCount(counts) },
            }
          : current,
      );
      // Open lists and the board re-read too when something changed since the first frame.
      const key = JSON.stringify(counts);
      const changed = last.current !== null && last.current !== key;
      last.current = key;
      if (changed) void client.refetchQueries({ include: ['Opportunities', 'OpportunityStats'] });
    },
    // The badge still reads navigationCounts on every page load without the stream.
    onError: () => {},
  });
}
