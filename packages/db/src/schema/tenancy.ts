import { ACTOR_TYPES } from '@lumen/domain/activity/actor';
import { WORKSPACE_ROLES } from '@lumen/domain/auth/workspace-roles';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const workspaceRole = pgEnum('workspace_role', WORKSPACE_ROLES);
export const workspacePlan = pgEnum('workspace_plan', ['free', 'pro', 'business']);
export const logLevel = pgEnum('log_level', ['debug', 'info', 'warn', 'error']);

export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    plan: workspacePlan('plan').notNull().default('pro'),
    // The user whose personal workspace this is; unique so a first sign-in creates it exactly once.
    personalOwnerId: uuid('personal_owner_id').unique(),
    // What new brands start with (BrandDefaultsSchema in @lumen/domain); null: the form's own.
    brandDefaults: jsonb('brand_defaults'),
    // opportunity.created is sent for opportunities of at least this impact (docs/notifications.md).
    // US dollars a calendar month (UTC) of paid answers may cost; null: no budget (docs/engines.md).
    monthlyBudgetUsd: numeric('monthly_budget_usd', { precision: 12, scale: 2, mode: 'number' }),
    opportunityAlertImpact: smallint('opportunity_alert_impact').notNull().default(60),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'workspaces_opportunity_alert_impact_check',
      sql`${t.opportunityAlertImpact} between 0 and 100`,
    ),
  ],
);

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    role: workspaceRole('role').notNull().default('member'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_idx').on(t.userId),
  ],
);

// A pending (or used, or revoked) invitation to a workspace. Only a SHA-256 of the token is
// stored; the token itself exists in the link alone (docs/security.md, "Invitations").
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: workspaceRole('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workspace_invitations_workspace_idx').on(t.workspaceId, t.email)],
);

export const profiles = pgTable('profiles', {
  userId: uuid('user_id').primaryKey(),
  email: text('email').notNull(),
  displayName: text('display_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Managed Service "See more" → contact requests, listed for operators.
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
    userId: uuid('user_id'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_requests_workspace_idx').on(t.workspaceId)],
);

export const actorType = pgEnum('actor_type', ACTOR_TYPES);

// The workspace's activity log (docs/activity.md): one row per change a person or key made, in
// the transaction of that change, and one per job outcome. `actor_id` has no foreign key: an
// actor may be an API key (its table comes later) and names are kept as they were at the time.
// `subject` is the older text column the annotations read (annotation.repository.ts).
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subject: text('subject'),
    subjectType: text('subject_type'),
    subjectId: uuid('subject_id'),
    brandId: uuid('brand_id'),
    actorType: actorType('actor_type').notNull().default('system'),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    level: logLevel('level').notNull().default('info'),
    message: text('message').notNull(),
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Keyset pagination newest first, and the filters that narrow it.
    index('activity_log_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index('activity_log_workspace_brand_idx').on(t.workspaceId, t.brandId, t.createdAt.desc()),
    index('activity_log_workspace_actor_idx').on(t.workspaceId, t.actorId, t.createdAt.desc()),
    index('activity_log_workspace_kind_idx').on(t.workspaceId, t.kind, t.createdAt.desc()),
    // Retention prunes by age across workspaces.
    index('activity_log_created_idx').on(t.createdAt),
  ],
);

// Workspace API keys (docs/api.md). Only a SHA-256 of the secret is stored; the secret is shown
// once, at creation. `prefix` is the part of the secret the list may show again.
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    role: workspaceRole('role').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedAddress: text('last_used_address'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_workspace_idx').on(t.workspaceId, t.createdAt)],
);
