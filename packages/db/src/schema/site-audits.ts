import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { brands } from './brands';
import { jobStatus } from './quick-scores';
import { workspaces } from './tenancy';

// A brand's site read the way AI crawlers read it (docs/site-audit.md): robots.txt per agent,
// llms.txt, sitemaps and the key pages. The `site-audit` job's status row; the finished report
// (a pure function of what was read, @lumen/domain/site-audit) is kept whole in `report`.
export const siteAudits = pgTable(
  'site_audits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    // 'manual' (runSiteAudit) or 'scheduled' (the weekly job).
    trigger: text('trigger').notNull().default('manual'),
    status: jobStatus('status').notNull().default('QUEUED'),
    // The origin read ("https://acme.com"), set when the job starts.
    origin: text('origin'),
    // Progress: steps done of total (robots, llms.txt, sitemap, each key page), and the current one.
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    step: text('step'),
    score: integer('score'),
    report: jsonb('report').$type<Record<string, unknown>>(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('site_audits_brand_created_idx').on(t.brandId, t.createdAt.desc()),
    // One open audit per brand: a second request while one is open gets that one. The
    // reconciler's scan reads the same predicate.
    uniqueIndex('site_audits_brand_open_idx')
      .on(t.brandId)
      .where(sql`${t.status} in ('QUEUED', 'RUNNING')`),
    index('site_audits_open_idx').on(t.createdAt).where(sql`${t.status} in ('QUEUED', 'RUNNING')`),
  ],
);
