import type postgres from 'postgres';

// How busy the process's Postgres pool is (docs/observability.md, "The database pool").
// postgres.js keeps its connection queues private, so the pool is measured from the outside:
// every top-level statement and every transaction asks for one connection from the moment it
// is issued until it settles. postgres.js gives such a request an idle connection, else opens
// one of the `max`, else pipelines it behind a statement on a busy connection or queues it: so
// up to `max` requests run at once and the rest wait, and in use = min(requests, max), waiting
// = the requests beyond `max`. Statements inside a transaction use its connection and are not
// counted again.

export type PoolStats = {
  /** Connections the pool may open (DATABASE_POOL_MAX). */
  readonly max: number;
  /** Connections serving a statement or a transaction now. */
  inUse(): number;
  /** Statements and transactions waiting for a connection now. */
  waiting(): number;
};

type Settling = { resolve: (value: unknown) => unknown; reject: (error: unknown) => unknown };

/**
 * Wraps a postgres.js client so that its requests for a connection are counted. The returned
 * client is the same client to every caller (a Proxy): tagged statements, `unsafe` (what
 * Drizzle sends) and `begin` (Drizzle's transactions) are counted; everything else passes through.
 */
export function countPoolRequests(
  client: postgres.Sql,
  max: number,
): {
  client: postgres.Sql;
  stats: PoolStats;
} {
  let requests = 0;
  const settled = () => {
    requests -= 1;
  };
  // A postgres.js query is a lazy promise: awaiting it is what sends it, so it is never awaited
  // here. It settles through its own resolve and reject, which are wrapped instead.
  function track<Q>(query: Q): Q {
    const q = query as unknown as Settling;
    if (typeof q?.resolve !== 'function' || typeof q.reject !== 'function') return query;
    requests += 1;
    let done = false;
    const once = () => {
      if (!done) {
        done = true;
        settled();
      }
    };
    const { resolve, reject } = q;
    q.resolve = (value) => {
      once();
      return resolve(value);
    };
    q.reject = (error) => {
      once();
      return reject(error);
    };
    return query;
  }
  const counted = new Proxy(client, {
    apply(target, thisArg, args) {
      return track(Reflect.apply(target, thisArg, args));
    },
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === 'unsafe' && typeof value === 'function') {
        return (...args: unknown[]) => track(Reflect.apply(value, target, args));
      }
      if (property === 'begin' && typeof value === 'function') {
        return async (...args: unknown[]) => {
          requests += 1;
          try {
            return await Reflect.apply(value, target, args);
          } finally {
            settled();
          }
        };
      }
      return value;
    },
  });
  return {
    client: counted,
    stats: {
      max,
      inUse: () => Math.min(requests, max),
      waiting: () => Math.max(0, requests - max),
    },
  };
}
