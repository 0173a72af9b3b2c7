import type { IngestStatus } from '@lumen/domain/status/ingest-status';
import { sql } from 'drizzle-orm';
import { rawDate, type Tx } from '../client';
import type { OpenRow } from './open-rows';

// The closed loop (docs/closed-loop.md): what a draft or a published item aims at (its
// opportunity's prompt and brand), the answers that measure it, and the published item's
// ingestion and re-measure. Raw SQL: each read joins four or five tables in one round trip.

export type DraftTarget = {
  draftId: string;
  workspaceId: string;
  title: string;
  slug: string;
  body: string;
  brandId: string;
  opportunityId: string;
  /** The opportunity's prompt; null when it was deleted since. */
  promptId: string | null;
  promptText: string | null;
  /** The order's site, when it still exists. */
  siteUrl: string | null;
  /** The post's public address once it is published. */
  publishedUrl: string | null;
};

/** A draft of the workspace with what it aims at; null when missing or another workspace's. */
export async function findDraftTarget(
  db: Tx,
  workspaceId: string,
  draftId: string,
): Promise<DraftTarget | null> {
  const [row] = await db.execute<DraftTarget>(sql`
    select d.id as "draftId", d.workspace_id as "workspaceId", d.title, d.slug, d.body,
           o.brand_id as "brandId", o.id as "opportunityId",
           coalesce(o.prompt_id, ep.id) as "promptId",
           p.text as "promptText", s.base_url as "siteUrl", pi.url as "publishedUrl"
      from drafts d
      join orders ord on ord.id = d.order_id and ord.workspace_id = d.workspace_id
      join opportunities o on o.id = ord.opportunity_id and o.workspace_id = d.workspace_id
      -- A page improvement names its prompt in the opportunity's evidence.
      left join prompts ep on o.prompt_id is null and ep.brand_id = o.brand_id
                          and ep.id::text = o.evidence->>'promptId'
      left join prompts p on p.id = coalesce(o.prompt_id, ep.id)
      left join wordpress_sites s on s.id = ord.site_id
      left join published_items pi on pi.draft_id = d.id
     where d.id = ${draftId} and d.workspace_id = ${workspaceId}`);
  return row ?? null;
}

export type PublishedTarget = {
  id: string;
  workspaceId: string;
  url: string;
  siteUrl: string | null;
  /** The site the post was written to (its address then); null for rows of unknown origin. */
  publishedSiteUrl: string | null;
  publishedAt: Date;
  ingestedAt: Date | null;
  corpusDocumentId: string | null;
  remeasureRunId: string | null;
  brandId: string;
  opportunityId: string;
  promptId: string | null;
  /** The opportunity's recommended content kind: the page's kind in the corpus. */
  kind: string | null;
  ingestStatus: IngestStatus;
};

type PublishedRow = Omit<PublishedTarget, 'publishedAt' | 'ingestedAt'> & {
  publishedAt: Date | string;
  ingestedAt: Date | string | null;
};

const PUBLISHED_SELECT = sql`
  select pi.id, pi.workspace_id as "workspaceId", pi.url, s.base_url as "siteUrl",
         pi.site_url as "publishedSiteUrl",
         pi.published_at as "publishedAt", pi.ingested_at as "ingestedAt",
         pi.corpus_document_id as "corpusDocumentId", pi.remeasure_run_id as "remeasureRunId",
         o.brand_id as "brandId", o.id as "opportunityId",
         -- A page improvement's opportunity names its prompt in its evidence (docs/publishing.md,
         -- "Improving a page that exists"), and only while that prompt exists.
         coalesce(o.prompt_id, (select ep.id from prompts ep
                                 where ep.brand_id = o.brand_id
                                   and ep.id::text = o.evidence->>'promptId')) as "promptId",
         o.recommended_kind::text as kind, pi.ingest_status as "ingestStatus"
    from published_items pi
    join drafts d on d.id = pi.draft_id
    join orders ord on ord.id = d.order_id
    join opportunities o on o.id = ord.opportunity_id
    left join wordpress_sites s on s.id = pi.site_id`;

function toPublished(row: PublishedRow): PublishedTarget {
  return {
    ...row,
    publishedAt: rawDate(row.publishedAt),
    ingestedAt: rawDate(row.ingestedAt),
  };
}

/** A published item with its opportunity, for the worker (which has no workspace). */
export async function findPublishedTarget(db: Tx, id: string): Promise<PublishedTarget | null> {
  const [row] = await db.execute<PublishedRow>(sql`${PUBLISHED_SELECT} where pi.id = ${id}`);
  return row ? toPublished(row) : null;
}

/** The same, scoped to a workspace (for the API). */
export async function findOwnedPublishedTarget(
  db: Tx,
  workspaceId: string,
  id: string,
): Promise<PublishedTarget | null> {
  const [row] = await db.execute<PublishedRow>(
    sql`${PUBLISHED_SELECT} where pi.id = ${id} and pi.workspace_id = ${workspaceId}`,
  );
  return row ? toPublished(row) : null;
}

/**
 * Asks for the page to be read (again): PENDING from any state, error cleared, the clock that
 * the reconciler's deadline counts from reset. Call it before enqueueing the ingest job.
 */
export async function requestIngestion(db: Tx, id: string): Promise<boolean> {
  const rows = await db.execute<{ id: string }>(sql`
    update published_items
       set ingest_status = 'PENDING', ingest_error = null, ingest_attempted_at = now(),
           updated_at = now()
     where id = ${id}
    returning id`);
  return rows.length > 0;
}

/** PENDING → READING when the job starts; false when it was not PENDING. */
export async function startIngestion(db: Tx, id: string): Promise<boolean> {
  const rows = await db.execute<{ id: string }>(sql`
    update published_items set ingest_status = 'READING', updated_at = now()
     where id = ${id} and ingest_status = 'PENDING'
    returning id`);
  return rows.length > 0;
}

/** PENDING/READING → FAILED with a reason safe to show; false when it was already final. */
export async function failIngestion(db: Tx, id: string, message: string): Promise<boolean> {
  const rows = await db.execute<{ id: string }>(sql`
    update published_items
       set ingest_status = 'FAILED', ingest_error = ${message}, updated_at = now()
     where id = ${id} and ingest_status in ('PENDING', 'READING')
    returning id`);
  return rows.length > 0;
}

/**
 * Items whose page is still to be read, asked for before `before`, oldest first. For the
 * reconciler, PENDING reads as QUEUED and READING as RUNNING.
 */
export async function listOpenIngestions(db: Tx, before: Date, limit: number): Promise<OpenRow[]> {
  const rows = await db.execute<{ id: string; status: string; since: Date | string }>(sql`
    select id, ingest_status as status, ingest_attempted_at as since
      from published_items
     where ingest_status in ('PENDING', 'READING')
       and ingest_attempted_at < ${before.toISOString()}::timestamptz
     order by ingest_attempted_at
     limit ${limit}`);
  return rows.map((r) => ({
    id: r.id,
    status: r.status === 'READING' ? 'RUNNING' : 'QUEUED',
    createdAt: rawDate(r.since),
  }));
}

/** The workspace of a published item, for events after its row changed. */
export async function publishedItemWorkspace(db: Tx, id: string): Promise<string | null> {
  const [row] = await db.execute<{ workspaceId: string }>(sql`
    select workspace_id as "workspaceId" from published_items where id = ${id}`);
  return row?.workspaceId ?? null;
}

/**
 * Records the page read into the corpus (ingestion READ); `ingested_at` moves only when the text changed (or on
 * the first read), so reading an unchanged page again does not ask for another re-measure.
 */
export async function markPublishedIngested(
  db: Tx,
  id: string,
  corpusDocumentId: string,
  changed: boolean,
): Promise<boolean> {
  const rows = await db.execute<{ id: string }>(sql`
    update published_items
       set ingested_at = case when ${changed} or ingested_at is null then now() else ingested_at end,
           corpus_document_id = ${corpusDocumentId}, ingest_status = 'READ', ingest_error = null,
           updated_at = now()
     where id = ${id}
    returning id`);
  return rows.length > 0;
}

/** True until a targeted run created after the page was last read is recorded on the item. */
export async function remeasureNeeded(db: Tx, id: string): Promise<boolean> {
  const [row] = await db.execute<{ needed: boolean }>(sql`
    select not exists (
      select 1 from runs r
       where r.id = pi.remeasure_run_id and r.created_at >= pi.ingested_at
    ) as needed
      from published_items pi where pi.id = ${id}`);
  return row?.needed ?? false;
}

/** Records the targeted run that measures the item's prompts again. */
export async function setRemeasureRun(db: Tx, id: string, runId: string): Promise<void> {
  await db.execute(sql`
    update published_items set remeasure_run_id = ${runId}, updated_at = now() where id = ${id}`);
}

export type ImpactAnswerRow = {
  runId: string;
  runAt: Date;
  engine: string;
  mentioned: boolean;
  rank: number | null;
  withCitations: boolean;
  citesOwn: boolean;
};

/**
 * Every answered (not failed) answer to `promptIds` in the brand's completed runs, with whether
 * it mentions the brand, at which rank, and whether it cites anything / an owned domain.
 */
export async function listImpactAnswers(
  db: Tx,
  workspaceId: string,
  brandId: string,
  promptIds: readonly string[],
): Promise<ImpactAnswerRow[]> {
  if (promptIds.length === 0) return [];
  const rows = await db.execute<Omit<ImpactAnswerRow, 'runAt'> & { runAt: Date | string }>(sql`
    select r.id as "runId", r.created_at as "runAt", a.engine,
           (m.id is not null) as mentioned, m.rank,
           exists (select 1 from citations c where c.answer_id = a.id) as "withCitations",
           exists (select 1 from citations c where c.answer_id = a.id and c.owner = 'own')
             as "citesOwn"
      from runs r
      join answers a on a.run_id = r.id
      left join lateral (
        select id, rank from mentions m
         where m.answer_id = a.id and m.entity = 'brand' and m.entity_id = ${brandId}
         limit 1
      ) m on true
     where r.brand_id = ${brandId} and r.workspace_id = ${workspaceId}
       and r.status = 'COMPLETED' and a.error is null
       and a.prompt_id in (${sql.join(
         promptIds.map((id) => sql`${id}::uuid`),
         sql`, `,
       )})
     order by r.created_at, a.engine`);
  return rows.map((r) => ({ ...r, runAt: rawDate(r.runAt) }));
}

export type PublishedWindow = {
  opportunityId: string;
  publishedAt: Date;
  ingestedAt: Date | null;
};

/**
 * For each opportunity of the brand with a published page, its latest publication: when it was
 * published and read. The gap analysis judges those opportunities by the evidence rule over
 * these times, as the impact page does (docs/closed-loop.md, "The evidence rule").
 */
export async function listPublishedWindows(
  db: Tx,
  workspaceId: string,
  brandId: string,
): Promise<PublishedWindow[]> {
  const rows = await db.execute<{
    opportunityId: string;
    publishedAt: Date | string;
    ingestedAt: Date | string | null;
  }>(sql`
    select distinct on (o.id) o.id as "opportunityId", pi.published_at as "publishedAt",
           pi.ingested_at as "ingestedAt"
      from published_items pi
      join drafts d on d.id = pi.draft_id
      join orders ord on ord.id = d.order_id
      join opportunities o on o.id = ord.opportunity_id
     where o.brand_id = ${brandId} and o.workspace_id = ${workspaceId}
     order by o.id, pi.published_at desc, pi.id`);
  return rows.map((r) => ({
    opportunityId: r.opportunityId,
    publishedAt: rawDate(r.publishedAt),
    ingestedAt: rawDate(r.ingestedAt),
  }));
}
