import { skipToken, useQuery } from '@apollo/client/react';
import { useLiveQuery } from '../../../app/live/useLiveQuery';
import { RunQuery, RunUpdatedSubscription } from '../graphql/runs';
import { isOpenRun } from '../utils/runView';

/**
 * A run that follows the worker live: the query for the first paint, then the `runUpdated`
 * subscription until it ends, with useLiveQuery's fallback to polling. Apollo's cache holds one
 * Run per id, so every list showing this run (the brand's latest run, the history) moves with it.
 */
export function useLiveRun(id: string | null) {
  const query = useQuery(RunQuery, id ? { variables: { id } } : skipToken);
  const run = query.data?.run ?? null;
  const { polling, refetch } = useLiveQuery(query, {
    live: Boolean(id && run && isOpenRun(run.status)),
    subscription: RunUpdatedSubscription,
    variables: { id: id ?? '' },
  });
  return {
    run,
    loading: query.loading && !query.data,
    error: query.error ?? null,
    polling,
    refetch,
  };
}
