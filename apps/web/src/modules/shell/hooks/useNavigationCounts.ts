import { useQuery } from '@apollo/client/react';
import { NavigationCountsQuery } from '../graphql/navigationCounts';

/** The workspace's item counts; one query feeds the sidebar badges and the empty states. */
export function useNavigationCounts() {
  const { data, loading, error, refetch } = useQuery(NavigationCountsQuery, {
    fetchPolicy: 'cache-and-network',
  });
  return { counts: data?.navigationCounts ?? null, loading: loading && !data, error, refetch };
}
