import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { skipToken, useSubscription } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import { followMode, listMode, POLL_INTERVAL_MS } from './liveMode';

/** The part of a `useQuery` result that polling needs. */
type Pollable = { startPolling(ms: number): void; stopPolling(): void };

/** Polls the query while `polling` holds, and stops when it no longer does or on unmount. */
function usePollWhile({ startPolling, stopPolling }: Pollable, polling: boolean, ms: number) {
  useEffect(() => {
    if (!polling) return;
    startPolling(ms);
    return () => stopPolling();
  }, [polling, ms, startPolling, stopPolling]);
}

/**
 * Keeps one query's row current while `live`: the subscription pushes each change (into
 * Apollo's cache, or to `onData`); if it errors, or stays silent at first or midway, the query
 * is polled every 2 s instead, so a job that stopped is still seen to stop. `refetch` also gives
 * the stream another chance. The rules are `followMode` (liveMode.ts, tested there).
 */
export function useLiveQuery<TEvent, TVariables extends OperationVariables>(
  query: Pollable & { refetch(): Promise<unknown> },
  follow: {
    live: boolean;
    subscription: TypedDocumentNode<TEvent, TVariables>;
    variables: TVariables;
    onData?: (event: TEvent) => void;
  },
) {
  const [fallback, setFallback] = useState(false);
  const [heard, setHeard] = useState(0);
  const mode = followMode({ live: follow.live, fallback, heard });
  const { onData } = follow;

  // Checked against the document's own variables by the signature above; erased here because
  // Apollo's overloads cannot resolve optional-or-required options for a generic TVariables.
  const subscription = follow.subscription as TypedDocumentNode<TEvent, OperationVariables>;
  useSubscription(
    subscription,
    mode.subscribe
      ? {
          variables: follow.variables,
          onData: ({ data }) => {
            setHeard((n) => n + 1);
            if (data.data && onData) onData(data.data);
          },
          onError: () => setFallback(true),
        }
      : skipToken,
  );

  // Restarted by every event (`heard` changes): silence for the watchdog's span hands over.
  const { live } = follow;
  useEffect(() => {
    const { watchdogMs } = followMode({ live, fallback, heard });
    if (watchdogMs === null) return;
    const timer = setTimeout(() => setFallback(true), watchdogMs);
    return () => clearTimeout(timer);
  }, [live, fallback, heard]);

  usePollWhile(query, mode.poll, POLL_INTERVAL_MS);

  return {
    polling: mode.poll,
    refetch: () => {
      setFallback(false);
      return query.refetch();
    },
  };
}

/**
 * Keeps a list current while `open` of its rows are changing: each such row may follow its own
 * stream (`streams`) while there are at most `maxStreams`; more, or a row's stream failing
 * (`onStreamError`), and the list is polled every `pollMs` instead (`listMode`, liveMode.ts).
 */
export function useLiveList(
  query: Pollable,
  {
    open,
    maxStreams,
    pollMs = POLL_INTERVAL_MS,
  }: { open: number; maxStreams: number; pollMs?: number },
) {
  const [failed, setFailed] = useState(false);
  const mode = listMode({ open, maxStreams, failed });
  usePollWhile(query, mode.poll, pollMs);
  const onStreamError = useCallback(() => setFailed(true), []);
  return { streams: mode.streams, polling: mode.poll, onStreamError };
}
