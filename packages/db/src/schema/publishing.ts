import {
  NO_CAPABILITIES,
  type SiteCapabilities,
  type WpTerm,
} from '@lumen/domain/publishing/wordpress-site';
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
import { contentKind, opportunities } from './opportunities';
import { workspaces } from './tenancy';

// A site row exists only once it was verified; later checks move it between these.
export const siteStatus = pgEnum('site_status', ['CONNECTED', 'FAILING']);
export const orderStatus = pgEnum('order_status', [
  'QUEUED',
  'GENERATING',
  'DRAFT_READY',
  'FAILED',
  'CANCELLED',
]);
export const draftStatus = pgEnum('draft_status', [
  'DRAFT',
  'IN_REVIEW',
  'APPROVED',
  'SCHEDULED',
  'PUBLISHING',
  'PUBLISHED',
  'FAILED',
]);
export const publishedStatus = pgEnum('published_status', [
  'publish',
  'draft',
  'pending',
  'private',
  'future',
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
    body: text('body').notNull(),
    excerpt: text('excerpt'),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    jsonLd: jsonb('json_ld').$type<Record<string, unknown>>(),
    status: draftStatus('status').notNull().default('DRAFT'),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('drafts_workspace_status_idx').on(t.workspaceId, t.status)],
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
    siteId: uuid('site_id')
      .notNull()
      .references(() => wordpressSites.id, { onDelete: 'cascade' }),
    wpPostId: integer('wp_post_id').notNull(),
    url: text('url').notNull(),
    status: publishedStatus('status').notNull().default('publish'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('published_items_workspace_idx').on(t.workspaceId),
    // Never two posts for one draft, and a WordPress post belongs to one item.
    uniqueIndex('published_items_site_post_idx').on(t.siteId, t.wpPostId),
  ],
);
