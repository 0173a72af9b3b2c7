import type { DigestFrequency } from '@lumen/domain/notifications/preferences';
import { CHANNEL_KINDS, WEBHOOK_STATUSES } from '@lumen/domain/notifications/webhook-rules';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { brands } from './brands';
import { workspaces } from './tenancy';

// Notifications (docs/notifications.md, docs/webhooks.md): the events Lumen found, the webhooks
// that receive them and every delivery attempt.

/**
 * One row per (rule, subject, source): `key` is deterministic (`score.moved:<brand>:<engine>:<run>`),
 * so a retried evaluation inserts nothing and therefore sends nothing twice.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    key: text('key').notNull(),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_events_workspace_key_idx').on(t.workspaceId, t.key),
    index('notification_events_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
  ],
);

export const webhookStatus = pgEnum('webhook_status', WEBHOOK_STATUSES);
export const channelKind = pgEnum('channel_kind', CHANNEL_KINDS);

export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    // WEBHOOK: a signed JSON post to `url`. SLACK: a Block Kit message to an incoming-webhook URL,
    // which is itself the secret: sealed in `sealedUrl`, and `url` holds only a hint of it.
    kind: channelKind('kind').notNull().default('WEBHOOK'),
    url: text('url').notNull(),
    sealedUrl: text('sealed_url'),
    events: text('events').array().notNull(),
    // Null: every brand of the workspace.
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    status: webhookStatus('status').notNull().default('ACTIVE'),
    // AES-256-GCM, associated data = the row's id; opened only to sign. Never returned.
    sealedSecret: text('sealed_secret'),
    // The secret before the last rotation, still signing until previousSecretUntil.
    sealedPreviousSecret: text('sealed_previous_secret'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    // The first failed attempt since the last 2xx; three days of it disable the webhook.
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_workspace_idx').on(t.workspaceId)],
);

/** The delivery log: one row per attempt. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => notificationEvents.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    ok: boolean('ok').notNull(),
    durationMs: integer('duration_ms').notNull(),
    // The response's first 1 KB, or why there was no response.
    response: text('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A retried delivery job finds its attempt already logged and posts nothing.
    uniqueIndex('webhook_deliveries_attempt_idx').on(t.webhookId, t.eventId, t.attempt),
    index('webhook_deliveries_webhook_created_idx').on(t.webhookId, t.createdAt.desc()),
  ],
);

/**
 * What one person wants by email from one workspace (docs/notifications.md, "Email"). No row:
 * the defaults (`defaultPreferences`: failures and the weekly digest), so a new member has them
 * at once. Gone with the workspace; a person who leaves it is no longer a recipient (recipients
 * are read through the membership).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    emailEvents: text('email_events').array().notNull(),
    digestFrequency: text('digest_frequency').$type<DigestFrequency>().notNull(),
    digestHour: integer('digest_hour').notNull(),
    timezone: text('timezone').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

/**
 * The email log: one row per attempt of one mail to one person. `subject` says what the mail is
 * (`event:<eventId>`, `digest:<period>`, `webhook-disabled:<webhookId>:<since>`), so the unique
 * index makes every mail once per (subject, person, attempt): a retried job sends nothing twice.
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    subject: text('subject').notNull(),
    eventId: uuid('event_id').references(() => notificationEvents.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    attempt: integer('attempt').notNull(),
    ok: boolean('ok').notNull(),
    // Why it failed (an SMTP error code), or "sent"; never the address or the message.
    response: text('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_deliveries_attempt_idx').on(t.subject, t.userId, t.attempt),
    index('email_deliveries_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
  ],
);
