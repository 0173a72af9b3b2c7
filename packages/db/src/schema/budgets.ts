import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { runs } from './runs';
import { workspaces } from './tenancy';

// The monthly budget's ledger (docs/engines.md, "Budget"). One row per workspace and UTC month:
// what stored answers cost, and when each threshold was announced (once a month each). Its row
// lock serialises every paid answer's start in the workspace, so parallel engine queries cannot
// all take the last dollars.
export const workspaceSpend = pgTable(
  'workspace_spend',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    spentUsd: numeric('spent_usd', { precision: 14, scale: 8, mode: 'number' })
      .notNull()
      .default(0),
    // The budget when a threshold was announced (the notification and the log say it).
    budgetUsd: numeric('budget_usd', { precision: 12, scale: 2, mode: 'number' }),
    warnedAt: timestamp('warned_at', { withTimezone: true }),
    reachedAt: timestamp('reached_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('workspace_spend_month_idx').on(t.workspaceId, t.month)],
);

// A paid answer being asked holds its typical cost until it is stored (then charged at its real
// cost) or given up. Keyed by the query (run, prompt, engine, sample), so a retried delivery
// finds its own hold instead of taking a second one.
export const budgetHolds = pgTable(
  'budget_holds',
  {
    key: text('key').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    runId: uuid('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    amountUsd: numeric('amount_usd', { precision: 14, scale: 8, mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('budget_holds_workspace_month_idx').on(t.workspaceId, t.month),
    index('budget_holds_run_idx').on(t.runId),
  ],
);
