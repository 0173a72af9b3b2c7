import { findOrder, listOrders, type OrderRow } from '@lumen/db/repositories/order.repository';
import { orderStatus } from '@lumen/domain/status/order-status';
import { TOPIC } from '@lumen/jobs/events';
import { builder } from '../builder';
import type { Context } from '../context';
import { notFound } from '../errors';
import { publishingLoaders } from '../loaders/publishing-loaders';
import { activityExtension } from '../services/activity.service';
import { cancelOrder, createOrder, retryOrder } from '../services/create-order.service';
import { improvePage } from '../services/improve-page.service';
import { setOrderSite } from '../services/set-order-site.service';
import { rowStream } from '../subscriptions/row-stream';
import { requestStream } from '../subscriptions/stream-limits';
import { findOwned, findOwnedOrNull, requireIdArg } from '../workspace-scope';
import { connectionType, newestFirst, pageArgs } from './connection';
import { DraftType, OpportunityType, OrderType, TemplateType, WordPressSiteType } from './refs';

// Content orders (docs/publishing.md, "Orders and drafts"): order a piece for an opportunity,
// cancel, retry, read, page through, follow live. Another workspace's id answers exactly like a
// missing one.

export const OrderStatusEnum = builder.enumType('OrderStatus', { values: orderStatus.statuses });

const ImprovedPageType = builder
  .objectRef<NonNullable<OrderRow['pageSource']>>('ImprovedPage')
  .implement({
    description:
      'The live page an improvement order rewrites, as Lumen read it when the order was made.',
    fields: (t) => ({
      url: t.exposeString('url'),
      title: t.exposeString('title'),
      body: t.exposeString('body', {
        description: 'Its main text as light Markdown: what the draft is compared with.',
      }),
      fetchedAt: t.field({ type: 'DateTime', resolve: (p) => new Date(p.fetchedAt) }),
      changes: t.exposeStringList('changes', {
        description: 'What the improvement changed or asks for (empty until the draft is written).',
      }),
    }),
  });

OrderType.implement({
  description: 'A piece of content ordered for an opportunity; the worker writes its draft.',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.field({ type: OrderStatusEnum, resolve: (o) => o.status }),
    error: t.exposeString('error', { nullable: true, description: 'Why it failed, when it did.' }),
    writer: t.exposeString('writer', {
      nullable: true,
      description: 'Who wrote the draft: an engine id (an LLM) or "composer" (no LLM configured).',
    }),
    opportunity: t.field({
      type: OpportunityType,
      nullable: true,
      resolve: (o, _args, ctx) => publishingLoaders(ctx).opportunity.load(o.opportunityId),
    }),
    template: t.field({
      type: TemplateType,
      nullable: true,
      description: 'Null when the template was deleted since.',
      resolve: (o, _args, ctx) =>
        o.templateId ? publishingLoaders(ctx).template.load(o.templateId) : null,
    }),
    site: t.field({
      type: WordPressSiteType,
      nullable: true,
      resolve: (o, _args, ctx) => (o.siteId ? publishingLoaders(ctx).site.load(o.siteId) : null),
    }),
    draft: t.field({
      type: DraftType,
      nullable: true,
      description: 'Once DRAFT_READY.',
      resolve: (o, _args, ctx) =>
        o.draftId ? publishingLoaders(ctx).draftOfOrder.load(o.id) : null,
    }),
    improvedPage: t.field({
      type: ImprovedPageType,
      nullable: true,
      description:
        'For an improvement of a page that exists: that page. Null for a new piece. Publishing updates its post.',
      resolve: (o) => o.pageSource,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const OrderConnectionType = connectionType('Order', OrderType);

const OrderFilterInput = builder.inputType('OrderFilter', {
  fields: (t) => ({
    status: t.field({ type: [OrderStatusEnum] }),
    opportunityId: t.id(),
  }),
});

const CreateOrderInput = builder.inputType('CreateOrderInput', {
  fields: (t) => ({
    opportunityId: t.id({ required: true }),
    templateId: t.id({ required: true, description: 'A built-in template or one of yours.' }),
    siteId: t.id({
      description:
        'Where it will be published; optional now, needed for categories, tags and publishing.',
    }),
  }),
});

builder.queryField('orders', (t) =>
  t.field({
    type: OrderConnectionType,
    authScopes: { member: true },
    description: 'Newest first.',
    args: {
      filter: t.arg({ type: OrderFilterInput }),
      first: t.arg.int({ description: '1–100, default 20.' }),
      after: t.arg.string(),
    },
    resolve: async (_root, args, ctx) => {
      const page = pageArgs(args, newestFirst);
      const workspaceId = (await ctx.workspace()).id;
      const opportunityId =
        args.filter?.opportunityId == null
          ? null
          : requireIdArg('opportunityId', args.filter.opportunityId);
      const rows = await listOrders(
        ctx.deps.db,
        workspaceId,
        { statuses: args.filter?.status ?? null, opportunityId },
        page,
      );
      return page.connection(rows);
    },
  }),
);

builder.queryField('order', (t) =>
  t.field({
    type: OrderType,
    nullable: true,
    authScopes: { member: true },
    description: 'Null for a missing id and for another workspace’s order alike.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => findOwnedOrNull(ctx, id, findOrder),
  }),
);

builder.mutationField('createOrder', (t) =>
  t.field({
    type: OrderType,
    authScopes: { editor: true },
    description:
      'Orders a piece for the opportunity (QUEUED); the worker writes its draft. The opportunity moves to IN_PROGRESS.',
    args: { input: t.arg({ type: CreateOrderInput, required: true }) },
    extensions: activityExtension('order.created', 'opportunity.status_changed'),
    resolve: async (_root, { input }, ctx) => {
      const workspace = await ctx.workspace();
      if (!ctx.user) throw notFound('Opportunity');
      return createOrder(
        ctx.deps,
        { workspaceId: workspace.id, userId: ctx.user.id, acting: await ctx.acting() },
        {
          opportunityId: String(input.opportunityId),
          templateId: String(input.templateId),
          siteId: input.siteId == null || input.siteId === '' ? null : String(input.siteId),
        },
      );
    },
  }),
);

builder.mutationField('improvePage', (t) =>
  t.field({
    type: OrderType,
    authScopes: { editor: true },
    description:
      'Reads a page of the brand’s own site now and orders its improvement (QUEUED): the draft is the page with the GEO tactics and the site audit’s fixes, and publishing it updates the page’s WordPress post. PAGE_OFF_DOMAIN for a page elsewhere, PAGE_REFUSED for an address Lumen may not fetch, PAGE_UNREACHABLE when the page could not be read.',
    args: { brandId: t.arg.id({ required: true }), url: t.arg.string({ required: true }) },
    extensions: activityExtension('order.created', 'opportunity.status_changed'),
    resolve: async (_root, { brandId, url }, ctx) => {
      const workspace = await ctx.workspace();
      if (!ctx.user) throw notFound('Brand');
      return improvePage(
        ctx.deps,
        { workspaceId: workspace.id, userId: ctx.user.id, acting: await ctx.acting() },
        { brandId: String(brandId), url },
      );
    },
  }),
);

builder.mutationField('cancelOrder', (t) =>
  t.field({
    type: OrderType,
    authScopes: { editor: true },
    description: 'QUEUED or GENERATING → CANCELLED.',
    args: { id: t.arg.id({ required: true }) },
    extensions: activityExtension('order.cancelled'),
    resolve: async (_root, { id }, ctx) =>
      cancelOrder(ctx.deps, (await ctx.workspace()).id, await ctx.acting(), String(id)),
  }),
);

builder.mutationField('retryOrder', (t) =>
  t.field({
    type: OrderType,
    authScopes: { editor: true },
    description: 'FAILED → QUEUED: the draft is written again.',
    args: { id: t.arg.id({ required: true }) },
    extensions: activityExtension('order.retried'),
    resolve: async (_root, { id }, ctx) =>
      retryOrder(ctx.deps, (await ctx.workspace()).id, await ctx.acting(), String(id)),
  }),
);

// A site chosen after ordering (docs/publishing.md, "A site later"): the draft and its versions
// stay; categories, tags and publishing then come from the new site.
builder.mutationField('setOrderSite', (t) =>
  t.field({
    type: OrderType,
    authScopes: { editor: true },
    description:
      'Gives an order (and its draft) a WordPress site, keeping the draft and its versions. Refused while the draft is scheduled, publishing or published, or holds categories or tags of its current site.',
    args: { id: t.arg.id({ required: true }), siteId: t.arg.id({ required: true }) },
    extensions: activityExtension('order.site_set'),
    resolve: async (_root, { id, siteId }, ctx) =>
      setOrderSite(ctx.deps, (await ctx.workspace()).id, await ctx.acting(), {
        orderId: String(id),
        siteId: String(siteId),
      }),
  }),
);

builder.subscriptionField('orderUpdated', (t) =>
  t.field({
    type: OrderType,
    authScopes: { member: true },
    description:
      'The order’s current state at once, then every change until DRAFT_READY, FAILED or CANCELLED.',
    args: { id: t.arg.id({ required: true }) },
    subscribe: async (_root, { id }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      // Checked before the stream opens, so another workspace's id fails like a missing one.
      await findOwned(ctx, 'Order', id, findOrder);
      return requestStream(ctx, (signal) => orderUpdates(ctx, workspaceId, String(id), signal));
    },
    resolve: (row) => row,
  }),
);

/** FAILED is final for a stream: a retry is a new request, followed by a new subscription. */
const ENDS_STREAM = new Set(['DRAFT_READY', 'FAILED', 'CANCELLED']);
const orderKey = (o: OrderRow) => JSON.stringify([o.status, o.error, o.writer, o.draftId]);

function orderUpdates(ctx: Context, workspaceId: string, id: string, signal: AbortSignal) {
  return rowStream({
    events: ctx.deps.events,
    topic: TOPIC.order(id),
    signal,
    read: () => findOrder(ctx.deps.db, workspaceId, id),
    missing: () => notFound('Order'),
    key: orderKey,
    isFinal: (order) => ENDS_STREAM.has(order.status),
    beforeRead: () => publishingLoaders(ctx).clearAll(),
  });
}
