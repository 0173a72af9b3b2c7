import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { brands } from './brands';
import { workspaces } from './tenancy';

// AI-crawler analytics (docs/crawlers.md). An uploaded or streamed access log is counted while
// it is read; only these counts stay: per brand, day (UTC), agent, verification, page and
// status. No line and no client address is ever stored.
export const crawlerHits = pgTable(
  'crawler_hits',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    // The agent's token in @lumen/domain/site-audit/ai-agents ("GPTBot").
    agent: text('agent').notNull(),
    // verified | unverified | unverifiable (@lumen/domain/crawlers/crawler-agents).
    verification: text('verification').notNull(),
    // The path without its query string, trailing slash dropped; "(other)" past the per-import cap.
    path: text('path').notNull(),
    status: smallint('status').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.day, t.agent, t.verification, t.path, t.status] }),
    index('crawler_hits_workspace_idx').on(t.workspaceId),
    index('crawler_hits_brand_path_idx').on(t.brandId, t.path, t.day),
    check(
      'crawler_hits_verification_check',
      sql`${t.verification} in ('verified', 'unverified', 'unverifiable')`,
    ),
  ],
);

// One row per log read (upload or ingest request): what it held, for the page's "Imports" list
// and for support. Written in the same transaction as its counts.
export const crawlerLogImports = pgTable(
  'crawler_log_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    // upload (the Site page) or ingest (POST /ingest/logs with an API key).
    source: text('source').notNull(),
    fileName: text('file_name'),
    format: text('format'),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    lines: integer('lines').notNull(),
    malformed: integer('malformed').notNull(),
    verified: integer('verified').notNull(),
    unverified: integer('unverified').notNull(),
    unverifiable: integer('unverifiable').notNull(),
    firstDay: date('first_day', { mode: 'string' }),
    lastDay: date('last_day', { mode: 'string' }),
    // The person (upload) or the API key (ingest) that sent it.
    actorId: uuid('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('crawler_log_imports_brand_created_idx').on(t.brandId, t.createdAt.desc()),
    index('crawler_log_imports_workspace_idx').on(t.workspaceId),
  ],
);
