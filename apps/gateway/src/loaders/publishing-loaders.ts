import { type DraftRow, findDraftsOfOrders } from '@lumen/db/repositories/draft.repository';
import {
  findOpportunities,
  type OpportunityRow,
} from '@lumen/db/repositories/opportunity-query.repository';
import { findOrders, type OrderRow } from '@lumen/db/repositories/order.repository';
import { findTemplate } from '@lumen/db/repositories/template.repository';
import { findSite } from '@lumen/db/repositories/wordpress-site.repository';
import type { Template } from '@lumen/domain/publishing/template';
import type { WordPressSite } from '@lumen/domain/publishing/wordpress-site';
import DataLoader from 'dataloader';
import type { Context } from '../context';

export type PublishingLoaders = {
  opportunity: DataLoader<string, OpportunityRow | null>;
  template: DataLoader<string, Template | null>;
  site: DataLoader<string, WordPressSite | null>;
  draftOfOrder: DataLoader<string, DraftRow | null>;
  order: DataLoader<string, OrderRow | null>;
  clearAll(): void;
};

const perRequest = new WeakMap<Context, PublishingLoaders>();

/** Batched reads behind Order and Draft fields, scoped to the request's workspace. */
export function publishingLoaders(ctx: Context): PublishingLoaders {
  const cached = perRequest.get(ctx);
  if (cached) return cached;
  const { db } = ctx.deps;
  const workspaceId = async () => (await ctx.workspace()).id;
  const loaders: PublishingLoaders = {
    opportunity: new DataLoader(async (ids) => {
      const rows = await findOpportunities(db, await workspaceId(), ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    // A workspace uses a handful of templates and sites: one small read each per request.
    template: new DataLoader(async (ids) => {
      const ws = await workspaceId();
      return Promise.all(ids.map((id) => findTemplate(db, ws, id)));
    }),
    site: new DataLoader(async (ids) => {
      const ws = await workspaceId();
      return Promise.all(ids.map((id) => findSite(db, ws, id)));
    }),
    draftOfOrder: new DataLoader(async (orderIds) => {
      const rows = await findDraftsOfOrders(db, await workspaceId(), orderIds);
      const byOrder = new Map(rows.map((r) => [r.orderId, r]));
      return orderIds.map((id) => byOrder.get(id) ?? null);
    }),
    order: new DataLoader(async (ids) => {
      const rows = await findOrders(db, await workspaceId(), ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    clearAll() {
      loaders.order.clearAll();
      loaders.opportunity.clearAll();
      loaders.template.clearAll();
      loaders.site.clearAll();
      loaders.draftOfOrder.clearAll();
    },
  };
  perRequest.set(ctx, loaders);
  return loaders;
}
