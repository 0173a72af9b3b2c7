import {
  type DraftRow,
  type DraftVersionRow,
  findDraft,
  listDrafts,
  listDraftVersions,
} from '@lumen/db/repositories/draft.repository';
import { DRAFT_LIMITS } from '@lumen/domain/publishing/draft-input';
import { draftStatus } from '@lumen/domain/status/draft-status';
import { TOPIC } from '@lumen/jobs/events';
import { builder } from '../builder';
import type { Context } from '../context';
import { notFound } from '../errors';
import { publishingLoaders } from '../loaders/publishing-loaders';
import { activityExtension } from '../services/activity.service';
import { publishDraft, unscheduleDraft } from '../services/publish-draft.service';
import { setDraftSite } from '../services/set-order-site.service';
import { restoreDraftVersion, reviewDraft, updateDraft } from '../services/update-draft.service';
import { rowStream } from '../subscriptions/row-stream';
import { requestStream } from '../subscriptions/stream-limits';
import { findOwned, findOwnedOrNull } from '../workspace-scope';
import { connectionType, newestFirst, pageArgs } from './connection';
import {
  DraftType,
  OpportunityType,
  OrderType,
  PublishedItemType,
  WordPressSiteType,
} from './refs';

// Drafts (docs/publishing.md, "Orders and drafts", "Publishing a draft"): read, edit with
// optimistic versions, review, give a site, publish or schedule, follow live. Another
// workspace's id answers exactly like a missing one.

export const DraftStatusEnum = builder.enumType('DraftStatus', { values: draftStatus.statuses });

const DraftVersionType = builder.objectRef<DraftVersionRow>('DraftVersion').implement({
  description: 'One saved version of a draft’s content; restoring it saves it as a new version.',
  fields: (t) => ({
    version: t.exposeInt('version'),
    title: t.exposeString('title'),
    slug: t.exposeString('slug'),
    body: t.exposeString('body'),
    excerpt: t.exposeString('excerpt', { nullable: true }),
    metaTitle: t.exposeString('metaTitle', { nullable: true }),
    metaDescription: t.exposeString('metaDescription', { nullable: true }),
    categories: t.exposeIntList('categories'),
    tags: t.exposeIntList('tags'),
    generated: t.boolean({
      description: 'Written by the generate-draft job (version 1), not by a person.',
      resolve: (v) => v.authorId === null,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

DraftType.implement({
  description:
    'A piece of content written for an opportunity, edited and reviewed before publishing.',
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    slug: t.exposeString('slug'),
    body: t.exposeString('body', { description: 'Markdown.' }),
    excerpt: t.exposeString('excerpt', { nullable: true }),
    metaTitle: t.exposeString('metaTitle', { nullable: true }),
    metaDescription: t.exposeString('metaDescription', { nullable: true }),
    jsonLd: t.string({
      nullable: true,
      description: 'schema.org FAQPage markup (JSON text) built from the body’s FAQ section.',
      resolve: (d) => (d.jsonLd ? JSON.stringify(d.jsonLd) : null),
    }),
    categories: t.exposeIntList('categories', {
      description: 'WordPress category ids on the site.',
    }),
    tags: t.exposeIntList('tags', { description: 'WordPress tag ids on the site.' }),
    status: t.field({ type: DraftStatusEnum, resolve: (d) => d.status }),
    version: t.exposeInt('version', {
      description: 'Pass it back to updateDraft; a save naming an older one is CONFLICT.',
    }),
    scheduledFor: t.field({ type: 'DateTime', nullable: true, resolve: (d) => d.scheduledFor }),
    approvedAt: t.field({ type: 'DateTime', nullable: true, resolve: (d) => d.approvedAt }),
    error: t.exposeString('error', { nullable: true }),
    site: t.field({
      type: WordPressSiteType,
      nullable: true,
      description: 'The order’s site: its categories and tags, and where it is published.',
      resolve: (d, _args, ctx) => (d.siteId ? publishingLoaders(ctx).site.load(d.siteId) : null),
    }),
    opportunity: t.field({
      type: OpportunityType,
      nullable: true,
      resolve: (d, _args, ctx) => publishingLoaders(ctx).opportunity.load(d.opportunityId),
    }),
    order: t.field({
      type: OrderType,
      resolve: async (d, _args, ctx) => {
        const order = await publishingLoaders(ctx).order.load(d.orderId);
        if (!order) throw notFound('Order');
        return order;
      },
    }),
    publishedItem: t.field({
      type: PublishedItemType,
      nullable: true,
      description: 'The WordPress post this draft became; null until it is first published.',
      resolve: (d, _args, ctx) => publishingLoaders(ctx).publishedItemOfDraft.load(d.id),
    }),
    versions: t.field({
      type: [DraftVersionType],
      description: 'Every saved version, newest first.',
      resolve: async (d, _args, ctx) =>
        listDraftVersions(ctx.deps.db, (await ctx.workspace()).id, d.id),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const DraftConnectionType = connectionType('Draft', DraftType);

const DraftFilterInput = builder.inputType('DraftFilter', {
  fields: (t) => ({ status: t.field({ type: [DraftStatusEnum] }) }),
});

const DraftInput = builder.inputType('DraftInput', {
  description: `Replaces every field. Title ≤ ${DRAFT_LIMITS.titleMax}, body ≤ 200 KB, meta title ≤ ${DRAFT_LIMITS.metaTitleMax}, meta description ≤ ${DRAFT_LIMITS.metaDescriptionMax}.`,
  fields: (t) => ({
    title: t.string({ required: true }),
    slug: t.string({ required: true }),
    body: t.string({ required: true }),
    excerpt: t.string(),
    metaTitle: t.string(),
    metaDescription: t.string(),
    categories: t.intList({ required: true }),
    tags: t.intList({ required: true }),
  }),
});

builder.queryField('drafts', (t) =>
  t.field({
    type: DraftConnectionType,
    authScopes: { member: true },
    description: 'Most recently changed first.',
    args: {
      filter: t.arg({ type: DraftFilterInput }),
      first: t.arg.int({ description: '1–100, default 20.' }),
      after: t.arg.string(),
    },
    resolve: async (_root, args, ctx) => {
      const page = pageArgs(args, newestFirst);
      const workspaceId = (await ctx.workspace()).id;
      const rows = await listDrafts(
        ctx.deps.db,
        workspaceId,
        { statuses: args.filter?.status ?? null },
        page,
      );
      return page.connection(rows);
    },
  }),
);

builder.queryField('draft', (t) =>
  t.field({
    type: DraftType,
    nullable: true,
    authScopes: { member: true },
    description: 'Null for a missing id and for another workspace’s draft alike.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => findOwnedOrNull(ctx, id, findDraft),
  }),
);

async function scope(ctx: Context) {
  const workspace = await ctx.workspace();
  if (!ctx.user) throw notFound('Draft');
  return { workspaceId: workspace.id, userId: ctx.user.id, acting: await ctx.acting() };
}

builder.mutationField('updateDraft', (t) =>
  t.field({
    type: DraftType,
    authScopes: { editor: true },
    description:
      'Saves an edit as a new version. `version` is the one the edit started from: a stale one is CONFLICT and nothing is written. Editing an approved draft sends it back to DRAFT.',
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: DraftInput, required: true }),
      version: t.arg.int({ required: true }),
    },
    extensions: activityExtension('draft.edited'),
    resolve: async (_root, args, ctx) =>
      updateDraft(ctx.deps, await scope(ctx), {
        id: String(args.id),
        version: args.version,
        values: args.input,
      }),
  }),
);

builder.mutationField('restoreDraftVersion', (t) =>
  t.field({
    type: DraftType,
    authScopes: { editor: true },
    description: 'Saves an earlier version’s content as a new version (CONFLICT when stale).',
    args: {
      id: t.arg.id({ required: true }),
      restore: t.arg.int({ required: true, description: 'The version to bring back.' }),
      version: t.arg.int({ required: true, description: 'The current version you saw.' }),
    },
    extensions: activityExtension('draft.restored'),
    resolve: async (_root, args, ctx) =>
      restoreDraftVersion(ctx.deps, await scope(ctx), {
        id: String(args.id),
        version: args.version,
        restore: args.restore,
      }),
  }),
);

const REVIEW_KINDS = { submit: 'submitted', approve: 'approved', return: 'returned' } as const;

for (const [name, action, description] of [
  ['submitDraftForReview', 'submit', 'DRAFT → IN_REVIEW.'],
  [
    'approveDraft',
    'approve',
    'IN_REVIEW (or DRAFT) → APPROVED; with `version`, only the version you reviewed (else CONFLICT).',
  ],
  ['returnDraftForChanges', 'return', 'IN_REVIEW → DRAFT: the reviewer asks for changes.'],
] as const) {
  builder.mutationField(name, (t) =>
    t.field({
      type: DraftType,
      authScopes: { editor: true },
      description,
      args: { id: t.arg.id({ required: true }), version: t.arg.int() },
      extensions: activityExtension(`draft.${REVIEW_KINDS[action]}`),
      resolve: async (_root, args, ctx) =>
        reviewDraft(ctx.deps, await scope(ctx), {
          id: String(args.id),
          action,
          version: args.version ?? null,
        }),
    }),
  );
}

// A site chosen after ordering (docs/publishing.md, "A site later"): the draft keeps its versions.
builder.mutationField('setDraftSite', (t) =>
  t.field({
    type: DraftType,
    authScopes: { editor: true },
    description: 'setOrderSite for the draft’s order: the draft keeps its versions.',
    args: { id: t.arg.id({ required: true }), siteId: t.arg.id({ required: true }) },
    extensions: activityExtension('order.site_set'),
    resolve: async (_root, { id, siteId }, ctx) =>
      setDraftSite(ctx.deps, (await ctx.workspace()).id, await ctx.acting(), {
        draftId: String(id),
        siteId: String(siteId),
      }),
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
    extensions: activityExtension('draft.published', 'draft.republished', 'draft.scheduled'),
    resolve: async (_root, { id, at }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      const draftId = await publishDraft(ctx.deps, workspaceId, await ctx.acting(), {
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
    extensions: activityExtension('draft.unscheduled'),
    resolve: async (_root, { id }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      const draftId = await unscheduleDraft(ctx.deps, workspaceId, await ctx.acting(), String(id));
      return draftAfter(ctx, workspaceId, draftId);
    },
  }),
);

builder.subscriptionField('draftUpdated', (t) =>
  t.field({
    type: DraftType,
    authScopes: { member: true },
    description:
      'The draft’s current state at once, then every change (edits, review, publishing).',
    args: { id: t.arg.id({ required: true }) },
    subscribe: async (_root, { id }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      // Checked before the stream opens, so another workspace's id fails like a missing one.
      await findOwned(ctx, 'Draft', id, findDraft);
      return requestStream(ctx, (signal) => draftUpdates(ctx, workspaceId, String(id), signal));
    },
    resolve: (row) => row,
  }),
);

const draftKey = (d: DraftRow) => JSON.stringify([d.status, d.version, d.error, d.approvedAt]);

function draftUpdates(ctx: Context, workspaceId: string, id: string, signal: AbortSignal) {
  return rowStream({
    events: ctx.deps.events,
    topic: TOPIC.draft(id),
    signal,
    read: () => findDraft(ctx.deps.db, workspaceId, id),
    missing: () => notFound('Draft'),
    key: draftKey,
    beforeRead: () => publishingLoaders(ctx).clearAll(),
  });
}
