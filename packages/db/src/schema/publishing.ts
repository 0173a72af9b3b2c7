import type { PageSource } from '@lumen/domain/publishing/improve-page';
import {
  NO_CAPABILITIES,
  SITE_STATUSES,
  type SiteCapabilities,
  type WpTerm,
} from '@lumen/domain/publishing/wordpress-site';
import { draftStatus as draftStatusMachine } from '@lumen/domain/status/draft-status';
import { ingestStatus as ingestStatusMachine } from '@lumen/domain/status/ingest-status';
import { orderStatus as orderStatusMachine } from '@lumen/domain/status/order-status';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { corpusDocuments } from './corpus';
import { contentKind, opportunities } from './opportunities';
import { runs } from './runs';
import { workspaces } from './tenancy';

// A site row exists only once it was verified; later checks move it between these.
// Status enums are built from the domain's lists (docs/architecture.md, "One status source"):
// a status added there reaches the database through a generated migration.
export const siteStatus = pgEnum('site_status', SITE_STATUSES);
export const orderStatus = pgEnum('order_status', orderStatusMachine.statuses);
export const draftStatus = pgEnum('draft_status', draftStatusMachine.statuses);
/** Reading a published page into the corpus (docs/closed-loop.md, "Ingestion"). */
export const ingestStatus = pgEnum('ingest_status', ingestStatusMachine.statuses);
export const publishedStatus = pgEnum('published_status', [
  'publish',
  'draft',
  'pending',
  'private',
  'future',
  'trash',
]);

export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null = built-in template, visible to every workspace.
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: contentKind('kind').notNull(),
    structure: jsonb('structure')
      .$type<{ sections: { heading: string; guidance: string }[] }>()
      .notNull(),
    instructions: text('instructions').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('templates_workspace_idx').on(t.workspaceId)],
);

export const wordpressSites = pgTable(
  'wordpress_sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    baseUrl: text('base_url').notNull(),
    username: text('username').notNull(),
    // AES-256-GCM ciphertext bound to this row (docs/security.md); never returned or logged.
    appPasswordEncrypted: text('app_password_encrypted').notNull(),
    status: siteStatus('status').notNull().default('CONNECTED'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastError: text('last_error'),
    // Found when the site was last verified (docs/publishing.md): where its REST API lives, what
    // the user may do there, and its categories and tags.
    apiRoot: text('api_root').notNull().default(''),
    capabilities: jsonb('capabilities')
      .$type<SiteCapabilities>()
      .notNull()
      .default(NO_CAPABILITIES),
    categories: jsonb('categories').$type<WpTerm[]>().notNull().default([]),
    tags: jsonb('tags').$type<WpTerm[]>().notNull().default([]),
    defaults: jsonb('defaults')
      .$type<{ status?: string; categoryIds?: number[]; authorId?: number }>()
      .notNull()
      .default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wordpress_sites_workspace_idx').on(t.workspaceId),
    uniqueIndex('wordpress_sites_workspace_url_idx').on(t.workspaceId, t.baseUrl),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    opportunityId: uuid('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id').references(() => templates.id, { onDelete: 'set null' }),
    siteId: uuid('site_id').references(() => wordpressSites.id, { onDelete: 'set null' }),
    status: orderStatus('status').notNull().default('QUEUED'),
    error: text('error'),
    // Who wrote the draft: an engine id (an LLM) or 'composer' (the deterministic writer).
    writer: text('writer'),
    // An improvement of a page that exists (improvePage, docs/publishing.md): the page as it was
    // read (address, title, main text) and, once written, what the improvement changed. Null for
    // a new piece. Its draft updates that page's WordPress post instead of creating one.
    pageSource: jsonb('page_source').$type<PageSource>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('orders_workspace_status_idx').on(t.workspaceId, t.status)],
);

export const drafts = pgTable(
  'drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    slug: text('slug').notNull().default(''),
    body: text('body').notNull(),
    excerpt: text('excerpt'),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    jsonLd: jsonb('json_ld').$type<Record<string, unknown>>(),
    // WordPress term ids on the order's site.
    categories: jsonb('categories').$type<number[]>().notNull().default([]),
    tags: jsonb('tags').$type<number[]>().notNull().default([]),
    status: draftStatus('status').notNull().default('DRAFT'),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    // Optimistic concurrency: every saved edit adds one; a save naming an older version is refused.
    version: integer('version').notNull().default(1),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: uuid('approved_by'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('drafts_workspace_status_idx').on(t.workspaceId, t.status)],
);

// Every saved version of a draft's content, so an earlier one can be restored.
export const draftVersions = pgTable(
  'draft_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    draftId: uuid('draft_id')
      .notNull()
      .references(() => drafts.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    body: text('body').notNull(),
    excerpt: text('excerpt'),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    jsonLd: jsonb('json_ld').$type<Record<string, unknown>>(),
    categories: jsonb('categories').$type<number[]>().notNull().default([]),
    tags: jsonb('tags').$type<number[]>().notNull().default([]),
    // Null when the worker wrote it (the generated first version).
    authorId: uuid('author_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('draft_versions_draft_version_idx').on(t.draftId, t.version)],
);

export const publishedItems = pgTable(
  'published_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    draftId: uuid('draft_id')
      .notNull()
      .unique()
      .references(() => drafts.id, { onDelete: 'cascade' }),
    // Removing a site from Lumen keeps the record of what was published there.
    siteId: uuid('site_id').references(() => wordpressSites.id, { onDelete: 'set null' }),
    // The site's address when the post was written: the post id means something only there,
    // and only pages on it are read into the corpus (docs/security.md, "Published pages").
    siteUrl: text('site_url'),
    wpPostId: integer('wp_post_id').notNull(),
    url: text('url').notNull(),
    status: publishedStatus('status').notNull().default('publish'),
    // The draft version the post currently holds.
    publishedVersion: integer('published_version').notNull().default(1),
    lastError: text('last_error'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The closed loop (docs/publishing.md): the public page read into the local engines' corpus,
    // and the targeted run that measured its prompts again.
    ingestedAt: timestamp('ingested_at', { withTimezone: true }),
    corpusDocumentId: uuid('corpus_document_id').references(() => corpusDocuments.id, {
      onDelete: 'set null',
    }),
    remeasureRunId: uuid('remeasure_run_id').references(() => runs.id, { onDelete: 'set null' }),
    // The ingest job's status row (docs/jobs.md): PENDING → READING → READ | FAILED, why it
    // failed, and when this reading was asked for (the reconciler's age).
    ingestStatus: ingestStatus('ingest_status').notNull().default('PENDING'),
    ingestError: text('ingest_error'),
    ingestAttemptedAt: timestamp('ingest_attempted_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    index('published_items_workspace_idx').on(t.workspaceId),
    // Never two posts for one draft, and a WordPress post belongs to one item.
    uniqueIndex('published_items_site_post_idx').on(t.siteId, t.wpPostId),
    // The reconciler's scan of unfinished ingestions.
    index('published_items_ingest_open_idx')
      .on(t.ingestAttemptedAt)
      .where(sql`ingest_status in ('PENDING', 'READING')`),
  ],
);
