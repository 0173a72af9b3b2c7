import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { brands, keywords, prompts } from './brands';
import { jobStatus, quickScores } from './quick-scores';
import { workspaces } from './tenancy';

export const runTrigger = pgEnum('run_trigger', ['scheduled', 'manual', 'quick_score', 'targeted']);
export const mentionEntity = pgEnum('mention_entity', ['brand', 'competitor', 'discovered']);
export const citationOwner = pgEnum('citation_owner', ['own', 'competitor', 'third_party']);

export const runs = pgTable(
  'runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null for quick-score runs, which belong to no workspace.
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    quickScoreId: uuid('quick_score_id').references(() => quickScores.id, { onDelete: 'cascade' }),
    trigger: runTrigger('trigger').notNull(),
    // A targeted run asks only these prompts (the ones a published item aims at); null = all.
    promptIds: uuid('prompt_ids').array(),
    // Answers asked of each prompt × engine (the brand's samples; more for a re-measure).
    samples: smallint('samples').notNull().default(1),
    status: jobStatus('status').notNull().default('QUEUED'),
    // Brand runs: total = prompt × engine queries; done = answered; failed = gave up on, both
    // written from the answers when the queries are done (docs/jobs.md, "Brand runs").
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    error: text('error'),
    // Set when a brand's run completes: the headline numbers over its non-branded answers, so
    // lists show a score and its change without re-reading answers (docs/brands.md).
    score: integer('score'),
    metrics: jsonb('metrics').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('runs_workspace_idx').on(t.workspaceId),
    index('runs_brand_created_idx').on(t.brandId, t.createdAt.desc()),
    index('runs_quick_score_idx').on(t.quickScoreId),
    // One unfinished run per brand: a second start (a double click, a schedule firing during a
    // manual run) finds the first instead of racing it.
    uniqueIndex('runs_brand_open_idx')
      .on(t.brandId)
      .where(sql`${t.status} in ('QUEUED', 'RUNNING') and ${t.brandId} is not null`),
    check('runs_owner_check', sql`(${t.brandId} is not null) <> (${t.quickScoreId} is not null)`),
  ],
);

export const answers = pgTable(
  'answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    runId: uuid('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    promptId: uuid('prompt_id').references(() => prompts.id, { onDelete: 'set null' }),
    // Quick scores have no prompt rows; the text is kept here for every answer.
    promptText: text('prompt_text').notNull(),
    engine: text('engine').notNull(),
    // Which of the run's samples of this prompt × engine (1 for a run that asks once).
    sample: smallint('sample').notNull().default(1),
    requestedModel: text('requested_model'),
    servedModel: text('served_model'),
    text: text('text'),
    citations: jsonb('citations').$type<{ url: string; title?: string }[]>().notNull().default([]),
    latencyMs: integer('latency_ms'),
    usage: jsonb('usage').$type<{
      inputTokens?: number;
      outputTokens?: number;
      searchCalls?: number;
    }>(),
    // US dollars by the price table when stored (docs/engines.md, "Costs"): 0 for the local
    // engines, null when unknown (a model without a price, a provider without token counts).
    costUsd: numeric('cost_usd', { precision: 14, scale: 8, mode: 'number' }),
    // An answer page showed no AI answer (no AI Overview for the query): stored as an answer with
    // empty text that mentions no one (docs/engines.md, "Answer pages").
    noOverview: boolean('no_overview').notNull().default(false),
    // Where the answer was asked for: the prompt's place, else its brand's, as an ISO country
    // code (null: none Lumen could read) and a language's primary subtag. Null language: a
    // guest's quick check (docs/brands.md, "Country and language").
    country: text('country'),
    language: text('language'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('answers_workspace_idx').on(t.workspaceId),
    // A second delivery of a job must not store the same answer twice.
    uniqueIndex('answers_run_prompt_engine_sample_idx').on(
      t.runId,
      t.promptText,
      t.engine,
      t.sample,
    ),
    index('answers_prompt_created_idx').on(t.promptId, t.createdAt),
  ],
);

export const mentions = pgTable(
  'mentions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    answerId: uuid('answer_id')
      .notNull()
      .references(() => answers.id, { onDelete: 'cascade' }),
    entity: mentionEntity('entity').notNull(),
    entityId: uuid('entity_id'),
    name: text('name').notNull(),
    rank: integer('rank'),
    firstOffset: integer('first_offset').notNull(),
    count: integer('count').notNull().default(1),
    sentiment: real('sentiment'),
    snippet: text('snippet'),
    spans: jsonb('spans').$type<[number, number][]>().notNull().default([]),
  },
  (t) => [
    index('mentions_answer_idx').on(t.answerId),
    index('mentions_entity_idx').on(t.entityId),
    index('mentions_workspace_idx').on(t.workspaceId),
  ],
);

export const citations = pgTable(
  'citations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    answerId: uuid('answer_id')
      .notNull()
      .references(() => answers.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    domain: text('domain').notNull(),
    title: text('title'),
    position: integer('position').notNull(),
    owner: citationOwner('owner').notNull(),
    entityId: uuid('entity_id'),
  },
  (t) => [
    index('citations_answer_idx').on(t.answerId),
    index('citations_domain_idx').on(t.domain),
    index('citations_workspace_idx').on(t.workspaceId),
  ],
);

// The optional judge's verdicts on ambiguous occurrences of common-word names
// (docs/analysis.md, "The optional judge"): one per answer, entity, occurrence offset, judge
// model and analyzer version, so a re-analysis reads them again instead of asking twice.
export const analysisJudgements = pgTable(
  'analysis_judgements',
  {
    answerId: uuid('answer_id')
      .notNull()
      .references(() => answers.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    // The brand's or a competitor's id (either table, so no foreign key).
    entityId: uuid('entity_id').notNull(),
    start: integer('start').notNull(),
    model: text('model').notNull(),
    analyzerVersion: integer('analyzer_version').notNull(),
    brand: boolean('brand').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'analysis_judgements_pk',
      columns: [t.answerId, t.entityId, t.start, t.model, t.analyzerVersion],
    }),
    index('analysis_judgements_workspace_idx').on(t.workspaceId),
  ],
);

// Daily rollups: the dashboard reads these, never the raw answers (budget: 1 M answers).
// One row per brand × day (in the brand's timezone) × engine ('all' = every engine) × keyword
// (null = every keyword) × branded × place ('*' = every country and language, or one country ×
// language pair), written by the brand run's finalize step (docs/metrics.md).
export const metricSnapshots = pgTable(
  'metric_snapshots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    engine: text('engine').notNull(),
    // Null = all keywords; the unique index treats nulls as equal so each day has one such row.
    keywordId: uuid('keyword_id').references(() => keywords.id, { onDelete: 'cascade' }),
    // Branded prompts ("is Acme good for …") are rolled up apart from the headline (non-branded).
    branded: boolean('branded').notNull().default(false),
    // '*' and '*' = every place; otherwise one country (an ISO code, '' for none) × language
    // (primary subtag) the answers were asked for.
    country: text('country').notNull().default('*'),
    language: text('language').notNull().default('*'),
    answers: integer('answers').notNull(),
    mentioned: integer('mentioned').notNull().default(0),
    mentionRate: doublePrecision('mention_rate').notNull(),
    positionWeighted: doublePrecision('position_weighted').notNull().default(0),
    shareOfVoice: doublePrecision('share_of_voice').notNull(),
    avgRank: doublePrecision('avg_rank'),
    citationRate: doublePrecision('citation_rate').notNull(),
    sentiment: doublePrecision('sentiment'),
    score: integer('score').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('metric_snapshots_workspace_idx').on(t.workspaceId),
    unique('metric_snapshots_key')
      .on(t.brandId, t.day, t.engine, t.keywordId, t.branded, t.country, t.language)
      .nullsNotDistinct(),
    index('metric_snapshots_brand_day_idx').on(t.brandId, t.day),
  ],
);

// A change of the model a provider actually served for a brand's engine (e.g. gpt-4o-2024-08-06
// → gpt-4o-2024-11-20), recorded by the run that first saw it, so charts can mark the day.
export const servedModelChanges = pgTable(
  'served_model_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    engine: text('engine').notNull(),
    previousModel: text('previous_model').notNull(),
    servedModel: text('served_model').notNull(),
    runId: uuid('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('served_model_changes_workspace_idx').on(t.workspaceId),
    index('served_model_changes_brand_idx').on(t.brandId, t.detectedAt),
    unique('served_model_changes_run_engine_key').on(t.runId, t.engine),
  ],
);

/**
 * A re-analysis of a brand's stored answers (docs/jobs.md, "Re-analysis"): its tracked names
 * changed, or the analyzer did. The `reanalyze` job's status row; job id = row id.
 */
export const reanalyses = pgTable(
  'reanalyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    status: jobStatus('status').notNull().default('QUEUED'),
    // The analyzer's version changed (not only the names): the finish records "Method changed".
    methodChanged: boolean('method_changed').notNull().default(false),
    // The analyzer version the answers were read with (set when the job starts).
    analyzerVersion: integer('analyzer_version'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reanalyses_brand_created_idx').on(t.brandId, t.createdAt.desc()),
    // Triggers in a row coalesce: one waiting re-analysis per brand picks up every change.
    uniqueIndex('reanalyses_brand_queued_idx').on(t.brandId).where(sql`${t.status} = 'QUEUED'`),
    // And one at work: a second waits until the first is done.
    uniqueIndex('reanalyses_brand_running_idx').on(t.brandId).where(sql`${t.status} = 'RUNNING'`),
    index('reanalyses_open_idx').on(t.createdAt).where(sql`${t.status} in ('QUEUED', 'RUNNING')`),
  ],
);
