import { skipToken, useQuery, useSubscription } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { RunQuery, RunUpdatedSubscription } from '../graphql/runs';
import { isOpenRun } from '../utils/runView';

const POLL_INTERVAL_MS = 2000;
/** The subscription sends the current state at once; silence this long means it is not working. */
const FIRST_EVENT_TIMEOUT_MS = 6000;
/** A running run reports every answer; this long without a word, the page polls instead. */
const SILENCE_TIMEOUT_MS = 15_000;

/**
 * A run that follows the worker live: the query for the first paint, then the `runUpdated`
 * subscription until it ends; silence or an error hands over to polling every 2 s. Apollo's
 * cache holds one Run per id, so every list showing this run (the brand's latest run, the
 * history) moves with it.
 */
export function useLiveRun(id: string | null) {
  const query = useQuery(RunQuery, id ? { variables: { id } } : skipToken);
  const [heard, setHeard] = useState(0);
  const [fallback, setFallback] = useState(false);
  const run = query.data?.run ?? null;
  const live = Boolean(id && run && isOpenRun(run.status));

  useSubscription(
    RunUpdatedSubscription,
    live && id && !fallback
      ? {
          variables: { id },
          onData: () => setHeard((n) => n + 1),
          onError: () => setFallback(true),
        }
      : skipToken,
  );

  useEffect(() => {
    if (!live || fallback) return;
    const timer = setTimeout(
      () => setFallback(true),
      heard > 0 ? SILENCE_TIMEOUT_MS : FIRST_EVENT_TIMEOUT_MS,
    );
    return () => clearTimeout(timer);
  }, [live, fallback, heard]);

  const { startPolling, stopPolling } = query;
  const polling = live && fallback;
  useEffect(() => {
    if (!polling) return;
    startPolling(POLL_INTERVAL_MS);
    return () => stopPolling();
  }, [polling, startPolling, stopPolling]);

  return {
    run,
    loading: query.loading && !query.data,
    error: query.error ?? null,
    polling,
    refetch: () => {
      setFallback(false);
      return query.refetch();
    },
  };
}
