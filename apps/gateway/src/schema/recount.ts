import { type Brand, findBrand } from '@lumen/db/repositories/brand.repository';
import type { Reanalysis } from '@lumen/db/repositories/reanalysis.repository';
import { TOPIC } from '@lumen/jobs/events';
import { builder } from '../builder';
import type { Context } from '../context';
import { notFound } from '../errors';
import { brandLoaders } from '../loaders/brand-loaders';
import { rowStream } from '../subscriptions/row-stream';
import { requestStream } from '../subscriptions/stream-limits';
import { findOwned } from '../workspace-scope';
import { BrandType } from './refs';
import { JobStatusEnum } from './shared';

// A brand's stored answers being counted again after its names or the analyzer changed
// (docs/jobs.md, "Re-analysis"): the latest one on the brand, and a stream that follows it.

const RecountType = builder.objectRef<Reanalysis>('Recount').implement({
  description:
    'The brand’s stored answers analysed again (a competitor or alias changed, or the analyzer did); its rollups are rebuilt when it completes.',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.field({ type: JobStatusEnum, resolve: (r) => r.status }),
    done: t.exposeInt('done', { description: 'Answers analysed again so far.' }),
    total: t.exposeInt('total', { description: 'Answers to analyse; 0 until it starts.' }),
    methodChanged: t.exposeBoolean('methodChanged', {
      description: 'Started by a new analyzer version, not by a change of names.',
    }),
    error: t.exposeString('error', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
  }),
});

builder.objectFields(BrandType, (t) => ({
  recount: t.field({
    type: RecountType,
    nullable: true,
    description: 'The latest recount of the stored answers (open or finished); null when none.',
    resolve: (b, _args, ctx) => brandLoaders(ctx).recount.load(b.id),
  }),
}));

builder.subscriptionField('recountUpdated', (t) =>
  t.field({
    type: BrandType,
    authScopes: { member: true },
    description:
      'The brand at once, then each time its recount moves (progress, COMPLETED or FAILED).',
    args: { brandId: t.arg.id({ required: true }) },
    subscribe: async (_root, { brandId }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      await findOwned(ctx, 'Brand', brandId, findBrand);
      return requestStream(ctx, (signal) =>
        recountUpdates(ctx, workspaceId, String(brandId), signal),
      );
    },
    resolve: (brand) => brand,
  }),
);

function recountUpdates(ctx: Context, workspaceId: string, brandId: string, signal: AbortSignal) {
  const loaders = brandLoaders(ctx);
  const recountOf = (brand: Brand) => loaders.recount.load(brand.id);
  return rowStream<Brand>({
    events: ctx.deps.events,
    topic: TOPIC.recount(brandId),
    signal,
    read: () => findBrand(ctx.deps.db, workspaceId, brandId),
    missing: () => notFound('Brand'),
    key: async (brand) => {
      const r = await recountOf(brand);
      return JSON.stringify(r ? [r.id, r.status, r.done, r.total] : null);
    },
    // Open while the page follows it: a brand has no final state, and a recount finishing is
    // the frame the page waits for (it then reads its numbers again and stops following).
    beforeRead: () => loaders.recount.clearAll(),
  });
}
