import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { jobStatus } from './quick-scores';

// A workspace being deleted (docs/security.md, "Exporting and deleting a workspace"): the job's
// status row. No foreign key to the workspace, which this row outlives: it says what was deleted,
// by whom and when, and the reconciler finds an unfinished one by it.
export const workspaceDeletions = pgTable('workspace_deletions', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  workspaceName: text('workspace_name').notNull(),
  requestedBy: uuid('requested_by').notNull(),
  status: jobStatus('status').notNull().default('QUEUED'),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
