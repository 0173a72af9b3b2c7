import type { DraftContent } from '@lumen/domain/publishing/draft-meta';
import type { IngestStatus } from '@lumen/domain/status/ingest-status';
import { canTransition as canMoveOpportunity } from '@lumen/domain/status/opportunity-status';
import { sql } from 'drizzle-orm';
import { rawDate, type Tx } from '../client';
import type { OpenRow } from './open-rows';
import { moveOpportunity } from './opportunity-query.repository';
import type { Cursor } from './run-query.repository';

// Published items and the publishing side of drafts (docs/publishing.md, "Publishing a draft").
// The draft row is the publish-draft job's status row: APPROVED → PUBLISHING (or SCHEDULED →
// PUBLISHING when its time comes) → PUBLISHED | FAILED. Every write is guarded by the status it
// expects, so a late or second delivery never undoes another's outcome (docs/jobs.md).

export type PublishedStatus = 'publish' | 'draft' | 'pending' | 'private' | 'future' | 'trash';

export type PublishedItemRow = {
  id: string;
  workspaceId: string;
  draftId: string;
  /** The draft's current title. */
  title: string;
  siteId: string | null;
  wpPostId: number;
  url: string;
  status: PublishedStatus;
  publishedVersion: number;
  /** The draft's current version: more than publishedVersion when it was edited since. */
  draftVersion: number;
  draftStatus: string;
  lastError: string | null;
  publishedAt: Date;
  updatedAt: Date;
  cursorAt: string;
  /** Reading the public page into the corpus (docs/closed-loop.md, "Ingestion"). */
  ingestStatus: IngestStatus;
  ingestError: string | null;
  ingestAttemptedAt: Date;
  /** When the page's current text was first read. */
  ingestedAt: Date | null;
};

type RawItem = Omit<
  PublishedItemRow,
  'publishedAt' | 'updatedAt' | 'ingestAttemptedAt' | 'ingestedAt'
> & {
  publishedAt: Date | string;
  updatedAt: Date | string;
  ingestAttemptedAt: Date | string;
  ingestedAt: Date | string | null;
};

const ITEM_COLUMNS = sql`
  p.id, p.workspace_id as "workspaceId", p.draft_id as "draftId", d.title, p.site_id as "siteId",
  p.wp_post_id as "wpPostId", p.url, p.status, p.published_version as "publishedVersion",
  d.version as "draftVersion", d.status as "draftStatus", p.last_error as "lastError",
  p.published_at as "publishedAt", p.updated_at as "updatedAt",
  p.published_at::text as "cursorAt", p.ingest_status as "ingestStatus",
  p.ingest_error as "ingestError", p.ingest_attempted_at as "ingestAttemptedAt",
  p.ingested_at as "ingestedAt"`;

function toItem(row: RawItem): PublishedItemRow {
  return {
    ...row,
    publishedAt: rawDate(row.publishedAt),
    updatedAt: rawDate(row.updatedAt),
    ingestAttemptedAt: rawDate(row.ingestAttemptedAt),
    ingestedAt: rawDate(row.ingestedAt),
  };
}

export type PublishedItemFilter = {
  siteId?: string | null;
  status?: PublishedStatus | null;
  /** Only items whose draft was edited after it was published. */
  outdated?: boolean | null;
};

/** A workspace's published items, newest publication first, `limit` after the cursor. */
export async function listPublishedItems(
  db: Tx,
  workspaceId: string,
  filter: PublishedItemFilter,
  page: { limit: number; after: Cursor | null },
): Promise<PublishedItemRow[]> {
  const conditions = [sql`p.workspace_id = ${workspaceId}`];
  if (filter.siteId) conditions.push(sql`p.site_id = ${filter.siteId}`);
  if (filter.status) conditions.push(sql`p.status = ${filter.status}`);
  if (filter.outdated) conditions.push(sql`d.version > p.published_version`);
  if (page.after) {
    conditions.push(
      sql`(p.published_at, p.id) < (${page.after.cursorAt}::timestamptz, ${page.after.id}::uuid)`,
    );
  }
  const rows = await db.execute<RawItem>(sql`
    select ${ITEM_COLUMNS}
      from published_items p join drafts d on d.id = p.draft_id
     where ${sql.join(conditions, sql` and `)}
     order by p.published_at desc, p.id desc
     limit ${page.limit}`);
  return rows.map(toItem);
}

export async function findPublishedItem(
  db: Tx,
  workspaceId: string,
  id: string,
): Promise<PublishedItemRow | null> {
  const [row] = await db.execute<RawItem>(sql`
    select ${ITEM_COLUMNS}
      from published_items p join drafts d on d.id = p.draft_id
     where p.workspace_id = ${workspaceId} and p.id = ${id}`);
  return row ? toItem(row) : null;
}

/** The items of several drafts at once (a loader), keyed by draft id. */
export async function listPublishedItemsOfDrafts(
  db: Tx,
  workspaceId: string,
  draftIds: readonly string[],
): Promise<Map<string, PublishedItemRow>> {
  if (draftIds.length === 0) return new Map();
  const rows = await db.execute<RawItem>(sql`
    select ${ITEM_COLUMNS}
      from published_items p join drafts d on d.id = p.draft_id
     where p.workspace_id = ${workspaceId}
       and p.draft_id in (${sql.join(
         draftIds.map((id) => sql`${id}::uuid`),
         sql`, `,
       )})`);
  return new Map(rows.map((r) => [r.draftId, toItem(r)]));
}

/** Everything the publish-draft job needs about a draft, found by its id alone. */
export type DraftToPublish = DraftContent & {
  id: string;
  workspaceId: string;
  orderId: string;
  opportunityId: string;
  siteId: string | null;
  status: string;
  version: number;
  scheduledFor: Date | null;
  approvedBy: string | null;
  /** An improvement's live page: its post is updated in place, never created. */
  pageUrl: string | null;
  /** The post an earlier publication made, if any. */
  item: { id: string; siteId: string | null; siteUrl: string | null; wpPostId: number } | null;
};

export async function findDraftToPublish(db: Tx, draftId: string): Promise<DraftToPublish | null> {
  const [row] = await db.execute<
    Omit<DraftToPublish, 'item' | 'scheduledFor'> & {
      scheduledFor: Date | string | null;
      itemId: string | null;
      itemSiteId: string | null;
      itemSiteUrl: string | null;
      wpPostId: number | null;
    }
  >(sql`
    select d.id, d.workspace_id as "workspaceId", d.order_id as "orderId",
           o.opportunity_id as "opportunityId", o.site_id as "siteId", d.status, d.version,
           d.title, d.slug, d.body, d.excerpt, d.meta_title as "metaTitle",
           d.meta_description as "metaDescription", d.json_ld as "jsonLd", d.categories, d.tags,
           d.scheduled_for as "scheduledFor", d.approved_by as "approvedBy",
           o.page_source->>'url' as "pageUrl", p.id as "itemId", p.site_id as "itemSiteId", p.site_url as "itemSiteUrl",
           p.wp_post_id as "wpPostId"
      from drafts d
      join orders o on o.id = d.order_id
      left join published_items p on p.draft_id = d.id
     where d.id = ${draftId}`);
  if (!row) return null;
  const { itemId, itemSiteId, itemSiteUrl, wpPostId, scheduledFor, ...draft } = row;
  return {
    ...draft,
    scheduledFor: scheduledFor === null ? null : rawDate(scheduledFor),
    item:
      itemId && wpPostId !== null
        ? { id: itemId, siteId: itemSiteId, siteUrl: itemSiteUrl, wpPostId }
        : null,
  };
}

/** A scheduled draft whose time came: SCHEDULED → PUBLISHING. False when it moved on. */
export async function startScheduledPublishing(db: Tx, draftId: string): Promise<boolean> {
  const rows = await db.execute(sql`
    update drafts set status = 'PUBLISHING', error = null, updated_at = now()
     where id = ${draftId} and status = 'SCHEDULED'
     returning id`);
  return rows.length > 0;
}

/**
 * A person publishes now (APPROVED or FAILED → PUBLISHING), schedules (APPROVED → SCHEDULED at
 * `at`), or updates a published post from the latest draft (PUBLISHED → PUBLISHING). Returns
 * false when the draft is not in a status that allows it (the caller says why).
 */
export async function requestPublishing(
  db: Tx,
  workspaceId: string,
  draftId: string,
  request:
    | { kind: 'now'; from: readonly string[] }
    | { kind: 'schedule'; at: Date; from: readonly string[] },
): Promise<boolean> {
  const from = sql.join(
    request.from.map((s) => sql`${s}`),
    sql`, `,
  );
  const set =
    request.kind === 'now'
      ? sql`status = 'PUBLISHING', scheduled_for = null`
      : sql`status = 'SCHEDULED', scheduled_for = ${request.at.toISOString()}::timestamptz`;
  const rows = await db.execute(sql`
    update drafts set ${set}, error = null, updated_at = now()
     where workspace_id = ${workspaceId} and id = ${draftId} and status in (${from})
     returning id`);
  return rows.length > 0;
}

/** SCHEDULED → APPROVED, the time forgotten. False when it was not scheduled (any more). */
export async function unschedulePublishing(
  db: Tx,
  workspaceId: string,
  draftId: string,
): Promise<boolean> {
  const rows = await db.execute(sql`
    update drafts set status = 'APPROVED', scheduled_for = null, updated_at = now()
     where workspace_id = ${workspaceId} and id = ${draftId} and status = 'SCHEDULED'
     returning id`);
  return rows.length > 0;
}

export type PublishedPost = {
  siteId: string;
  /** The site's address as it was when the post was written (its identity). */
  siteUrl: string;
  wpPostId: number;
  url: string;
  status: PublishedStatus;
  version: number;
};

const WP_STATUSES = new Set<string>(['publish', 'draft', 'pending', 'private', 'future', 'trash']);

/**
 * The post is on WordPress: in one transaction the item is recorded (one per draft; the site's
 * post belongs to one item) and the draft moves PUBLISHING → PUBLISHED. Nothing is written when
 * the draft is no longer PUBLISHING (another delivery finished it); the post is then found again
 * by its marker the next time. Returns the item id, or null.
 */
export async function recordPublished(
  tx: Tx,
  draftId: string,
  post: PublishedPost,
): Promise<string | null> {
  const moved = await tx.execute<{ workspaceId: string }>(sql`
    update drafts set status = 'PUBLISHED', error = null, updated_at = now()
     where id = ${draftId} and status = 'PUBLISHING'
     returning workspace_id as "workspaceId"`);
  const workspaceId = moved[0]?.workspaceId;
  if (!workspaceId) return null;
  const status = WP_STATUSES.has(post.status) ? post.status : 'publish';
  const [item] = await tx.execute<{ id: string }>(sql`
    insert into published_items
      (workspace_id, draft_id, site_id, site_url, wp_post_id, url, status, published_version,
       last_error)
    values (${workspaceId}, ${draftId}, ${post.siteId}, ${post.siteUrl}, ${post.wpPostId},
            ${post.url}, ${status}, ${post.version}, null)
    on conflict (draft_id) do update
      set site_id = excluded.site_id, site_url = excluded.site_url,
          wp_post_id = excluded.wp_post_id, url = excluded.url,
          status = excluded.status, published_version = excluded.published_version,
          last_error = null, updated_at = now()
    returning id`);
  return item?.id ?? null;
}

/**
 * The draft's opportunity → PUBLISHED when its machine allows it (from IN_PROGRESS), recorded in
 * its history like any move; the person who approved the draft is named. False otherwise.
 */
export async function markOpportunityPublished(
  tx: Tx,
  draft: Pick<DraftToPublish, 'workspaceId' | 'opportunityId' | 'approvedBy'>,
  note: string,
): Promise<boolean> {
  const [row] = await tx.execute<{ status: 'IN_PROGRESS' }>(sql`
    select status from opportunities
     where workspace_id = ${draft.workspaceId} and id = ${draft.opportunityId}
     for update`);
  if (!row || !canMoveOpportunity(row.status, 'PUBLISHED')) return false;
  return moveOpportunity(tx, draft.workspaceId, {
    id: draft.opportunityId,
    from: row.status,
    to: 'PUBLISHED',
    userId: draft.approvedBy,
    note,
  });
}

/**
 * PUBLISHING or SCHEDULED → FAILED with a message to show, which the published item (when the
 * draft was published before) shows too. False when the draft was already elsewhere.
 */
export async function failPublishing(db: Tx, draftId: string, message: string): Promise<boolean> {
  const rows = await db.execute(sql`
    with failed as (
      update drafts set status = 'FAILED', error = ${message}, updated_at = now()
       where id = ${draftId} and status in ('PUBLISHING', 'SCHEDULED')
       returning id
    ), item as (
      update published_items set last_error = ${message}, updated_at = now()
       where draft_id in (select id from failed)
       returning id
    )
    select id from failed`);
  return rows.length > 0;
}

/**
 * Drafts the publish-draft job owes something: PUBLISHING since before `before`, or SCHEDULED
 * and due before `before` (a scheduled draft is nobody's concern until its time). For the
 * reconciler, PUBLISHING reads as RUNNING and SCHEDULED as QUEUED.
 */
export async function listOpenPublishing(db: Tx, before: Date, limit: number): Promise<OpenRow[]> {
  const rows = await db.execute<{ id: string; status: string; since: Date | string }>(sql`
    select id, status, since from (
      select id, status, case when status = 'SCHEDULED' then coalesce(scheduled_for, updated_at) else updated_at end as since
        from drafts
       where status in ('PUBLISHING', 'SCHEDULED')
    ) open
     where since < ${before.toISOString()}::timestamptz
     order by since
     limit ${limit}`);
  return rows.map((r) => ({
    id: r.id,
    status: r.status === 'SCHEDULED' ? 'QUEUED' : 'RUNNING',
    createdAt: rawDate(r.since),
  }));
}

/** The workspace of a draft, for events after the row changed. */
export async function draftWorkspace(db: Tx, draftId: string): Promise<string | null> {
  const [row] = await db.execute<{ workspaceId: string }>(sql`
    select workspace_id as "workspaceId" from drafts where id = ${draftId}`);
  return row?.workspaceId ?? null;
}
