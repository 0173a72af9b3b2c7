import { type AnnotationRow, listAnnotations } from '@lumen/db/repositories/annotation.repository';
import type { Brand } from '@lumen/db/repositories/brand.repository';
import DataLoader from 'dataloader';
import type { Context } from '../context';
import type { ParsedFilter } from './brand-metrics.service';

// What happened to a brand in a range (docs/metrics.md, "Annotations"): a list of brands costs
// one statement per range.

type Key = { brandId: string; from: string; to: string };

const perRequest = new WeakMap<Context, DataLoader<Key, AnnotationRow[], string>>();

function annotationLoader(ctx: Context) {
  const cached = perRequest.get(ctx);
  if (cached) return cached;
  const loader = new DataLoader<Key, AnnotationRow[], string>(
    async (keys) => {
      const workspaceId = (await ctx.workspace()).id;
      const ranges = new Map<string, { from: string; to: string; ids: Set<string> }>();
      for (const k of keys) {
        const r = ranges.get(`${k.from}/${k.to}`) ?? { from: k.from, to: k.to, ids: new Set() };
        r.ids.add(k.brandId);
        ranges.set(`${k.from}/${k.to}`, r);
      }
      const out = new Map<string, AnnotationRow[]>();
      await Promise.all(
        [...ranges].map(async ([range, r]) => {
          for (const row of await listAnnotations(ctx.deps.db, workspaceId, [...r.ids], r)) {
            const key = `${range}|${row.brandId}`;
            out.set(key, [...(out.get(key) ?? []), row]);
          }
        }),
      );
      return keys.map((k) => out.get(`${k.from}/${k.to}|${k.brandId}`) ?? []);
    },
    { cacheKeyFn: (k) => `${k.from}/${k.to}|${k.brandId}` },
  );
  perRequest.set(ctx, loader);
  return loader;
}

export function brandAnnotations(
  ctx: Context,
  brand: Brand,
  f: ParsedFilter,
): Promise<AnnotationRow[]> {
  return annotationLoader(ctx).load({ brandId: brand.id, from: f.from, to: f.to });
}
