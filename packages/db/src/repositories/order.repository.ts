import type { PageSource } from '@lumen/domain/publishing/improve-page';
import type { OrderStatus } from '@lumen/domain/status/order-status';
import { sql } from 'drizzle-orm';
import { rawDate, type Tx } from '../client';

// Content orders (docs/publishing.md, "Orders and drafts"): the status row of a generate-draft
// job. The gateway inserts, cancels and retries them; the worker moves them, every write guarded
// by the status it expects, so a late write never undoes a cancel or a failure. Raw SQL for the
// cursor comparison and the draft join.

export type OrderRow = {
  id: string;
  workspaceId: string;
  opportunityId: string;
  templateId: string | null;
  siteId: string | null;
  status: OrderStatus;
  error: string | null;
  writer: string | null;
  /** The live page an improvement order rewrites; null for a new piece. */
  pageSource: PageSource | null;
  /** The draft it produced, once DRAFT_READY. */
  draftId: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** created_at as Postgres prints it (microseconds): the exact page cursor. */
  cursorAt: string;
};

export type OrderFilter = {
  statuses?: readonly OrderStatus[] | null;
  opportunityId?: string | null;
};

type Raw = Omit<OrderRow, 'createdAt' | 'updatedAt'> & {
  createdAt: string | Date;
  updatedAt: string | Date;
};

const toRow = (r: Raw): OrderRow => ({
  ...r,
  createdAt: rawDate(r.createdAt),
  updatedAt: rawDate(r.updatedAt),
});

const SELECT = sql`
  select o.id, o.workspace_id as "workspaceId", o.opportunity_id as "opportunityId",
         o.template_id as "templateId", o.site_id as "siteId", o.status, o.error, o.writer,
         o.page_source as "pageSource", d.id as "draftId", o.created_at as "createdAt", o.updated_at as "updatedAt",
         o.created_at::text as "cursorAt"
    from orders o
    left join drafts d on d.order_id = o.id`;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

export async function findOrder(db: Tx, workspaceId: string, id: string): Promise<OrderRow | null> {
  const [row] = await db.execute<Raw>(
    sql`${SELECT} where o.workspace_id = ${workspaceId} and o.id = ${id}`,
  );
  return row ? toRow(row) : null;
}

export async function findOrders(
  db: Tx,
  workspaceId: string,
  ids: readonly string[],
): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.execute<Raw>(
    sql`${SELECT} where o.workspace_id = ${workspaceId} and o.id::text in (${list(ids)})`,
  );
  return rows.map(toRow);
}

/** The worker's read: by id alone (the job carries no workspace). */
export async function findOrderForJob(db: Tx, id: string): Promise<OrderRow | null> {
  const [row] = await db.execute<Raw>(sql`${SELECT} where o.id = ${id}`);
  return row ? toRow(row) : null;
}

/** Newest first; `limit` rows after the cursor. */
export async function listOrders(
  db: Tx,
  workspaceId: string,
  filter: OrderFilter,
  page: { limit: number; after: { cursorAt: string; id: string } | null },
): Promise<OrderRow[]> {
  const where = [sql`o.workspace_id = ${workspaceId}`];
  if (filter.statuses?.length) where.push(sql`o.status::text in (${list(filter.statuses)})`);
  if (filter.opportunityId) where.push(sql`o.opportunity_id = ${filter.opportunityId}`);
  if (page.after) {
    where.push(
      sql`(o.created_at, o.id) < (${page.after.cursorAt}::timestamptz, ${page.after.id}::uuid)`,
    );
  }
  const rows = await db.execute<Raw>(sql`${SELECT} where ${sql.join(where, sql` and `)}
    order by o.created_at desc, o.id desc limit ${page.limit}`);
  return rows.map(toRow);
}

export async function insertOrder(
  db: Tx,
  workspaceId: string,
  values: {
    opportunityId: string;
    templateId: string | null;
    siteId: string | null;
    pageSource?: PageSource | null;
  },
): Promise<string> {
  const page = values.pageSource ? JSON.stringify(values.pageSource) : null;
  const [row] = await db.execute<{ id: string }>(sql`
    insert into orders (workspace_id, opportunity_id, template_id, site_id, page_source)
    values (${workspaceId}, ${values.opportunityId}, ${values.templateId}, ${values.siteId},
            ${page}::jsonb)
    returning id`);
  if (!row) throw new Error('insert into orders returned no row');
  return row.id;
}

/** QUEUED → GENERATING (or GENERATING again on a later attempt); false when it moved on. */
export async function markOrderGenerating(db: Tx, id: string): Promise<boolean> {
  const rows = await db.execute(sql`
    update orders set status = 'GENERATING', error = null, updated_at = now()
     where id = ${id} and status in ('QUEUED', 'GENERATING') returning id`);
  return rows.length > 0;
}

/** GENERATING → DRAFT_READY with who wrote it; false when it moved on (cancelled meanwhile). */
export async function completeOrder(
  db: Tx,
  id: string,
  writer: string,
  /** An improvement's changes, kept with its page source. */
  changes: readonly string[] | null = null,
): Promise<boolean> {
  const changed = changes ? JSON.stringify(changes) : null;
  const rows = await db.execute(sql`
    update orders set status = 'DRAFT_READY', writer = ${writer}, error = null, updated_at = now(),
           page_source = case when page_source is not null and ${changed}::jsonb is not null
                              then jsonb_set(page_source, '{changes}', ${changed}::jsonb)
                              else page_source end
     where id = ${id} and status = 'GENERATING' returning id`);
  return rows.length > 0;
}

/** QUEUED/GENERATING → FAILED with a message safe to show; false when it was already final. */
export async function failOrder(db: Tx, id: string, message: string): Promise<boolean> {
  const rows = await db.execute(sql`
    update orders set status = 'FAILED', error = ${message}, updated_at = now()
     where id = ${id} and status in ('QUEUED', 'GENERATING') returning id`);
  return rows.length > 0;
}

/**
 * A person's move (cancel: QUEUED/GENERATING → CANCELLED; retry: FAILED → QUEUED), guarded by
 * the statuses it may leave; false when the order was not in one of them.
 */
export async function moveOrder(
  db: Tx,
  workspaceId: string,
  id: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
): Promise<boolean> {
  const rows = await db.execute(sql`
    update orders set status = ${to}, error = ${to === 'CANCELLED' ? 'Cancelled' : null},
           updated_at = now()
     where workspace_id = ${workspaceId} and id = ${id} and status::text in (${list(from)})
     returning id`);
  return rows.length > 0;
}

/**
 * Unfinished orders created before `before`, oldest first: what the reconciler inspects.
 * GENERATING reads as RUNNING there. The table stays small per workspace and the status index
 * (orders_workspace_status_idx) leads with the workspace, so this is a scan of the orders table.
 */
export async function listOpenOrders(
  db: Tx,
  before: Date,
  limit: number,
): Promise<{ id: string; status: 'QUEUED' | 'RUNNING'; createdAt: Date }[]> {
  const rows = await db.execute<{ id: string; status: string; createdAt: string | Date }>(sql`
    select id, status, created_at as "createdAt" from orders
     where status in ('QUEUED', 'GENERATING') and created_at < ${before.toISOString()}::timestamptz
     order by created_at limit ${limit}`);
  return rows.map((r) => ({
    id: r.id,
    status: r.status === 'QUEUED' ? 'QUEUED' : 'RUNNING',
    createdAt: rawDate(r.createdAt),
  }));
}

/**
 * Gives an order (and so its draft, which reads the order's site) a site, keeping the draft and
 * its versions. Guarded in the same statement: refused (null) while the draft is scheduled,
 * being published or published (its post belongs to the site it has), and while the draft holds
 * categories or tags, which are ids of the site it had. False when refused (or not found).
 */
export async function assignOrderSite(
  db: Tx,
  workspaceId: string,
  id: string,
  siteId: string,
): Promise<boolean> {
  const rows = await db.execute(sql`
    update orders o set site_id = ${siteId}, updated_at = now()
     where o.id = ${id} and o.workspace_id = ${workspaceId}
       and not exists (
         select 1 from drafts d
          where d.order_id = o.id
            and (d.status in ('SCHEDULED', 'PUBLISHING', 'PUBLISHED')
                 or (o.site_id is distinct from ${siteId}::uuid
                     and (jsonb_array_length(d.categories) > 0 or jsonb_array_length(d.tags) > 0))))
       and not exists (select 1 from published_items p join drafts d on d.id = p.draft_id
                        where d.order_id = o.id)
    returning o.id`);
  return rows.length > 0;
}
