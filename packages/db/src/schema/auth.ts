import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
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

// Local auth mode only (no SUPABASE_URL): the subset of Supabase Auth's storage that the gateway's
// /auth/v1 needs. With hosted Supabase these tables stay empty.

export const authUsers = pgTable(
  'auth_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Stored lower-cased and trimmed, so the unique index is the duplicate sign-up guard.
    email: text('email').notNull(),
    // argon2id PHC string; null for people who only ever used a provider stand-in.
    passwordHash: text('password_hash'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    appMetadata: jsonb('app_metadata').$type<Record<string, unknown>>().notNull().default({}),
    userMetadata: jsonb('user_metadata').$type<Record<string, unknown>>().notNull().default({}),
    // sha256 of the single-use recovery / sign-up confirmation token; the token itself is only
    // ever in the mail (docs/security.md, "Account email").
    recoveryTokenHash: text('recovery_token_hash'),
    recoverySentAt: timestamp('recovery_sent_at', { withTimezone: true }),
    // A requested change of address: the new one, and sha256 of the single-use token mailed to it.
    // The address changes only when that link is opened (docs/security.md, "Your own account").
    emailChange: text('email_change'),
    emailChangeTokenHash: text('email_change_token_hash'),
    emailChangeSentAt: timestamp('email_change_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_users_email_key').on(t.email),
    uniqueIndex('auth_users_recovery_token_key')
      .on(t.recoveryTokenHash)
      .where(sql`${t.recoveryTokenHash} is not null`),
    uniqueIndex('auth_users_email_change_token_key')
      .on(t.emailChangeTokenHash)
      .where(sql`${t.emailChangeTokenHash} is not null`),
  ],
);

export const authIdentities = pgTable(
  'auth_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerId: text('provider_id').notNull(),
    identityData: jsonb('identity_data').$type<Record<string, unknown>>().notNull().default({}),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_identities_provider_key').on(t.provider, t.providerId),
    index('auth_identities_user_idx').on(t.userId),
  ],
);

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    // How the session began (password, oauth, recovery); goes into the access token's `amr`.
    method: text('method').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const authRefreshTokens = pgTable(
  'auth_refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // sha256 of the token: a stolen table does not yield usable refresh tokens.
    tokenHash: text('token_hash').notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    revoked: boolean('revoked').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_refresh_tokens_hash_key').on(t.tokenHash),
    index('auth_refresh_tokens_session_idx').on(t.sessionId),
  ],
);

// PKCE flow state between /authorize and POST /token?grant_type=pkce.
export const authFlowStates = pgTable(
  'auth_flow_states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    codeChallenge: text('code_challenge'),
    codeChallengeMethod: text('code_challenge_method'),
    redirectTo: text('redirect_to').notNull(),
    authCodeHash: text('auth_code_hash'),
    userId: uuid('user_id').references(() => authUsers.id, { onDelete: 'cascade' }),
    method: text('method').notNull().default('oauth'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    authCodeIssuedAt: timestamp('auth_code_issued_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('auth_flow_states_code_key')
      .on(t.authCodeHash)
      .where(sql`${t.authCodeHash} is not null`),
    index('auth_flow_states_created_idx').on(t.createdAt),
  ],
);

// The ES256 key local auth signs with: generated once, shared by every gateway process.
export const authSigningKeys = pgTable(
  'auth_signing_keys',
  {
    kid: text('kid').primaryKey(),
    algorithm: text('algorithm').notNull(),
    privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_signing_keys_active_key').on(t.active).where(sql`${t.active}`)],
);

// Fixed-window counters of failed sign-ins, keyed by a hash of the email or the client address.
export const authRateLimits = pgTable(
  'auth_rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
