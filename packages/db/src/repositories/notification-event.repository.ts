import type { NotificationEventDraft } from '@lumen/domain/notifications/events';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { notificationEvents } from '../schema/notifications';

// Events Lumen found (docs/notifications.md). `insertEvents` returns only the rows it wrote: an
// event whose key exists is not new, so its channels were already told.

export type StoredEvent = {
  id: string;
  workspaceId: string;
  type: string;
  key: string;
  brandId: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
};

export async function insertEvents(
  db: Tx,
  workspaceId: string,
  drafts: readonly NotificationEventDraft[],
): Promise<StoredEvent[]> {
  if (drafts.length === 0) return [];
  return db
    .insert(notificationEvents)
    .values(drafts.map((d) => ({ ...d, workspaceId })))
    .onConflictDoNothing({ target: [notificationEvents.workspaceId, notificationEvents.key] })
    .returning();
}

export async function findEvent(db: Tx, id: string): Promise<StoredEvent | null> {
  const [row] = await db.select().from(notificationEvents).where(eq(notificationEvents.id, id));
  return row ?? null;
}

type RunMetricsJson = {
  answers: number;
  score: number;
  mentionRate: { value: number; low: number; high: number };
  byEngine?: Record<
    string,
    { answers: number; score: number; mentionRate: { value: number; low: number; high: number } }
  >;
} | null;

export type RunEventSource = {
  id: string;
  workspaceId: string;
  brandId: string;
  trigger: string;
  status: string;
  total: number;
  done: number;
  failed: number;
  error: string | null;
  metrics: RunMetricsJson;
  previous: { id: string; trigger: string; metrics: RunMetricsJson } | null;
};

/**
 * A finished brand run with its whole stored metrics (per engine too) and the brand's previous
 * completed full run: what the notify job compares. Raw SQL for the correlated "previous" row
 * (the same rule as run-query.repository's `previous`). The worker's read: its id comes from a
 * job payload, never from a client.
 */
export async function findRunForEvents(db: Tx, runId: string): Promise<RunEventSource | null> {
  const rows = await db.execute<RunEventSource>(sql`
    select r.id, r.workspace_id as "workspaceId", r.brand_id as "brandId", upper(r.trigger::text) as trigger,
           r.status, r.total, r.error,
           coalesce(c.done, 0)::int as done, coalesce(c.failed, 0)::int as failed,
           case when r.status = 'COMPLETED' then r.metrics end as metrics,
           (select jsonb_build_object('id', p.id, 'trigger', upper(p.trigger::text), 'metrics', p.metrics)
              from runs p
             where p.brand_id = r.brand_id and p.status = 'COMPLETED' and p.metrics is not null
               and p.trigger <> 'targeted' and p.created_at < r.created_at
             order by p.created_at desc limit 1) as previous
      from runs r
      left join lateral (
        select count(*) filter (where a.error is null) as done,
               count(*) filter (where a.error is not null) as failed
          from answers a where a.run_id = r.id) c on true
     where r.id = ${runId} and r.brand_id is not null and r.workspace_id is not null`);
  return rows[0] ?? null;
}

export type FailureSource = {
  workspaceId: string;
  brandId: string | null;
  /** Changes with each failure, so a second failure of the same subject is a second event. */
  occurrence: string;
  status: string;
  error: string | null;
  title: string | null;
  url: string | null;
};

/** A draft whose publication failed (worker read: the id comes from its own job). */
export async function findPublishFailure(db: Tx, draftId: string): Promise<FailureSource | null> {
  const rows = await db.execute<FailureSource>(sql`
    select d.workspace_id as "workspaceId", o.brand_id as "brandId",
           (extract(epoch from d.updated_at) * 1000)::bigint::text as occurrence,
           d.status::text as status, d.error, d.title, null as url
      from drafts d
      left join orders ord on ord.id = d.order_id
      left join opportunities o on o.id = ord.opportunity_id
     where d.id = ${draftId}`);
  return rows[0] ?? null;
}

/** A published item whose page could not be read into the corpus. */
export async function findIngestionFailure(
  db: Tx,
  publishedItemId: string,
): Promise<FailureSource | null> {
  const rows = await db.execute<FailureSource>(sql`
    select p.workspace_id as "workspaceId", o.brand_id as "brandId",
           (extract(epoch from coalesce(p.ingest_attempted_at, p.updated_at)) * 1000)::bigint::text as occurrence,
           p.ingest_status::text as status, p.ingest_error as error, d.title, p.url
      from published_items p
      left join drafts d on d.id = p.draft_id
      left join orders ord on ord.id = d.order_id
      left join opportunities o on o.id = ord.opportunity_id
     where p.id = ${publishedItemId}`);
  return rows[0] ?? null;
}

/** Events by their keys: the ones a notify job stored now or on an earlier attempt. */
export function findEventsByKeys(
  db: Tx,
  workspaceId: string,
  keys: readonly string[],
): Promise<StoredEvent[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(notificationEvents)
    .where(
      and(
        eq(notificationEvents.workspaceId, workspaceId),
        inArray(notificationEvents.key, [...keys]),
      ),
    );
}

export type CreatedOpportunitySource = {
  workspaceId: string;
  threshold: number;
  opportunities: { id: string; brandId: string; title: string; type: string; impact: number }[];
};

/**
 * The opportunities a run's gap analysis found (their first status entry names the run), with
 * the workspace's alert threshold. Null when the run is gone. The worker's read.
 */
export async function findCreatedOpportunities(
  db: Tx,
  runId: string,
): Promise<CreatedOpportunitySource | null> {
  const [run] = await db.execute<{ workspaceId: string; threshold: number }>(sql`
    select r.workspace_id as "workspaceId", w.opportunity_alert_impact as threshold
      from runs r join workspaces w on w.id = r.workspace_id
     where r.id = ${runId}`);
  if (!run) return null;
  const opportunities = await db.execute<CreatedOpportunitySource['opportunities'][number]>(sql`
    select o.id, o.brand_id as "brandId", o.title, upper(o.type::text) as type, o.impact
      from opportunity_status_changes c
      join opportunities o on o.id = c.opportunity_id
     where c.run_id = ${runId} and c.from_status is null and o.workspace_id = ${run.workspaceId}`);
  return { ...run, opportunities: [...opportunities] };
}
