import type { DraftContent } from '@lumen/domain/publishing/draft-meta';
import type { DraftStatus } from '@lumen/domain/status/draft-status';
import { sql } from 'drizzle-orm';
import { rawDate, type Tx } from '../client';

// Drafts and their versions (docs/publishing.md, "Orders and drafts"). Every saved edit is
// guarded by the version the editor started from (`… where version = $v returning`), so two
// people saving at once cannot overwrite each other, and writes its draft_versions row in the
// same transaction. Raw SQL for the cursor comparison and the order join.

export type DraftRow = DraftContent & {
  id: string;
  workspaceId: string;
  orderId: string;
  /** The order's site: where categories and tags come from and where it will be published. */
  siteId: string | null;
  opportunityId: string;
  status: DraftStatus;
  version: number;
  scheduledFor: Date | null;
  approvedAt: Date | null;
  approvedBy: string | null;
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
  cursorAt: string;
};

export type DraftVersionRow = DraftContent & {
  version: number;
  authorId: string | null;
  createdAt: Date;
};

type Raw = Omit<DraftRow, 'createdAt' | 'updatedAt' | 'approvedAt' | 'scheduledFor'> & {
  createdAt: string | Date;
  updatedAt: string | Date;
  approvedAt: string | Date | null;
  scheduledFor: string | Date | null;
};

const toRow = (r: Raw): DraftRow => ({
  ...r,
  createdAt: rawDate(r.createdAt),
  updatedAt: rawDate(r.updatedAt),
  approvedAt: rawDate(r.approvedAt),
  scheduledFor: rawDate(r.scheduledFor),
});

const SELECT = sql`
  select d.id, d.workspace_id as "workspaceId", d.order_id as "orderId", o.site_id as "siteId",
         o.opportunity_id as "opportunityId", d.title, d.slug, d.body, d.excerpt,
         d.meta_title as "metaTitle", d.meta_description as "metaDescription",
         d.json_ld as "jsonLd", d.categories, d.tags, d.status, d.version,
         d.scheduled_for as "scheduledFor", d.approved_at as "approvedAt",
         d.approved_by as "approvedBy", d.error, d.created_at as "createdAt",
         d.updated_at as "updatedAt", d.updated_at::text as "cursorAt"
    from drafts d
    join orders o on o.id = d.order_id`;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export async function findDraft(db: Tx, workspaceId: string, id: string): Promise<DraftRow | null> {
  const [row] = await db.execute<Raw>(
    sql`${SELECT} where d.workspace_id = ${workspaceId} and d.id = ${id}`,
  );
  return row ? toRow(row) : null;
}

export async function findDraftsOfOrders(
  db: Tx,
  workspaceId: string,
  orderIds: readonly string[],
): Promise<DraftRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db.execute<Raw>(
    sql`${SELECT} where d.workspace_id = ${workspaceId} and d.order_id::text in (${list(orderIds)})`,
  );
  return rows.map(toRow);
}

/** Most recently changed first (the cursor is updated_at); `limit` rows after the cursor. */
export async function listDrafts(
  db: Tx,
  workspaceId: string,
  filter: { statuses?: readonly DraftStatus[] | null },
  page: { limit: number; after: { cursorAt: string; id: string } | null },
): Promise<DraftRow[]> {
  const where = [sql`d.workspace_id = ${workspaceId}`];
  if (filter.statuses?.length) where.push(sql`d.status::text in (${list(filter.statuses)})`);
  if (page.after) {
    where.push(
      sql`(d.updated_at, d.id) < (${page.after.cursorAt}::timestamptz, ${page.after.id}::uuid)`,
    );
  }
  const rows = await db.execute<Raw>(sql`${SELECT} where ${sql.join(where, sql` and `)}
    order by d.updated_at desc, d.id desc limit ${page.limit}`);
  return rows.map(toRow);
}

async function insertVersion(
  tx: Tx,
  workspaceId: string,
  draftId: string,
  version: number,
  values: DraftContent,
  authorId: string | null,
): Promise<void> {
  await tx.execute(sql`
    insert into draft_versions (workspace_id, draft_id, version, title, slug, body, excerpt,
      meta_title, meta_description, json_ld, categories, tags, author_id)
    values (${workspaceId}, ${draftId}, ${version}, ${values.title}, ${values.slug}, ${values.body},
      ${values.excerpt}, ${values.metaTitle}, ${values.metaDescription},
      ${values.jsonLd === null ? null : json(values.jsonLd)}, ${json(values.categories)},
      ${json(values.tags)}, ${authorId})`);
}

/** The generated draft and its version 1; call inside the transaction that completes the order. */
export async function insertGeneratedDraft(
  tx: Tx,
  workspaceId: string,
  orderId: string,
  values: DraftContent,
  status: DraftStatus,
): Promise<string> {
  const [row] = await tx.execute<{ id: string }>(sql`
    insert into drafts (workspace_id, order_id, title, slug, body, excerpt, meta_title,
      meta_description, json_ld, categories, tags, status, version)
    values (${workspaceId}, ${orderId}, ${values.title}, ${values.slug}, ${values.body},
      ${values.excerpt}, ${values.metaTitle}, ${values.metaDescription},
      ${values.jsonLd === null ? null : json(values.jsonLd)}, ${json(values.categories)},
      ${json(values.tags)}, ${status}, 1)
    returning id`);
  if (!row) throw new Error('insert into drafts returned no row');
  await insertVersion(tx, workspaceId, row.id, 1, values, null);
  return row.id;
}

/**
 * A saved edit: replaces the content when the draft is still at `version` and in `from`, adds
 * one to the version, moves it to `to` (editing an approved draft sends it back to DRAFT) and
 * records the new version. Null when the version or status had moved on: nothing was written.
 */
export async function saveDraftEdit(
  tx: Tx,
  workspaceId: string,
  edit: {
    id: string;
    version: number;
    from: DraftStatus;
    to: DraftStatus;
    values: DraftContent;
    authorId: string;
  },
): Promise<number | null> {
  const v = edit.values;
  // Back to DRAFT: the approval no longer covers the content. (A published draft keeps its
  // status and its record of approval; its newer versions wait for an update of the post.)
  const clearApproval = edit.to === 'DRAFT' ? sql`, approved_at = null, approved_by = null` : sql``;
  const [row] = await tx.execute<{ version: number }>(sql`
    update drafts
       set title = ${v.title}, slug = ${v.slug}, body = ${v.body}, excerpt = ${v.excerpt},
           meta_title = ${v.metaTitle}, meta_description = ${v.metaDescription},
           json_ld = ${v.jsonLd === null ? null : json(v.jsonLd)}, categories = ${json(v.categories)},
           tags = ${json(v.tags)}, status = ${edit.to}, version = version + 1,
           updated_at = now() ${clearApproval}
     where workspace_id = ${workspaceId} and id = ${edit.id} and version = ${edit.version}
       and status = ${edit.from}
     returning version`);
  if (!row) return null;
  await insertVersion(tx, workspaceId, edit.id, row.version, v, edit.authorId);
  return row.version;
}

/**
 * A review step (submit, approve, send back), guarded by the status the person saw and, when
 * given, the version they reviewed; false when either had moved on.
 */
export async function moveDraft(
  db: Tx,
  workspaceId: string,
  move: { id: string; from: DraftStatus; to: DraftStatus; userId: string; version?: number | null },
): Promise<boolean> {
  const approval =
    move.to === 'APPROVED'
      ? sql`, approved_at = now(), approved_by = ${move.userId}`
      : sql`, approved_at = null, approved_by = null`;
  const version = move.version == null ? sql`` : sql`and version = ${move.version}`;
  const rows = await db.execute(sql`
    update drafts set status = ${move.to}, updated_at = now() ${approval}
     where workspace_id = ${workspaceId} and id = ${move.id} and status = ${move.from} ${version}
     returning id`);
  return rows.length > 0;
}

const VERSION_SELECT = sql`
  select version, title, slug, body, excerpt, meta_title as "metaTitle",
         meta_description as "metaDescription", json_ld as "jsonLd", categories, tags,
         author_id as "authorId", created_at as "createdAt"
    from draft_versions`;

type RawVersion = Omit<DraftVersionRow, 'createdAt'> & { createdAt: string | Date };

/** Newest first. */
export async function listDraftVersions(
  db: Tx,
  workspaceId: string,
  draftId: string,
): Promise<DraftVersionRow[]> {
  const rows = await db.execute<RawVersion>(sql`${VERSION_SELECT}
    where workspace_id = ${workspaceId} and draft_id = ${draftId} order by version desc`);
  return rows.map((r) => ({ ...r, createdAt: rawDate(r.createdAt) }));
}

export async function findDraftVersion(
  db: Tx,
  workspaceId: string,
  draftId: string,
  version: number,
): Promise<DraftVersionRow | null> {
  const [row] = await db.execute<RawVersion>(sql`${VERSION_SELECT}
    where workspace_id = ${workspaceId} and draft_id = ${draftId} and version = ${version}`);
  return row ? { ...row, createdAt: rawDate(row.createdAt) } : null;
}
