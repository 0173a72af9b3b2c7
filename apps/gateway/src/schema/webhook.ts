import {
  findDelivery,
  findWebhook,
  listWebhooks,
  type Webhook,
  type WebhookDelivery,
} from '@lumen/db/repositories/webhook.repository';
import { CHANNEL_EVENT_TYPES } from '@lumen/domain/notifications/events';
import { WEBHOOK_STATUSES } from '@lumen/domain/notifications/webhook-rules';
import { builder } from '../builder';
import { limitPerUser } from '../http/user-limits';
import { webhookDeliveryLoaders } from '../loaders/webhook-loaders';
import { activityExtension } from '../services/activity.service';
import {
  createWebhookIn,
  deleteWebhookIn,
  redeliverDelivery,
  rotateSecretOf,
  sendTestEventTo,
  updateWebhookIn,
  type WebhookWithSecret,
} from '../services/webhooks.service';
import { findOwned } from '../workspace-scope';

// Signed webhooks of a workspace (docs/webhooks.md). Owners and admins manage them (`owner`):
// the URL may carry a token, and the secret appears once, in WebhookWithSecret.

export const WebhookStatusEnum = builder.enumType('WebhookStatus', {
  values: WEBHOOK_STATUSES,
  description: 'DISABLED: three days without a 2xx answer, or turned off; an edit turns it on.',
});

const MAX_DELIVERIES = 50;

export const WebhookDeliveryType = builder.objectRef<WebhookDelivery>('WebhookDelivery').implement({
  description: 'One attempt to deliver an event to a webhook (the delivery log).',
  fields: (t) => ({
    id: t.exposeID('id'),
    eventId: t.exposeID('eventId'),
    type: t.exposeString('type', { description: 'The event type, e.g. score.moved or test.ping.' }),
    attempt: t.exposeInt('attempt'),
    statusCode: t.exposeInt('statusCode', {
      nullable: true,
      description: 'Null when the endpoint did not answer (timeout, refused, blocked).',
    }),
    ok: t.exposeBoolean('ok', { description: 'The endpoint answered 2xx within 10 seconds.' }),
    durationMs: t.exposeInt('durationMs'),
    response: t.exposeString('response', {
      description: 'The first 1 KB of the answer, or why there was none.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const WebhookType = builder.objectRef<Webhook>('Webhook').implement({
  description: 'An HTTPS endpoint that receives signed events. The secret is never returned.',
  fields: (t) => ({
    id: t.exposeID('id'),
    url: t.exposeString('url'),
    events: t.exposeStringList('events'),
    brandId: t.exposeID('brandId', {
      nullable: true,
      description: 'Only this brand’s events; null: every brand.',
    }),
    status: t.field({ type: WebhookStatusEnum, resolve: (w) => w.status }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    deliveries: t.field({
      type: [WebhookDeliveryType],
      description: 'The newest attempts first (default 20, at most 50).',
      args: { first: t.arg.int() },
      resolve: (w, { first }, ctx) =>
        webhookDeliveryLoaders(ctx)(Math.min(Math.max(first ?? 20, 1), MAX_DELIVERIES)).load(w.id),
    }),
  }),
});

const WebhookWithSecretType = builder.objectRef<WebhookWithSecret>('WebhookWithSecret').implement({
  description: 'The only place a webhook’s secret appears: store it now.',
  fields: (t) => ({
    webhook: t.field({ type: WebhookType, resolve: (w) => w.webhook }),
    secret: t.exposeString('secret'),
  }),
});

const WebhookInput = builder.inputType('WebhookInput', {
  fields: (t) => ({
    url: t.string({ required: true }),
    events: t.stringList({
      required: true,
      description: `Any of: ${CHANNEL_EVENT_TYPES.join(', ')}.`,
    }),
    brandId: t.id({ description: 'Only this brand’s events; omit for every brand.' }),
  }),
});

builder.queryField('webhooks', (t) =>
  t.field({
    type: [WebhookType],
    authScopes: { owner: true },
    description: 'The workspace’s webhooks, oldest first.',
    resolve: async (_root, _args, ctx) => listWebhooks(ctx.deps.db, (await ctx.workspace()).id),
  }),
);

builder.mutationFields((t) => ({
  createWebhook: t.field({
    type: WebhookWithSecretType,
    authScopes: { owner: true },
    args: { input: t.arg({ type: WebhookInput, required: true }) },
    extensions: activityExtension('webhook.created'),
    resolve: async (_root, { input }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      await limitPerUser(ctx, 'webhook');
      return createWebhookIn(ctx.deps, workspaceId, await ctx.acting(), input);
    },
  }),
  updateWebhook: t.field({
    type: WebhookType,
    authScopes: { owner: true },
    description: 'Also turns a disabled webhook back on.',
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: WebhookInput, required: true }),
    },
    extensions: activityExtension('webhook.updated'),
    resolve: async (_root, { id, input }, ctx) => {
      const stored = await findOwned(ctx, 'Webhook', id, findWebhook);
      return updateWebhookIn(ctx.deps, await ctx.acting(), stored, input);
    },
  }),
  rotateWebhookSecret: t.field({
    type: WebhookWithSecretType,
    authScopes: { owner: true },
    description: 'A new secret; the old one is still sent as a second v1= for 24 hours.',
    args: { id: t.arg.id({ required: true }) },
    extensions: activityExtension('webhook.secret_rotated'),
    resolve: async (_root, { id }, ctx) => {
      const stored = await findOwned(ctx, 'Webhook', id, findWebhook);
      return rotateSecretOf(ctx.deps, await ctx.acting(), stored);
    },
  }),
  deleteWebhook: t.field({
    type: 'ID',
    authScopes: { owner: true },
    args: { id: t.arg.id({ required: true }) },
    extensions: activityExtension('webhook.deleted'),
    resolve: async (_root, { id }, ctx) => {
      const stored = await findOwned(ctx, 'Webhook', id, findWebhook);
      return deleteWebhookIn(ctx.deps, await ctx.acting(), stored);
    },
  }),
  sendTestEvent: t.field({
    type: WebhookDeliveryType,
    authScopes: { owner: true },
    description: 'Delivers test.ping now; the first attempt is returned, retries follow the log.',
    args: { webhookId: t.arg.id({ required: true }) },
    resolve: async (_root, { webhookId }, ctx) => {
      const stored = await findOwned(ctx, 'Webhook', webhookId, findWebhook);
      await limitPerUser(ctx, 'webhook');
      return sendTestEventTo(ctx.deps, stored);
    },
  }),
  redeliver: t.field({
    type: WebhookDeliveryType,
    authScopes: { owner: true },
    description: 'Sends a logged delivery’s event again, once, now.',
    args: { deliveryId: t.arg.id({ required: true }) },
    resolve: async (_root, { deliveryId }, ctx) => {
      const delivery = await findOwned(ctx, 'Delivery', deliveryId, findDelivery);
      await limitPerUser(ctx, 'webhook');
      return redeliverDelivery(ctx.deps, delivery);
    },
  }),
}));
