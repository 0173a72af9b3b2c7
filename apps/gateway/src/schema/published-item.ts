import { type DraftRow, findDraft } from '@lumen/db/repositories/draft.repository';
import {
  findPublishedItem,
  listPublishedItems,
  listPublishedItemsOfDrafts,
  type PublishedItemRow,
  type PublishedStatus,
} from '@lumen/db/repositories/published-item.repository';
import { findSite } from '@lumen/db/repositories/wordpress-site.repository';
import { TOPIC } from '@lumen/jobs/events';
import DataLoader from 'dataloader';
import { builder } from '../builder';
import type { Context } from '../context';
import { notFound } from '../errors';
import { isUuid } from '../services/brand-rules';
import {
  publishDraft,
  unscheduleDraft,
  updatePublishedItem,
} from '../services/publish-draft.service';
import { reingestPublishedItem } from '../services/reingest-published-item.service';
import { requestStream } from '../subscriptions/stream-limits';
import { type Connection, type Edge, pageArgs, toConnection } from './connection';
import { DraftType } from './draft';
import { PageInfoType } from './run-types';
import { WordPressSiteType } from './wordpress-site';

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

const siteLoaders = new WeakMap<
  Context,
  DataLoader<string, Awaited<ReturnType<typeof findSite>>>
>();

/** A workspace has a handful of sites: one small read each per request. */
function siteLoader(ctx: Context) {
  let loader = siteLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (ids: readonly string[]) => {
      const workspaceId = (await ctx.workspace()).id;
      return Promise.all(ids.map((id) => findSite(ctx.deps.db, workspaceId, id)));
    });
    siteLoaders.set(ctx, loader);
  }
  return loader;
}

type ItemLoaders = {
  ofDraft: DataLoader<string, PublishedItemRow | null>;
  draft: DataLoader<string, DraftRow | null>;
};
const itemLoaders = new WeakMap<Context, ItemLoaders>();

/** Batched reads behind Draft.publishedItem and PublishedItem.draft, in the request's workspace. */
function loaders(ctx: Context): ItemLoaders {
  let found = itemLoaders.get(ctx);
  if (!found) {
    const workspaceId = async () => (await ctx.workspace()).id;
    found = {
      ofDraft: new DataLoader(
        async (draftIds: readonly string[]) => {
          const items = await listPublishedItemsOfDrafts(
            ctx.deps.db,
            await workspaceId(),
            draftIds,
          );
          return draftIds.map((id) => items.get(id) ?? null);
        },
        // Batched per tick, never cached: a subscription keeps its context across frames, and the
        // item appears when the draft is PUBLISHED.
        { cache: false },
      ),
      // Each item has its own draft; a page of items is at most 100 small reads by primary key.
      draft: new DataLoader(
        async (ids: readonly string[]) => {
          const ws = await workspaceId();
          return Promise.all(ids.map((id) => findDraft(ctx.deps.db, ws, id)));
        },
        { cache: false },
      ),
    };
    itemLoaders.set(ctx, found);
  }
  return found;
}

export const IngestStatusEnum = builder.enumType('IngestStatus', {
  description:
    'Reading the published page into the offline engines’ corpus: PENDING (asked for), READING, READ, FAILED (see `error`).',
  values: ['PENDING', 'READING', 'READ', 'FAILED'] as const,
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
  }),
});

export const PublishedItemType = builder.objectRef<PublishedItemRow>('PublishedItem').implement({
  description: 'A draft published as a WordPress post.',
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title', { description: 'The draft’s current title.' }),
    draft: t.field({
      type: DraftType,
      nullable: true,
      resolve: (p, _args, ctx) => loaders(ctx).draft.load(p.draftId),
    }),
    site: t.field({
      type: WordPressSiteType,
      nullable: true,
      description: 'Null once the site was removed from Lumen (the record stays).',
      resolve: (p, _args, ctx) => (p.siteId ? siteLoader(ctx).load(p.siteId) : null),
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

const PublishedItemEdgeType = builder
  .objectRef<Edge<PublishedItemRow>>('PublishedItemEdge')
  .implement({
    fields: (t) => ({
      node: t.field({ type: PublishedItemType, resolve: (e) => e.node }),
      cursor: t.exposeString('cursor'),
    }),
  });

const PublishedItemConnectionType = builder
  .objectRef<Connection<PublishedItemRow>>('PublishedItemConnection')
  .implement({
    fields: (t) => ({
      edges: t.field({ type: [PublishedItemEdgeType], resolve: (c) => c.edges }),
      pageInfo: t.field({ type: PageInfoType, resolve: (c) => c.pageInfo }),
    }),
  });

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
      const page = pageArgs(args);
      const workspaceId = (await ctx.workspace()).id;
      const siteId = args.filter?.siteId ? String(args.filter.siteId) : null;
      // A malformed or foreign site id matches nothing, like a site without posts.
      if (siteId && !isUuid(siteId)) return toConnection([], page.first);
      const rows = await listPublishedItems(
        ctx.deps.db,
        workspaceId,
        { siteId, status: args.filter?.status ?? null, outdated: args.filter?.outdated ?? null },
        page,
      );
      return toConnection(rows, page.first);
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
    resolve: async (_root, { id }, ctx) =>
      isUuid(String(id))
        ? findPublishedItem(ctx.deps.db, (await ctx.workspace()).id, String(id))
        : null,
  }),
);

builder.mutationField('updatePublishedItem', (t) =>
  t.field({
    type: PublishedItemType,
    authScopes: { editor: true },
    description:
      'Update from the latest draft: the post is written again from the draft’s current version (the draft moves to PUBLISHING). CONFLICT while it is being published or scheduled.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) =>
      updatePublishedItem(ctx.deps, (await ctx.workspace()).id, String(id)),
  }),
);

builder.mutationField('reingestPublishedItem', (t) =>
  t.field({
    type: PublishedItemType,
    authScopes: { editor: true },
    description:
      'Read again: the published page is read into the corpus once more (ingestion → PENDING). CONFLICT while it is being read; NOT_FOUND for a missing or another workspace’s item.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) =>
      reingestPublishedItem(ctx.deps, (await ctx.workspace()).id, String(id)),
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

async function* itemUpdates(
  ctx: Context,
  workspaceId: string,
  id: string,
  signal: AbortSignal,
): AsyncGenerator<PublishedItemRow> {
  // Subscribe before the first read so no change between the two is missed.
  const events = ctx.deps.events.subscribe(TOPIC.publishedItem(id), signal);
  try {
    const first = await findPublishedItem(ctx.deps.db, workspaceId, id);
    if (!first) throw notFound('Published item');
    let last = itemKey(first);
    yield first;
    // A published item has no final state (it can be updated again): it streams until the
    // client leaves or the subscription's lifetime ends.
    while (true) {
      const next = await events.next();
      if (next.done) return;
      siteLoaders.get(ctx)?.clearAll();
      const fresh = await findPublishedItem(ctx.deps.db, workspaceId, id);
      if (!fresh) return;
      const key = itemKey(fresh);
      if (key !== last) yield fresh;
      last = key;
    }
  } finally {
    await events.return?.();
  }
}

builder.subscriptionField('publishedItemUpdated', (t) =>
  t.field({
    type: PublishedItemType,
    authScopes: { member: true },
    description: 'The item at once, then every change (updates, WordPress status, errors).',
    args: { id: t.arg.id({ required: true }) },
    subscribe: async (_root, { id }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      if (!isUuid(String(id))) throw notFound('Published item');
      // Checked before the stream opens, so another workspace's id fails like a missing one.
      if (!(await findPublishedItem(ctx.deps.db, workspaceId, String(id)))) {
        throw notFound('Published item');
      }
      return requestStream(ctx, (signal) => itemUpdates(ctx, workspaceId, String(id), signal));
    },
    resolve: (row) => row,
  }),
);

builder.objectField(DraftType, 'publishedItem', (t) =>
  t.field({
    type: PublishedItemType,
    nullable: true,
    description: 'The WordPress post this draft became; null until it is first published.',
    resolve: (d, _args, ctx) => loaders(ctx).ofDraft.load(d.id),
  }),
);

async function draftAfter(ctx: Context, workspaceId: string, id: string): Promise<DraftRow> {
  const draft = await findDraft(ctx.deps.db, workspaceId, id);
  if (!draft) throw notFound('Draft');
  return draft;
}

builder.mutationField('publishDraft', (t) =>
  t.field({
    type: DraftType,
    authScopes: { editor: true },
    description:
      'Publishes an approved draft to its order’s WordPress site: now (→ PUBLISHING; a published draft’s post is written again from its latest version), or at `at` (→ SCHEDULED, at least a minute ahead). A draft that is not approved is BAD_USER_INPUT; one being published is CONFLICT. Follow it with draftUpdated.',
    args: {
      id: t.arg.id({ required: true }),
      at: t.arg({ type: 'DateTime' }),
    },
    resolve: async (_root, { id, at }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      const draftId = await publishDraft(ctx.deps, workspaceId, {
        id: String(id),
        at: at ? new Date(at as Date | string) : null,
      });
      return draftAfter(ctx, workspaceId, draftId);
    },
  }),
);

builder.mutationField('unscheduleDraft', (t) =>
  t.field({
    type: DraftType,
    authScopes: { editor: true },
    description: 'A scheduled draft goes back to APPROVED and its delayed job is removed.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      const draftId = await unscheduleDraft(ctx.deps, workspaceId, String(id));
      return draftAfter(ctx, workspaceId, draftId);
    },
  }),
);
