import { findOrder, listOrders, type OrderRow } from '@lumen/db/repositories/order.repository';
import { orderStatus } from '@lumen/domain/status/order-status';
import { TOPIC } from '@lumen/jobs/events';
import { builder } from '../builder';
import type { Context } from '../context';
import { LumenError, notFound } from '../errors';
import { publishingLoaders } from '../loaders/publishing-loaders';
import { isUuid } from '../services/brand-rules';
import { cancelOrder, createOrder, retryOrder } from '../services/create-order.service';
import { requestStream } from '../subscriptions/stream-limits';
import type { Connection, Edge } from './connection';
import { pageArgs, toConnection } from './connection';
import { DraftType } from './draft';
import { OpportunityType } from './opportunity-types';
import { PageInfoType } from './run-types';
import { TemplateType } from './template';
import { WordPressSiteType } from './wordpress-site';

// Content orders (docs/publishing.md, "Orders and drafts"): order a piece for an opportunity,
// cancel, retry, read, page through, follow live. Another workspace's id answers exactly like a
// missing one.

export const OrderStatusEnum = builder.enumType('OrderStatus', { values: orderStatus.statuses });

export const OrderType = builder.objectRef<OrderRow>('Order').implement({
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
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

builder.objectField(DraftType, 'order', (t) =>
  t.field({
    type: OrderType,
    resolve: async (d, _args, ctx) => {
      const order = await publishingLoaders(ctx).order.load(d.orderId);
      if (!order) throw notFound('Order');
      return order;
    },
  }),
);

const OrderEdgeType = builder.objectRef<Edge<OrderRow>>('OrderEdge').implement({
  fields: (t) => ({
    node: t.field({ type: OrderType, resolve: (e) => e.node }),
    cursor: t.exposeString('cursor'),
  }),
});

const OrderConnectionType = builder.objectRef<Connection<OrderRow>>('OrderConnection').implement({
  fields: (t) => ({
    edges: t.field({ type: [OrderEdgeType], resolve: (c) => c.edges }),
    pageInfo: t.field({ type: PageInfoType, resolve: (c) => c.pageInfo }),
  }),
});

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
      const page = pageArgs(args);
      const workspaceId = (await ctx.workspace()).id;
      const opportunityId =
        args.filter?.opportunityId == null ? null : String(args.filter.opportunityId);
      if (opportunityId !== null && !isUuid(opportunityId)) {
        throw new LumenError('BAD_USER_INPUT', 'opportunityId: not an id.', {
          fields: { opportunityId: 'Not an id.' },
        });
      }
      const rows = await listOrders(
        ctx.deps.db,
        workspaceId,
        { statuses: args.filter?.status ?? null, opportunityId },
        page,
      );
      return toConnection(rows, page.first);
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
    resolve: async (_root, { id }, ctx) =>
      isUuid(String(id)) ? findOrder(ctx.deps.db, (await ctx.workspace()).id, String(id)) : null,
  }),
);

builder.mutationField('createOrder', (t) =>
  t.field({
    type: OrderType,
    authScopes: { editor: true },
    description:
      'Orders a piece for the opportunity (QUEUED); the worker writes its draft. The opportunity moves to IN_PROGRESS.',
    args: { input: t.arg({ type: CreateOrderInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const workspace = await ctx.workspace();
      if (!ctx.user) throw notFound('Opportunity');
      return createOrder(
        ctx.deps,
        { workspaceId: workspace.id, userId: ctx.user.id },
        {
          opportunityId: String(input.opportunityId),
          templateId: String(input.templateId),
          siteId: input.siteId == null || input.siteId === '' ? null : String(input.siteId),
        },
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
    resolve: async (_root, { id }, ctx) =>
      cancelOrder(ctx.deps, (await ctx.workspace()).id, String(id)),
  }),
);

builder.mutationField('retryOrder', (t) =>
  t.field({
    type: OrderType,
    authScopes: { editor: true },
    description: 'FAILED → QUEUED: the draft is written again.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) =>
      retryOrder(ctx.deps, (await ctx.workspace()).id, String(id)),
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
      if (!isUuid(String(id))) throw notFound('Order');
      // Checked before the stream opens, so another workspace's id fails like a missing one.
      if (!(await findOrder(ctx.deps.db, workspaceId, String(id)))) throw notFound('Order');
      return requestStream(ctx, (signal) => orderUpdates(ctx, workspaceId, String(id), signal));
    },
    resolve: (row) => row,
  }),
);

/** FAILED is final for a stream: a retry is a new request, followed by a new subscription. */
const ENDS_STREAM = new Set(['DRAFT_READY', 'FAILED', 'CANCELLED']);
const orderKey = (o: OrderRow) => JSON.stringify([o.status, o.error, o.writer, o.draftId]);

async function* orderUpdates(
  ctx: Context,
  workspaceId: string,
  id: string,
  signal: AbortSignal,
): AsyncGenerator<OrderRow> {
  const events = ctx.deps.events.subscribe(TOPIC.order(id), signal);
  try {
    let order = await findOrder(ctx.deps.db, workspaceId, id);
    if (!order) throw notFound('Order');
    let last = orderKey(order);
    yield order;
    while (!ENDS_STREAM.has(order.status)) {
      const next = await events.next();
      if (next.done) return;
      publishingLoaders(ctx).clearAll();
      const fresh = await findOrder(ctx.deps.db, workspaceId, id);
      if (!fresh) return;
      order = fresh;
      const key = orderKey(order);
      if (key !== last) yield order;
      last = key;
    }
  } finally {
    await events.return?.();
  }
}
