import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
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
import { workspaces } from './tenancy';

// Brand reports (docs/reports.md): a report keeps the numbers it was made with as a snapshot, so
// reading it later (in the app, through a share link or as a PDF) shows the same figures.

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    periodFrom: text('period_from').notNull(),
    periodTo: text('period_to').notNull(),
    // The person who made it; null when a schedule did.
    createdBy: uuid('created_by'),
    scheduleId: uuid('schedule_id'),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reports_workspace_brand_idx').on(t.workspaceId, t.brandId, t.createdAt)],
);

/** A read-only link to one report: only the SHA-256 of its token is kept. */
export const reportShares = pgTable(
  'report_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    views: integer('views').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_shares_token_idx').on(t.tokenHash),
    index('report_shares_report_idx').on(t.workspaceId, t.reportId),
  ],
);

/** One schedule per brand: a report every week or month, mailed to its recipients. */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    cadence: text('cadence').$type<'WEEKLY' | 'MONTHLY'>().notNull(),
    recipients: text('recipients').array().notNull().default(sql`'{}'::text[]`),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('report_schedules_brand_idx').on(t.workspaceId, t.brandId)],
);

/** What a schedule sent for a period: the key that makes a second sweep send nothing. */
export const reportSends = pgTable(
  'report_sends',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    periodKey: text('period_key').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'set null' }),
    // RUNNING until every recipient was mailed (COMPLETED) or the job's last attempt gave up
    // (FAILED, with `failure` naming who was not reached).
    status: text('status').$type<ReportSendStatus>().notNull().default('RUNNING'),
    failure: text('failure'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.periodKey] })],
);

export type ReportSendStatus = 'RUNNING' | 'COMPLETED' | 'FAILED';

/**
 * One recipient of a period's send: `sent_at` is written as soon as the SMTP server accepted
 * that recipient's mail, so a retry of the job mails only those not reached yet.
 */
export const reportSendRecipients = pgTable(
  'report_send_recipients',
  {
    scheduleId: uuid('schedule_id').notNull(),
    periodKey: text('period_key').notNull(),
    recipient: text('recipient').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.periodKey, t.recipient] }),
    foreignKey({
      columns: [t.scheduleId, t.periodKey],
      foreignColumns: [reportSends.scheduleId, reportSends.periodKey],
    }).onDelete('cascade'),
  ],
);

/** The workspace's white label: applied to its reports, share pages and PDFs. */
export const workspaceBranding = pgTable('workspace_branding', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  agencyName: text('agency_name'),
  accentColor: text('accent_color'),
  // The logo's bytes (base64) as fetched once when it was set; never fetched again on a view.
  logoMime: text('logo_mime'),
  logoData: text('logo_data'),
  logoSourceUrl: text('logo_source_url'),
  hideLumen: boolean('hide_lumen').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
