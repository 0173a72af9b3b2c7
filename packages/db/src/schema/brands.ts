import {
  boolean,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from './tenancy';

export const brandSchedule = pgEnum('brand_schedule', ['daily', 'weekly', 'manual']);
export const brandStatus = pgEnum('brand_status', ['active', 'paused', 'archived']);
export const competitorSource = pgEnum('competitor_source', ['manual', 'discovered']);
export const promptSource = pgEnum('prompt_source', ['manual', 'generated', 'imported']);

const workspaceId = () =>
  uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });

export const brands = pgTable(
  'brands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    name: text('name').notNull(),
    domains: text('domains').array().notNull().default([]),
    aliases: text('aliases').array().notNull().default([]),
    description: text('description'),
    industry: text('industry'),
    country: text('country'),
    language: text('language').notNull().default('en'),
    engines: text('engines').array().notNull().default([]),
    schedule: brandSchedule('schedule').notNull().default('daily'),
    status: brandStatus('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('brands_workspace_idx').on(t.workspaceId)],
);

export const competitors = pgTable(
  'competitors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    domains: text('domains').array().notNull().default([]),
    aliases: text('aliases').array().notNull().default([]),
    source: competitorSource('source').notNull().default('manual'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('competitors_workspace_idx').on(t.workspaceId),
    index('competitors_brand_idx').on(t.brandId),
  ],
);

export const keywords = pgTable(
  'keywords',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    topic: text('topic'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('keywords_workspace_idx').on(t.workspaceId),
    uniqueIndex('keywords_brand_text_idx').on(t.brandId, t.text),
  ],
);

export const prompts = pgTable(
  'prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    keywordId: uuid('keyword_id').references(() => keywords.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    kind: text('kind'),
    branded: boolean('branded').notNull().default(false),
    source: promptSource('source').notNull().default('manual'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('prompts_workspace_idx').on(t.workspaceId),
    index('prompts_brand_idx').on(t.brandId),
    uniqueIndex('prompts_brand_text_idx').on(t.brandId, t.text),
  ],
);
