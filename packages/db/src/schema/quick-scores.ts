import { runStatus } from '@lumen/domain/status/run-status';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Shared by runs and quick scores: QUEUED → RUNNING → COMPLETED | FAILED.
/** Runs and quick scores; built from the domain's status machine ("One status source"). */
export const jobStatus = pgEnum('job_status', runStatus.statuses);

export const quickScores = pgTable(
  'quick_scores',
  {
    // The requestId shown in /visibility/results/{requestId}: a UUIDv4.
    id: uuid('id').primaryKey().defaultRandom(),
    brandName: text('brand_name').notNull(),
    domain: text('domain').notNull(),
    industry: text('industry').notNull(),
    country: text('country'),
    competitors: jsonb('competitors')
      .$type<{ name: string; website?: string | null }[]>()
      .notNull()
      .default([]),
    status: jobStatus('status').notNull().default('QUEUED'),
    progress: integer('progress').notNull().default(0),
    // Per-engine progress and anything the results page shows while running.
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    ipHash: text('ip_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('quick_scores_ip_created_idx').on(t.ipHash, t.createdAt),
    index('quick_scores_dedupe_idx').on(t.brandName, t.domain, t.createdAt),
    index('quick_scores_expires_idx').on(t.expiresAt),
    // The reconciler's scan (listOpenQuickScores): only unfinished rows, oldest first. Nearly
    // every row is final, so the index stays as small as the work in flight. The query repeats
    // this predicate literally: Postgres uses a partial index only when it can prove the query's
    // WHERE implies the index's, which a generic plan of a prepared statement with the statuses
    // as parameters cannot.
    index('quick_scores_open_idx').on(t.createdAt).where(sql`${t.status} in ('QUEUED', 'RUNNING')`),
  ],
);
