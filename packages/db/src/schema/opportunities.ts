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
import { brands, keywords, prompts } from './brands';
import { runs } from './runs';
import { workspaces } from './tenancy';

export const opportunityType = pgEnum('opportunity_type', [
  'missing_mention',
  'low_rank',
  'citation_gap',
  'negative_sentiment',
]);
export const opportunityStatus = pgEnum('opportunity_status', [
  'NEW',
  'PLANNED',
  'IN_PROGRESS',
  'PUBLISHED',
  'RESOLVED',
  'DISMISSED',
]);
export const contentKind = pgEnum('content_kind', [
  'listicle',
  'comparison',
  'faq',
  'how-to',
  'glossary',
]);

export const opportunities = pgTable(
  'opportunities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    keywordId: uuid('keyword_id').references(() => keywords.id, { onDelete: 'set null' }),
    promptId: uuid('prompt_id').references(() => prompts.id, { onDelete: 'set null' }),
    runId: uuid('run_id').references(() => runs.id, { onDelete: 'set null' }),
    type: opportunityType('type').notNull(),
    title: text('title').notNull(),
    evidence: jsonb('evidence').$type<Record<string, unknown>>().notNull().default({}),
    impact: integer('impact').notNull(),
    recommendedKind: contentKind('recommended_kind'),
    status: opportunityStatus('status').notNull().default('NEW'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('opportunities_workspace_status_idx').on(t.workspaceId, t.status),
    index('opportunities_brand_idx').on(t.brandId),
    // One open opportunity per prompt and type; a later run updates it instead of adding more.
    uniqueIndex('opportunities_brand_prompt_type_idx').on(t.brandId, t.promptId, t.type),
  ],
);
