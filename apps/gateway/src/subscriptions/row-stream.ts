import type { EventBus } from '../event-bus';

// The live-row subscription every status row uses (a run, an order, a draft, a published item, a
// quick score): the row is the truth and an event is only a nudge to read it again
// (docs/jobs.md, "The contract").

export type RowStreamOptions<T> = {
  events: EventBus;
  /** The row's own topic (`TOPIC.run(id)`, …). */
  topic: string;
  signal: AbortSignal;
  /** Reads the row; null once it is gone (the stream then ends). */
  read: () => Promise<T | null>;
  /** Thrown when the row is missing at the first read. */
  missing: () => Error;
  /** What the subscriber sees change: a frame is sent only when this differs from the last. */
  key: (row: T) => string | Promise<string>;
  /** The row will not change again: the stream ends after sending it. Without it, it never does. */
  isFinal?: (row: T) => boolean;
  /** Before each re-read: one subscription keeps one context, so drop what its loaders cached. */
  beforeRead?: () => void;
};

/** The row at once, then every change that alters its key, until it is final or gone. */
export async function* rowStream<T>(o: RowStreamOptions<T>): AsyncGenerator<T> {
  // Subscribe before the first read so no change between the two is missed.
  const events = o.events.subscribe(o.topic, o.signal);
  try {
    let row = await o.read();
    if (!row) throw o.missing();
    let last = await o.key(row);
    yield row;
    while (!o.isFinal?.(row)) {
      const next = await events.next();
      if (next.done) return;
      o.beforeRead?.();
      const fresh = await o.read();
      if (!fresh) return;
      row = fresh;
      const key = await o.key(row);
      if (key !== last) yield row;
      last = key;
    }
  } finally {
    await events.return?.();
  }
}
