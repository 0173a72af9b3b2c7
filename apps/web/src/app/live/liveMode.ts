// How a page keeps a query current while the worker changes what it shows (docs/web.md, "Live
// data"): a subscription while it works, polling when it does not. Pure, so the rules are tested
// without a browser; useLiveQuery applies them.

/** How often a query is read again once its stream has failed. */
export const POLL_INTERVAL_MS = 2000;
/** The subscription sends the current state at once; silence this long means it is not working. */
export const FIRST_EVENT_TIMEOUT_MS = 6000;
/** A live row reports every step; this long without a word, the page polls instead. */
export const SILENCE_TIMEOUT_MS = 15_000;

export type FollowState = {
  /** The data is still changing (a job is running); a finished row is neither followed nor polled. */
  live: boolean;
  /** The stream errored or stayed silent: polling has taken over. */
  fallback: boolean;
  /** Events heard on the stream so far. */
  heard: number;
};

export type FollowMode = {
  subscribe: boolean;
  poll: boolean;
  /** After this long without an event the stream counts as failed; null when not watching. */
  watchdogMs: number | null;
};

/** One row followed live: its stream until it fails or falls silent, then polling. */
export function followMode({ live, fallback, heard }: FollowState): FollowMode {
  if (!live) return { subscribe: false, poll: false, watchdogMs: null };
  if (fallback) return { subscribe: false, poll: true, watchdogMs: null };
  return {
    subscribe: true,
    poll: false,
    watchdogMs: heard > 0 ? SILENCE_TIMEOUT_MS : FIRST_EVENT_TIMEOUT_MS,
  };
}

export type ListState = {
  /** Rows of the list still changing. */
  open: number;
  /** At most this many rows get their own stream (each holds a connection). */
  maxStreams: number;
  /** A row's stream failed. */
  failed: boolean;
};

/**
 * A list whose rows are followed one stream each while there are few; more than that, or a
 * failed stream, and the list itself is polled while any row is still changing.
 */
export function listMode({ open, maxStreams, failed }: ListState): {
  streams: boolean;
  poll: boolean;
} {
  const streams = open <= maxStreams && !failed;
  return { streams, poll: open > 0 && !streams };
}
