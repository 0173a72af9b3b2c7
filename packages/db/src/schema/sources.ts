import { SOURCE_KINDS } from '@lumen/domain/sources/source-kinds';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { brands } from './brands';
import { jobStatus } from './quick-scores';
import { workspaces } from './tenancy';

// A workspace's own word on what kind of site a cited domain is (docs/sources.md, "Corrections"):
// it outranks every other rule of the classifier for that domain and its subdomains. The domain
// is stored in the classifier's canonical host form.
export const sourceCorrections = pgTable(
  'source_corrections',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    kind: text('kind').notNull(),
    // Who set it (a person or an API key's name), for the Sources page's "why".
    setBy: text('set_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.domain] }),
    check(
      'source_corrections_kind_check',
      sql`${t.kind} in (${sql.raw(SOURCE_KINDS.map((k) => `'${k}'`).join(', '))})`,
    ),
  ],
);

// A cited third-party page as Lumen last fetched it (docs/sources.md, "Cites them, not us"):
// one row per URL for every workspace, since it holds only what the public page says. A failed
// fetch keeps its HTTP status and error code; the text of an earlier good read is kept until a
// later read succeeds.
export const citedPages = pgTable(
  'cited_pages',
  {
    url: text('url').primaryKey(),
    domain: text('domain').notNull(),
    // READ (text extracted) or FAILED (http_status / error_code say why).
    status: text('status').notNull(),
    httpStatus: integer('http_status'),
    errorCode: text('error_code'),
    error: text('error'),
    title: text('title'),
    body: text('body'),
    // A submit or contact page found among the page's links (not for UGC: there the thread is).
    contactUrl: text('contact_url'),
    contactKind: text('contact_kind'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
    // The last good read's time: what a brand's reading of the page is dated by.
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [check('cited_pages_status_check', sql`${t.status} in ('READ', 'FAILED')`)],
);

// What one brand's tracked names are on a cited page, from the answer analyzer: brand data, so
// workspace scoped. Rewritten by every scan of the brand.
export const citedPageMentions = pgTable(
  'cited_page_mentions',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    url: text('url')
      .notNull()
      .references(() => citedPages.url, { onDelete: 'cascade' }),
    brandMentioned: boolean('brand_mentioned').notNull(),
    competitors: jsonb('competitors')
      .$type<{ entityId: string; name: string }[]>()
      .notNull()
      .default([]),
    analyzedAt: timestamp('analyzed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.url] }),
    index('cited_page_mentions_workspace_idx').on(t.workspaceId),
  ],
);

// A scan of a brand's cited pages: the `read-cited-pages` job's status row
// (QUEUED → RUNNING → COMPLETED | FAILED), one open per brand.
export const citedPageScans = pgTable(
  'cited_page_scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    // 'manual' (readCitedPages: every page fetched again) or 'scheduled' (weekly: pages read
    // in the last six days are reused).
    trigger: text('trigger').notNull().default('manual'),
    status: jobStatus('status').notNull().default('QUEUED'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    // Pages whose fetch failed in this scan (recorded on the page, the scan goes on).
    failed: integer('failed').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cited_page_scans_brand_created_idx').on(t.brandId, t.createdAt.desc()),
    uniqueIndex('cited_page_scans_brand_open_idx')
      .on(t.brandId)
      .where(sql`${t.status} in ('QUEUED', 'RUNNING')`),
    index('cited_page_scans_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('QUEUED', 'RUNNING')`),
    index('cited_page_scans_workspace_idx').on(t.workspaceId),
  ],
);
