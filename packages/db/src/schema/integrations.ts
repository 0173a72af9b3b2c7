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
