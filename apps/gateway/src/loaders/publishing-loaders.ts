import {
  type DraftRow,
  findDraft,
  findDraftsOfOrders,
} from '@lumen/db/repositories/draft.repository';
import {
  findOpportunities,
  type OpportunityRow,
} from '@lumen/db/repositories/opportunity-query.repository';
import { findOrders, type OrderRow } from '@lumen/db/repositories/order.repository';
import {
  listPublishedItemsOfDrafts,
  type PublishedItemRow,
} from '@lumen/db/repositories/published-item.repository';
import { findTemplate } from '@lumen/db/repositories/template.repository';
import { findSite } from '@lumen/db/repositories/wordpress-site.repository';
import type { Template } from '@lumen/domain/publishing/template';
import type { WordPressSite } from '@lumen/domain/publishing/wordpress-site';
import DataLoader from 'dataloader';
import { perRequest, workspaceIdOf } from './per-request';

export type PublishingLoaders = {
  opportunity: DataLoader<string, OpportunityRow | null>;
  template: DataLoader<string, Template | null>;
  site: DataLoader<string, WordPressSite | null>;
  draftOfOrder: DataLoader<string, DraftRow | null>;
  order: DataLoader<string, OrderRow | null>;
  /** Batched per tick, never cached (see below). */
  draft: DataLoader<string, DraftRow | null>;
  publishedItemOfDraft: DataLoader<string, PublishedItemRow | null>;
  clearAll(): void;
};

/** Batched reads behind Order, Draft and PublishedItem fields, scoped to the request's workspace. */
export const publishingLoaders = perRequest((ctx): PublishingLoaders => {
  const { db } = ctx.deps;
  const workspaceId = workspaceIdOf(ctx);
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
    // Each item has its own draft; a page of items is at most 100 small reads by primary key.
    draft: new DataLoader(
      async (ids) => {
        const ws = await workspaceId();
        return Promise.all(ids.map((id) => findDraft(db, ws, id)));
      },
      { cache: false },
    ),
    publishedItemOfDraft: new DataLoader(
      async (draftIds) => {
        const items = await listPublishedItemsOfDrafts(db, await workspaceId(), draftIds);
        return draftIds.map((id) => items.get(id) ?? null);
      },
      // Batched per tick, never cached: a subscription keeps its context across frames, and the
      // item appears when the draft is PUBLISHED.
      { cache: false },
    ),
    clearAll() {
      loaders.order.clearAll();
      loaders.opportunity.clearAll();
      loaders.template.clearAll();
      loaders.site.clearAll();
      loaders.draftOfOrder.clearAll();
    },
  };
  return loaders;
});
