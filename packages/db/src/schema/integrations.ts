import { CONNECTION_STATUSES, ENGINE_KINDS } from '@lumen/domain/engines/engine-connection';
import {
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from './tenancy';

export const integrationKind = pgEnum('integration_kind', [
  'openai',
  'anthropic',
  'google',
  'perplexity',
  'openai_compatible',
  'webhook',
  'slack',
]);
export const integrationStatus = pgEnum('integration_status', ['CONNECTED', 'ERROR', 'DISABLED']);

export const integrations = pgTable(
  'integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: integrationKind('kind').notNull(),
    name: text('name').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    // AES-256-GCM ciphertext bound to this row; never returned or logged.
    secretEncrypted: text('secret_encrypted'),
    status: integrationStatus('status').notNull().default('CONNECTED'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('integrations_workspace_idx').on(t.workspaceId),
    uniqueIndex('integrations_workspace_kind_name_idx').on(t.workspaceId, t.kind, t.name),
  ],
);

export const engineKind = pgEnum('engine_kind', ENGINE_KINDS);
export const connectionStatus = pgEnum('connection_status', CONNECTION_STATUSES);

/**
 * A workspace's key for one answer engine (docs/engines.md, "Connections"). One per kind: it
 * replaces the server's key for that kind in the workspace's runs.
 */
export const engineConnections = pgTable(
  'engine_connections',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: engineKind('kind').notNull(),
    label: text('label').notNull(),
    baseUrl: text('base_url'),
    model: text('model'),
    // AES-256-GCM, associated data = the row's id, kind and origin; never returned or logged.
    sealedKey: text('sealed_key'),
    keyHint: text('key_hint'),
    status: connectionStatus('status').notNull().default('UNTESTED'),
    lastError: text('last_error'),
    models: jsonb('models').$type<string[]>().notNull().default([]),
    testedAt: timestamp('tested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('engine_connections_workspace_kind_idx').on(t.workspaceId, t.kind)],
);
