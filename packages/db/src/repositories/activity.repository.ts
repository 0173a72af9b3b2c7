import type { ActivityEntryInput, ActivityLevel } from '@lumen/domain/activity/activity-entry';
import type { ActorType } from '@lumen/domain/activity/actor';
import { sql } from 'drizzle-orm';
import { rawDate, type Tx } from '../client';
import { PROMPT_SET_CHANGED } from './annotation.repository';

// The workspace's activity log (docs/activity.md). A change writes its row with
// `recordActivity(tx, …)` in the transaction of the change, so a rolled-back change leaves no
// row; the log is read newest first by (created_at, id).

export type ActivityRow = {
  id: string;
  workspaceId: string;
  kind: string;
  level: ActivityLevel;
  message: string;
  actorType: ActorType;
  actorId: string | null;
  actorName: string | null;
  /** Only when the reader may see emails (not a viewer): the person's current email. */
  actorEmail: string | null;
  subjectType: string | null;
  subjectId: string | null;
  brandId: string | null;
  data: Record<string, unknown> | null;
  createdAt: Date;
  /** created_at as Postgres prints it (microseconds): the exact page cursor. */
  cursorAt: string;
};

export type ActivityFilter = {
  kinds?: readonly string[] | null;
  levels?: readonly ActivityLevel[] | null;
  actorId?: string | null;
  brandId?: string | null;
  from?: Date | null;
  to?: Date | null;
};

/** The log's levels are the enum `log_level` (debug, info, warn, error). */
const TO_DB: Record<ActivityLevel, string> = { info: 'info', warning: 'warn', error: 'error' };
const FROM_DB: Record<string, ActivityLevel> = {
  debug: 'info',
  info: 'info',
  warn: 'warning',
  error: 'error',
};

/** Writes one row in the caller's transaction and returns its id. */
export async function recordActivity(db: Tx, entry: ActivityEntryInput): Promise<string> {
  const data = entry.data ? JSON.stringify(entry.data) : null;
  const [row] = await db.execute<{ id: string }>(sql`
    insert into activity_log (workspace_id, kind, level, message, subject, subject_type, subject_id,
                              brand_id, actor_type, actor_id, actor_name, data)
    values (${entry.workspaceId}, ${entry.kind}, ${TO_DB[entry.level ?? 'info']}::log_level,
            ${entry.message.slice(0, 500)}, ${entry.subjectId}, ${entry.subjectType},
            ${entry.subjectId}::uuid, ${entry.brandId ?? null}::uuid,
            ${entry.actor.type}::actor_type, ${entry.actor.id}::uuid, ${entry.actor.name},
            ${data}::jsonb)
    returning id`);
  if (!row) throw new Error('activity_log insert returned no row');
  return row.id;
}

type Raw = Omit<ActivityRow, 'createdAt' | 'level'> & { createdAt: string | Date; level: string };

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

function where(workspaceId: string, filter: ActivityFilter) {
  // Prompt-set annotations are written beside the change's own row (annotation.repository.ts).
  const parts = [sql`l.workspace_id = ${workspaceId}`, sql`l.kind <> ${PROMPT_SET_CHANGED}`];
  if (filter.kinds?.length) parts.push(sql`l.kind in (${list(filter.kinds)})`);
  if (filter.levels?.length) {
    parts.push(sql`l.level::text in (${list(filter.levels.map((l) => TO_DB[l]))})`);
  }
  if (filter.actorId) parts.push(sql`l.actor_id = ${filter.actorId}::uuid`);
  if (filter.brandId) parts.push(sql`l.brand_id = ${filter.brandId}::uuid`);
  if (filter.from) parts.push(sql`l.created_at >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to) parts.push(sql`l.created_at < ${filter.to.toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

const toRow = (r: Raw): ActivityRow => ({
  ...r,
  level: FROM_DB[r.level] ?? 'info',
  createdAt: rawDate(r.createdAt),
});

/** Newest first; `limit` rows after the cursor. Emails only with `withEmails`. */
export async function listActivity(
  db: Tx,
  workspaceId: string,
  filter: ActivityFilter,
  page: { limit: number; after: { cursorAt: string; id: string } | null },
  withEmails: boolean,
): Promise<ActivityRow[]> {
  const after = page.after
    ? sql`and (l.created_at, l.id) < (${page.after.cursorAt}::timestamptz, ${page.after.id}::uuid)`
    : sql``;
  // The email is joined only for readers allowed to see it, so a viewer's rows never hold one.
  const email = withEmails
    ? sql`(select p.email from profiles p where l.actor_type = 'user' and p.user_id = l.actor_id)`
    : sql`null::text`;
  const rows = await db.execute<Raw>(sql`
    select l.id, l.workspace_id as "workspaceId", l.kind, l.level::text as level, l.message,
           l.actor_type::text as "actorType", l.actor_id as "actorId",
           coalesce(l.actor_name, case when l.actor_type = 'system' then 'Lumen' end) as "actorName",
           ${email} as "actorEmail", l.subject_type as "subjectType", l.subject_id as "subjectId",
           l.brand_id as "brandId", l.data, l.created_at as "createdAt",
           l.created_at::text as "cursorAt"
      from activity_log l
     where ${where(workspaceId, filter)} ${after}
     order by l.created_at desc, l.id desc
     limit ${page.limit}`);
  return rows.map(toRow);
}

export async function listActivitySince(
  db: Tx,
  workspaceId: string,
  since: { cursorAt: string; id: string } | null,
  withEmails: boolean,
  limit = 50,
): Promise<ActivityRow[]> {
  // Oldest first after the last row the stream sent; the first call only finds where "now" is.
  const email = withEmails
    ? sql`(select p.email from profiles p where l.actor_type = 'user' and p.user_id = l.actor_id)`
    : sql`null::text`;
  const after = since
    ? sql`and (l.created_at, l.id) > (${since.cursorAt}::timestamptz, ${since.id}::uuid)`
    : sql``;
  const order = since ? sql`asc` : sql`desc`;
  const rows = await db.execute<Raw>(sql`
    select l.id, l.workspace_id as "workspaceId", l.kind, l.level::text as level, l.message,
           l.actor_type::text as "actorType", l.actor_id as "actorId",
           coalesce(l.actor_name, case when l.actor_type = 'system' then 'Lumen' end) as "actorName",
           ${email} as "actorEmail", l.subject_type as "subjectType", l.subject_id as "subjectId",
           l.brand_id as "brandId", l.data, l.created_at as "createdAt",
           l.created_at::text as "cursorAt"
      from activity_log l
     where ${where(workspaceId, {})} ${after}
     order by l.created_at ${order}, l.id ${order}
     limit ${since ? limit : 1}`);
  return rows.map(toRow);
}

/** The people who appear in the workspace's log (the person filter's choices), names only. */
export async function listActivityActors(
  db: Tx,
  workspaceId: string,
): Promise<{ id: string; type: ActorType; name: string }[]> {
  const rows = await db.execute<{ id: string; type: ActorType; name: string }>(sql`
    select distinct on (l.actor_id) l.actor_id as id, l.actor_type::text as type,
           coalesce(l.actor_name, '') as name
      from activity_log l
     where l.workspace_id = ${workspaceId} and l.actor_id is not null
     order by l.actor_id, l.created_at desc
     limit 500`);
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

/** Deletes rows older than `before`, a batch at a time; returns how many went. */
export async function pruneActivity(db: Tx, before: Date, batch = 5000): Promise<number> {
  let total = 0;
  while (true) {
    const rows = await db.execute<{ id: string }>(sql`
      delete from activity_log
       where id in (select id from activity_log
                     where created_at < ${before.toISOString()}::timestamptz
                     limit ${batch})
      returning id`);
    total += rows.length;
    if (rows.length < batch) return total;
  }
}

/** How a job ended, as the log records it (actor: Lumen). */
export type JobOutcome = 'run.failed' | 'run.partial' | 'publish.failed' | 'ingestion.failed';

const SYSTEM = sql`'system'::actor_type, null::uuid, 'Lumen'`;

/**
 * Writes the outcome of a job on its status row (a run, a draft being published, a published
 * item being read) in the caller's transaction; the row's workspace and brand come from the
 * row. Returns the workspace, or null when the row has none (a guest's quick check).
 */
export async function recordJobOutcome(
  db: Tx,
  outcome: JobOutcome,
  rowId: string,
  detail: { message: string; data?: Record<string, unknown> },
): Promise<string | null> {
  const data = JSON.stringify({ ...(detail.data ?? {}), error: detail.message.slice(0, 300) });
  const columns = sql`(workspace_id, kind, level, message, subject, subject_type, subject_id,
                       brand_id, actor_type, actor_id, actor_name, data)`;
  let rows: { workspaceId: string }[];
  if (outcome === 'run.failed' || outcome === 'run.partial') {
    const level = outcome === 'run.failed' ? sql`'error'::log_level` : sql`'warn'::log_level`;
    const verb = outcome === 'run.failed' ? 'failed' : 'finished with failed answers';
    rows = await db.execute<{ workspaceId: string }>(sql`
      insert into activity_log ${columns}
      select r.workspace_id, ${outcome}, ${level},
             'Run of “' || b.name || '” ' || ${verb}, r.id::text, 'run', r.id, r.brand_id,
             ${SYSTEM}, ${data}::jsonb
        from runs r join brands b on b.id = r.brand_id
       where r.id = ${rowId}
      returning workspace_id as "workspaceId"`);
  } else if (outcome === 'publish.failed') {
    rows = await db.execute<{ workspaceId: string }>(sql`
      insert into activity_log ${columns}
      select d.workspace_id, ${outcome}, 'error'::log_level,
             'Publishing “' || d.title || '” failed', d.id::text, 'draft', d.id, o.brand_id,
             ${SYSTEM}, ${data}::jsonb
        from drafts d
        join orders ord on ord.id = d.order_id
        join opportunities o on o.id = ord.opportunity_id
       where d.id = ${rowId}
      returning workspace_id as "workspaceId"`);
  } else {
    rows = await db.execute<{ workspaceId: string }>(sql`
      insert into activity_log ${columns}
      select pi.workspace_id, ${outcome}, 'error'::log_level,
             'Reading the published page “' || d.title || '” failed', pi.id::text,
             'published_item', pi.id, o.brand_id, ${SYSTEM}, ${data}::jsonb
        from published_items pi
        join drafts d on d.id = pi.draft_id
        join orders ord on ord.id = d.order_id
        join opportunities o on o.id = ord.opportunity_id
       where pi.id = ${rowId}
      returning workspace_id as "workspaceId"`);
  }
  return rows[0]?.workspaceId ?? null;
}

/**
 * A budget of the workspace ran out (engine answers of the month, a guest budget's share): for
 * the budget checks to call when they stop work (docs/activity.md, "Job outcomes"). `display`
 * writes the limit for people ("$5.00"); the number goes to `data`.
 */
export async function recordBudgetReached(
  db: Tx,
  workspaceId: string,
  budget: { name: string; limit: number; display?: string; brandId?: string | null },
): Promise<void> {
  await recordActivity(db, {
    workspaceId,
    actor: { type: 'system', id: null, name: 'Lumen' },
    kind: 'budget.reached',
    level: 'warning',
    message: `Budget reached: ${budget.name} (${budget.display ?? budget.limit})`,
    subjectType: 'workspace',
    subjectId: workspaceId,
    brandId: budget.brandId ?? null,
    data: { budget: budget.name, limit: budget.limit },
  });
}

/** 80 % of a budget is spent (docs/engines.md, "Budget"): once a month, by Lumen. */
export async function recordBudgetWarning(
  db: Tx,
  workspaceId: string,
  budget: { name: string; limit: number; spent: number; display: string },
): Promise<void> {
  await recordActivity(db, {
    workspaceId,
    actor: { type: 'system', id: null, name: 'Lumen' },
    kind: 'budget.warning',
    level: 'warning',
    message: `80 % of the budget spent: ${budget.name} (${budget.display})`,
    subjectType: 'workspace',
    subjectId: workspaceId,
    data: { budget: budget.name, limit: budget.limit, spent: budget.spent },
  });
}

/** The brand of an opportunity of the workspace (a draft's or order's row names its brand so). */
export async function brandOfOpportunity(
  db: Tx,
  workspaceId: string,
  opportunityId: string,
): Promise<string | null> {
  const [row] = await db.execute<{ brandId: string }>(sql`
    select brand_id as "brandId" from opportunities
     where workspace_id = ${workspaceId} and id = ${opportunityId}`);
  return row?.brandId ?? null;
}
