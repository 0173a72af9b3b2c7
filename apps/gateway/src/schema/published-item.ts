import {
  findPublishedItem,
  listPublishedItems,
  type PublishedItemRow,
  type PublishedStatus,
} from '@lumen/db/repositories/published-item.repository';
import { findSite } from '@lumen/db/repositories/wordpress-site.repository';
import { ingestStatus } from '@lumen/domain/status/ingest-status';
import { TOPIC } from '@lumen/jobs/events';
import { builder } from '../builder';
import type { Context } from '../context';
import { notFound } from '../errors';
import { limitPerUser } from '../http/user-limits';
import { publishingLoaders } from '../loaders/publishing-loaders';
import { activityExtension } from '../services/activity.service';
import { updatePublishedItem } from '../services/publish-draft.service';
import { reingestPublishedItem } from '../services/reingest-published-item.service';
import { rowStream } from '../subscriptions/row-stream';
import { requestStream } from '../subscriptions/stream-limits';
import { findOwned, findOwnedOrNull } from '../workspace-scope';
import { connectionType, newestFirst, pageArgs } from './connection';
import { DraftType, PublishedItemType, WordPressSiteType } from './refs';

// What was published where (docs/publishing.md, "Publishing a draft"): the live post, its
// WordPress status, the version it holds, and "update from the latest draft". Reading needs
// `member`, updating `editor`. Another workspace's id answers exactly like a missing one.

const WP_STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash'] as const;

export const WpPostStatusEnum = builder.enumType('WpPostStatus', {
  description: 'The post’s status on WordPress when Lumen last wrote it.',
  values: Object.fromEntries(WP_STATUSES.map((s) => [s.toUpperCase(), { value: s }])) as Record<
    Uppercase<PublishedStatus>,
    { value: PublishedStatus }
  >,
});

export const IngestStatusEnum = builder.enumType('IngestStatus', {
  description:
    'Reading the published page into the offline engines’ corpus: PENDING (asked for), READING, READ, FAILED (see `error`).',
  values: ingestStatus.statuses,
});

const PublishedIngestionType = builder.objectRef<PublishedItemRow>('PublishedIngestion').implement({
  description: 'Whether Lumen has read the published page, and why not when it could not.',
  fields: (t) => ({
    status: t.field({ type: IngestStatusEnum, resolve: (p) => p.ingestStatus }),
    error: t.string({
      nullable: true,
      description: 'Why the page could not be read (FAILED only).',
      resolve: (p) => (p.ingestStatus === 'FAILED' ? p.ingestError : null),
    }),
    attemptedAt: t.field({
      type: 'DateTime',
      description: 'When this reading was asked for.',
      resolve: (p) => p.ingestAttemptedAt,
    }),
    readAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the page’s current text was first read; null until it was.',
      resolve: (p) => p.ingestedAt,
    }),
    changedAt: t.field({
      type: 'DateTime',
      description:
        'When the item last changed: of two answers about it (a mutation’s and the subscription’s), the later one holds the current reading.',
      resolve: (p) => p.updatedAt,
    }),
  }),
});

PublishedItemType.implement({
  description: 'A draft published as a WordPress post.',
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title', { description: 'The draft’s current title.' }),
    draft: t.field({
      type: DraftType,
      nullable: true,
      resolve: (p, _args, ctx) => publishingLoaders(ctx).draft.load(p.draftId),
    }),
    site: t.field({
      type: WordPressSiteType,
      nullable: true,
      description: 'Null once the site was removed from Lumen (the record stays).',
      resolve: (p, _args, ctx) => (p.siteId ? publishingLoaders(ctx).site.load(p.siteId) : null),
    }),
    wpPostId: t.exposeInt('wpPostId', { description: 'The post’s id on the site.' }),
    url: t.exposeString('url', { description: 'The live post.' }),
    status: t.field({ type: WpPostStatusEnum, resolve: (p) => p.status }),
    publishedVersion: t.exposeInt('publishedVersion', {
      description: 'The draft version the post holds.',
    }),
    latestVersion: t.int({
      description: 'The draft’s current version; more than publishedVersion when it changed since.',
      resolve: (p) => p.draftVersion,
    }),
    updating: t.boolean({
      description: 'The post is being written again (or is scheduled to be).',
      resolve: (p) => p.draftStatus === 'PUBLISHING' || p.draftStatus === 'SCHEDULED',
    }),
    lastError: t.exposeString('lastError', {
      nullable: true,
      description: 'Why the last update failed; cleared by the next success.',
    }),
    publishedAt: t.expose('publishedAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    ingestion: t.field({ type: PublishedIngestionType, resolve: (p) => p }),
  }),
});

const PublishedItemConnectionType = connectionType('PublishedItem', PublishedItemType);

const PublishedItemFilter = builder.inputType('PublishedItemFilter', {
  fields: (t) => ({
    siteId: t.id(),
    status: t.field({ type: WpPostStatusEnum }),
    outdated: t.boolean({ description: 'Only posts whose draft changed since they were written.' }),
  }),
});

builder.queryField('publishedItems', (t) =>
  t.field({
    type: PublishedItemConnectionType,
    authScopes: { member: true },
    description: 'Published posts, newest first.',
    args: {
      filter: t.arg({ type: PublishedItemFilter }),
      first: t.arg.int(),
      after: t.arg.string(),
    },
    resolve: async (_root, args, ctx) => {
      const page = pageArgs(args, newestFirst);
      const workspaceId = (await ctx.workspace()).id;
      const siteId = args.filter?.siteId ? String(args.filter.siteId) : null;
      // A malformed or foreign site id matches nothing, like a site without posts.
      if (siteId && !(await findOwnedOrNull(ctx, siteId, findSite))) {
        return page.connection([]);
      }
      const rows = await listPublishedItems(
        ctx.deps.db,
        workspaceId,
        { siteId, status: args.filter?.status ?? null, outdated: args.filter?.outdated ?? null },
        page,
      );
      return page.connection(rows);
    },
  }),
);

builder.queryField('publishedItem', (t) =>
  t.field({
    type: PublishedItemType,
    nullable: true,
    authScopes: { member: true },
    description: 'Null for a missing id and for another workspace’s item alike.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => findOwnedOrNull(ctx, id, findPublishedItem),
  }),
);

builder.mutationField('updatePublishedItem', (t) =>
  t.field({
    type: PublishedItemType,
    authScopes: { editor: true },
    description:
      'Update from the latest draft: the post is written again from the draft’s current version (the draft moves to PUBLISHING). CONFLICT while it is being published or scheduled.',
    args: { id: t.arg.id({ required: true }) },
    extensions: activityExtension('draft.republished'),
    resolve: async (_root, { id }, ctx) =>
      updatePublishedItem(ctx.deps, (await ctx.workspace()).id, await ctx.acting(), String(id)),
  }),
);

builder.mutationField('reingestPublishedItem', (t) =>
  t.field({
    type: PublishedItemType,
    authScopes: { editor: true },
    description:
      'Read again: the published page is read into the corpus once more (ingestion → PENDING). CONFLICT while it is being read; NOT_FOUND for a missing or another workspace’s item.',
    args: { id: t.arg.id({ required: true }) },
    extensions: activityExtension('published_item.reingest_requested'),
    resolve: async (_root, { id }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      // Per user here; the service limits each item and workspace.
      await limitPerUser(ctx, 'reingest');
      return reingestPublishedItem(ctx.deps, workspaceId, await ctx.acting(), String(id));
    },
  }),
);

/** A frame's identity: what the subscriber sees change. */
function itemKey(p: PublishedItemRow): string {
  return JSON.stringify([
    p.status,
    p.url,
    p.wpPostId,
    p.lastError,
    p.publishedVersion,
    p.draftVersion,
    p.draftStatus,
    p.updatedAt.getTime(),
    p.ingestStatus,
    p.ingestError,
  ]);
}

function itemUpdates(ctx: Context, workspaceId: string, id: string, signal: AbortSignal) {
  // A published item has no final state (it can be updated again): it streams until the
  // client leaves or the subscription's lifetime ends.
  return rowStream({
    events: ctx.deps.events,
    topic: TOPIC.publishedItem(id),
    signal,
    read: () => findPublishedItem(ctx.deps.db, workspaceId, id),
    missing: () => notFound('Published item'),
    key: itemKey,
    beforeRead: () => publishingLoaders(ctx).clearAll(),
  });
}

builder.subscriptionField('publishedItemUpdated', (t) =>
  t.field({
    type: PublishedItemType,
    authScopes: { member: true },
    description: 'The item at once, then every change (updates, WordPress status, errors).',
    args: { id: t.arg.id({ required: true }) },
    subscribe: async (_root, { id }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      // Checked before the stream opens, so another workspace's id fails like a missing one.
      await findOwned(ctx, 'Published item', id, findPublishedItem);
      return requestStream(ctx, (signal) => itemUpdates(ctx, workspaceId, String(id), signal));
    },
    resolve: (row) => row,
  }),
);
