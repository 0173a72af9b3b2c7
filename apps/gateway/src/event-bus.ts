import { EventSchema, eventChannel, type LumenEvent } from '@lumen/jobs/events';
import type { Redis } from 'ioredis';

export type EventBus = {
  /** Yields every event published on `topic` until the consumer stops iterating. */
  subscribe(topic: string, signal?: AbortSignal): AsyncIterableIterator<LumenEvent>;
  /**
   * Calls `listener` with every event on every topic (one pattern subscription per process);
   * the response cache invalidates from these. Returns a function that stops listening.
   */
  onAnyEvent(listener: (event: LumenEvent) => void): () => void;
  close(): Promise<void>;
};

/**
 * One Redis subscriber connection per gateway process, fanned out to any number of GraphQL
 * subscriptions. Events are nudges: resolvers re-read the status row they refer to.
 */
export function createEventBus(subscriber: Redis, prefix: string): EventBus {
  const listeners = new Map<string, Set<(event: LumenEvent) => void>>();
  const anyListeners = new Set<(event: LumenEvent) => void>();
  const everyTopic = eventChannel(prefix, '*');

  subscriber.on('pmessage', (pattern: string, _channel: string, message: string) => {
    if (pattern !== everyTopic || anyListeners.size === 0) return;
    const parsed = EventSchema.safeParse(safeJson(message));
    if (!parsed.success) return;
    for (const fn of anyListeners) fn(parsed.data);
  });

  subscriber.on('message', (channel: string, message: string) => {
    const set = listeners.get(channel);
    if (!set) return;
    const parsed = EventSchema.safeParse(safeJson(message));
    if (!parsed.success) return;
    for (const fn of set) fn(parsed.data);
  });

  return {
    subscribe(topic, signal) {
      const channel = eventChannel(prefix, topic);
      const queue: LumenEvent[] = [];
      let wake: (() => void) | null = null;
      let done = false;
      const push = (event: LumenEvent) => {
        queue.push(event);
        wake?.();
      };
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        void subscriber.subscribe(channel);
      }
      set.add(push);
      const stop = () => {
        if (done) return;
        done = true;
        const current = listeners.get(channel);
        current?.delete(push);
        if (current && current.size === 0) {
          listeners.delete(channel);
          void subscriber.unsubscribe(channel).catch(() => {});
        }
        wake?.();
      };
      signal?.addEventListener('abort', stop, { once: true });

      const iterator: AsyncIterableIterator<LumenEvent> = {
        async next() {
          while (!done) {
            const event = queue.shift();
            if (event) return { value: event, done: false };
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
            wake = null;
          }
          return { value: undefined, done: true };
        },
        async return() {
          stop();
          return { value: undefined, done: true };
        },
        [Symbol.asyncIterator]() {
          return iterator;
        },
      };
      return iterator;
    },
    onAnyEvent(listener) {
      if (anyListeners.size === 0) void subscriber.psubscribe(everyTopic);
      anyListeners.add(listener);
      return () => {
        if (!anyListeners.delete(listener) || anyListeners.size > 0) return;
        void subscriber.punsubscribe(everyTopic).catch(() => {});
      };
    },
    async close() {
      listeners.clear();
      anyListeners.clear();
      subscriber.disconnect();
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
