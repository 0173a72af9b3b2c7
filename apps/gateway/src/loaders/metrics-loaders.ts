import {
  listTallies,
  type TallyQuery,
  type TallyRow,
} from '@lumen/db/repositories/metrics-query.repository';
import DataLoader from 'dataloader';
import type { Context } from '../context';

type Key = { brandId: string; query: TallyQuery };

const perRequest = new WeakMap<Context, DataLoader<Key, TallyRow[], string>>();

/**
 * Rollup rows of many brands with one statement per distinct query: the dashboard asks the same
 * range for every brand, so a list of 20 brands costs one read, not twenty.
 */
export function tallyLoader(ctx: Context): DataLoader<Key, TallyRow[], string> {
  const cached = perRequest.get(ctx);
  if (cached) return cached;
  const loader = new DataLoader<Key, TallyRow[], string>(
    async (keys) => {
      const workspaceId = (await ctx.workspace()).id;
      const byQuery = new Map<string, { query: TallyQuery; brandIds: Set<string> }>();
      for (const k of keys) {
        const q = JSON.stringify(k.query);
        const group = byQuery.get(q) ?? { query: k.query, brandIds: new Set<string>() };
        group.brandIds.add(k.brandId);
        byQuery.set(q, group);
      }
      const results = new Map<string, TallyRow[]>();
      await Promise.all(
        [...byQuery].map(async ([q, { query, brandIds }]) => {
          const rows = await listTallies(ctx.deps.db, workspaceId, [...brandIds], query);
          for (const id of brandIds) results.set(`${q}|${id}`, []);
          for (const row of rows) results.get(`${q}|${row.brandId}`)?.push(row);
        }),
      );
      return keys.map((k) => results.get(`${JSON.stringify(k.query)}|${k.brandId}`) ?? []);
    },
    { cacheKeyFn: (k) => `${JSON.stringify(k.query)}|${k.brandId}` },
  );
  perRequest.set(ctx, loader);
  return loader;
}
