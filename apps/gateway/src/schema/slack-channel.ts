import {
  findSlackChannel,
  listWebhooks,
  type Webhook,
} from '@lumen/db/repositories/webhook.repository';
import { CHANNEL_EVENT_TYPES } from '@lumen/domain/notifications/events';
import { builder } from '../builder';
import { limitPerUser } from '../http/user-limits';
import { webhookDeliveryLoaders } from '../loaders/webhook-loaders';
import { activityExtension } from '../services/activity.service';
import {
  createSlackChannelIn,
  deleteWebhookIn,
  sendTestEventTo,
  updateSlackChannelIn,
} from '../services/webhooks.service';
import { findOwned } from '../workspace-scope';
import { WebhookDeliveryType, WebhookStatusEnum } from './webhook';

// Slack channels of a workspace (docs/notifications.md, "Slack"): an incoming-webhook URL, sealed
// (the URL is the secret; `urlHint` is all that is shown), the events it gets and optionally one
// brand. Delivered, logged and retried like a webhook. Owners and admins (`owner`).

const SlackChannelType = builder.objectRef<Webhook>('SlackChannel').implement({
  description: 'A Slack incoming webhook that receives Block Kit messages.',
  fields: (t) => ({
    id: t.exposeID('id'),
    urlHint: t.exposeString('url', { description: 'The URL’s origin and last 4 characters.' }),
    events: t.exposeStringList('events'),
    brandId: t.exposeID('brandId', { nullable: true }),
    status: t.field({ type: WebhookStatusEnum, resolve: (w) => w.status }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    deliveries: t.field({
      type: [WebhookDeliveryType],
      description: 'The newest attempts first (default 20, at most 50).',
      args: { first: t.arg.int() },
      resolve: (w, { first }, ctx) =>
        webhookDeliveryLoaders(ctx)(Math.min(Math.max(first ?? 20, 1), 50)).load(w.id),
    }),
  }),
});

const SlackChannelInput = builder.inputType('SlackChannelInput', {
  fields: (t) => ({
    webhookUrl: t.string({
      description: 'Write-only; stored encrypted. Required to create; on update, omit to keep it.',
    }),
    events: t.stringList({
      required: true,
      description: `Any of: ${CHANNEL_EVENT_TYPES.join(', ')}.`,
    }),
    brandId: t.id({ description: 'Only this brand’s events; omit for every brand.' }),
  }),
});

builder.queryField('slackChannels', (t) =>
  t.field({
    type: [SlackChannelType],
    authScopes: { owner: true },
    resolve: async (_root, _args, ctx) =>
      listWebhooks(ctx.deps.db, (await ctx.workspace()).id, 'SLACK'),
  }),
);

builder.mutationFields((t) => ({
  createSlackChannel: t.field({
    type: SlackChannelType,
    authScopes: { owner: true },
    args: { input: t.arg({ type: SlackChannelInput, required: true }) },
    extensions: activityExtension('slack_channel.created'),
    resolve: async (_root, { input }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      await limitPerUser(ctx, 'webhook');
      return createSlackChannelIn(ctx.deps, workspaceId, await ctx.acting(), input);
    },
  }),
  updateSlackChannel: t.field({
    type: SlackChannelType,
    authScopes: { owner: true },
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: SlackChannelInput, required: true }),
    },
    extensions: activityExtension('slack_channel.updated'),
    resolve: async (_root, { id, input }, ctx) => {
      const stored = await findOwned(ctx, 'Slack channel', id, findSlackChannel);
      return updateSlackChannelIn(ctx.deps, await ctx.acting(), stored, input);
    },
  }),
  deleteSlackChannel: t.field({
    type: 'ID',
    authScopes: { owner: true },
    args: { id: t.arg.id({ required: true }) },
    extensions: activityExtension('slack_channel.deleted'),
    resolve: async (_root, { id }, ctx) => {
      const stored = await findOwned(ctx, 'Slack channel', id, findSlackChannel);
      return deleteWebhookIn(ctx.deps, await ctx.acting(), stored);
    },
  }),
  sendSlackTest: t.field({
    type: WebhookDeliveryType,
    authScopes: { owner: true },
    description: 'Posts a test message now; the first attempt is returned.',
    args: { channelId: t.arg.id({ required: true }) },
    resolve: async (_root, { channelId }, ctx) => {
      const stored = await findOwned(ctx, 'Slack channel', channelId, findSlackChannel);
      await limitPerUser(ctx, 'webhook');
      return sendTestEventTo(ctx.deps, stored);
    },
  }),
}));
