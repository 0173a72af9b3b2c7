import DataLoader from 'dataloader';
import type { Context } from '../context';

/**
 * One set of loaders per request: built on first use, then the same object for every field of
 * that request (a subscription keeps its context, so its streams clear what must be read again).
 */
export function perRequest<T>(make: (ctx: Context) => T): (ctx: Context) => T {
  const made = new WeakMap<Context, T>();
  return (ctx) => {
    const cached = made.get(ctx);
    if (cached) return cached;
    const loaders = make(ctx);
    made.set(ctx, loaders);
    return loaders;
  };
}

/** The request's workspace id, read once the first loader needs it. */
export const workspaceIdOf = (ctx: Context) => async () => (await ctx.workspace()).id;

/**
 * A loader whose keys carry an id and a shape (a range, a query, a filter): keys of one shape are
 * read with one statement for all their ids, and each key gets the rows whose rowId is its id.
 */
export function groupedLoader<K, R>(
  idOf: (k: K) => string,
  shapeOf: (k: K) => unknown,
  read: (ids: string[], sample: K) => Promise<R[]>,
  rowId: (r: R) => string,
) {
  const keyOf = (k: K) => `${JSON.stringify(shapeOf(k))}|${idOf(k)}`;
  return new DataLoader<K, R[], string>(
    async (keys) => {
      const groups = new Map<string, { sample: K; ids: Set<string> }>();
      for (const k of keys) {
        const shape = JSON.stringify(shapeOf(k));
        const g = groups.get(shape) ?? { sample: k, ids: new Set<string>() };
        g.ids.add(idOf(k));
        groups.set(shape, g);
      }
      const out = new Map<string, R[]>();
      await Promise.all(
        [...groups].map(async ([shape, g]) => {
          for (const row of await read([...g.ids], g.sample)) {
            const key = `${shape}|${rowId(row)}`;
            const list = out.get(key);
            if (list) list.push(row);
            else out.set(key, [row]);
          }
        }),
      );
      return keys.map((k) => out.get(keyOf(k)) ?? []);
    },
    { cacheKeyFn: keyOf },
  );
}
