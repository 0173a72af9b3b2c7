import { ANALYZER_VERSION } from '@lumen/domain/analysis/analysis-rows';
import { STORED_BRAND_STATUSES } from '@lumen/domain/status/brand-status';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { quickScores } from './quick-scores';
import { workspaces } from './tenancy';

export const brandSchedule = pgEnum('brand_schedule', ['daily', 'weekly', 'manual']);
export const brandStatus = pgEnum('brand_status', STORED_BRAND_STATUSES);
export const competitorSource = pgEnum('competitor_source', ['manual', 'discovered']);
export const promptSource = pgEnum('prompt_source', ['manual', 'generated', 'imported']);
// The four kinds of brand-neutral question (docs/brands.md, "Prompts").
export const promptKind = pgEnum('prompt_kind', ['best', 'comparison', 'alternatives', 'how-to']);

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
    // The name is an everyday word: it counts only in brand context (docs/analysis.md).
    commonWord: boolean('common_word').notNull().default(false),
    description: text('description'),
    industry: text('industry'),
    country: text('country'),
    language: text('language').notNull().default('en'),
    engines: text('engines').array().notNull().default([]),
    // Answers asked of each prompt × engine per run, 1–5 (docs/metrics.md, "Samples").
    samples: smallint('samples').notNull().default(1),
    schedule: brandSchedule('schedule').notNull().default('daily'),
    // Local hour (0–23) in `timezone`; the weekday (0 = Sunday) only for weekly runs.
    scheduleHour: integer('schedule_hour').notNull().default(6),
    scheduleWeekday: integer('schedule_weekday'),
    timezone: text('timezone').notNull().default('UTC'),
    status: brandStatus('status').notNull().default('active'),
    // The oldest analyzer version among the brand's stored analyses: below ANALYZER_VERSION,
    // the worker re-analyses them when it starts (docs/analysis.md, "Re-analysis").
    // Rows from before versioning are version 1 (the SQL default); a brand inserted through
    // Drizzle (the API, seeds, test fixtures) is read by today's analyzer.
    analyzerVersion: integer('analyzer_version')
      .notNull()
      .default(1)
      .$defaultFn(() => ANALYZER_VERSION),
    // The guest quick check this brand was claimed from: claiming it again returns this brand.
    sourceQuickScoreId: uuid('source_quick_score_id').references(() => quickScores.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('brands_workspace_idx').on(t.workspaceId),
    uniqueIndex('brands_workspace_quick_score_idx').on(t.workspaceId, t.sourceQuickScoreId),
    check('brands_samples_check', sql`${t.samples} between 1 and 5`),
    check('brands_schedule_hour_check', sql`${t.scheduleHour} between 0 and 23`),
    check(
      'brands_schedule_weekday_check',
      sql`${t.scheduleWeekday} is null or ${t.scheduleWeekday} between 0 and 6`,
    ),
  ],
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
    commonWord: boolean('common_word').notNull().default(false),
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
    index('keywords_brand_idx').on(t.brandId),
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
    kind: promptKind('kind').notNull().default('best'),
    branded: boolean('branded').notNull().default(false),
    source: promptSource('source').notNull().default('manual'),
    active: boolean('active').notNull().default(true),
    // The prompt's own place (an ISO country code, a language tag); null = the brand's
    // (docs/brands.md, "Country and language").
    country: text('country'),
    language: text('language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('prompts_workspace_idx').on(t.workspaceId),
    index('prompts_brand_idx').on(t.brandId),
    index('prompts_keyword_idx').on(t.keywordId),
    uniqueIndex('prompts_brand_text_idx').on(t.brandId, t.text),
  ],
);
