import { SOURCE_KINDS } from '@lumen/domain/sources/source-kinds';
import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
