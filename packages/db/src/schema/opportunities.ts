import { opportunityStatus as opportunityStatusMachine } from '@lumen/domain/status/opportunity-status';
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
import { brands, keywords, prompts } from './brands';
import { runs } from './runs';
import { workspaces } from './tenancy';

export const opportunityType = pgEnum('opportunity_type', [
  'missing_mention',
  'low_rank',
  'citation_gap',
  'negative_sentiment',
  // A site audit's finding (docs/site-audit.md): no prompt, identified by `finding_key`.
  'technical',
  // A cited page that names competitors but not the brand (docs/sources.md): no prompt,
  // identified by `finding_key` = 'outreach:<url>'.
  'source_outreach',
]);
// Built from the domain's status machine (docs/architecture.md, "One status source").
export const opportunityStatus = pgEnum('opportunity_status', opportunityStatusMachine.statuses);
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
    // Set when a later run shows the brand present (or a person marks it); cleared on reopening.
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByRunId: uuid('resolved_by_run_id').references(() => runs.id, { onDelete: 'set null' }),
    // A technical opportunity's finding ("robots:gptbot", "page:/pricing:h1"): a re-audit
    // updates the opportunity of the same key instead of adding another.
    findingKey: text('finding_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('opportunities_brand_finding_idx')
      .on(t.brandId, t.findingKey)
      .where(sql`${t.findingKey} is not null`),
    index('opportunities_workspace_status_idx').on(t.workspaceId, t.status),
    index('opportunities_brand_idx').on(t.brandId),
    // One open opportunity per prompt and type; a later run updates it instead of adding more.
    uniqueIndex('opportunities_brand_prompt_type_idx').on(t.brandId, t.promptId, t.type),
  ],
);

// Every status change of an opportunity, by a run (gap analysis) or a person, oldest first.
export const opportunityStatusChanges = pgTable(
  'opportunity_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    opportunityId: uuid('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    // Null for the first entry (the opportunity was found).
    fromStatus: opportunityStatus('from_status'),
    toStatus: opportunityStatus('to_status').notNull(),
    // The run whose gap analysis made the change; null when a person made it.
    runId: uuid('run_id').references(() => runs.id, { onDelete: 'set null' }),
    userId: uuid('user_id'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('opportunity_status_changes_opportunity_idx').on(t.opportunityId, t.createdAt),
    index('opportunity_status_changes_workspace_idx').on(t.workspaceId),
  ],
);
