import type { SiteAuditReport } from '@lumen/domain/site-audit/audit-report';
import type { Finding } from '@lumen/domain/site-audit/findings';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { siteAudits } from '../schema/site-audits';
import { listOpenRows, type OpenRow } from './open-rows';
import {
  lockBrandOpportunities,
  resolveFindingOpportunities,
  upsertFindingOpportunity,
} from './opportunity.repository';

// A brand's site audit (docs/site-audit.md): the `site-audit` job's status row,
// QUEUED → RUNNING → COMPLETED | FAILED, with its progress and, once done, its report.

/** The finding key's prefix of a page improvement's opportunity: one per page of a brand. */
const IMPROVE_KEY_PREFIX = 'improve:';

export type SiteAuditStatus = 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED';

export type SiteAudit = {
  id: string;
  workspaceId: string;
  brandId: string;
  trigger: string;
  status: SiteAuditStatus;
  origin: string | null;
  done: number;
  total: number;
  step: string | null;
  score: number | null;
  report: SiteAuditReport | null;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  updatedAt: Date;
};

const COLUMNS = {
  id: siteAudits.id,
  workspaceId: siteAudits.workspaceId,
  brandId: siteAudits.brandId,
  trigger: siteAudits.trigger,
  status: siteAudits.status,
  origin: siteAudits.origin,
  done: siteAudits.done,
  total: siteAudits.total,
  step: siteAudits.step,
  score: siteAudits.score,
  report: siteAudits.report,
  error: siteAudits.error,
  createdAt: siteAudits.createdAt,
  startedAt: siteAudits.startedAt,
  finishedAt: siteAudits.finishedAt,
  updatedAt: siteAudits.updatedAt,
};

type Row = Omit<SiteAudit, 'report'> & { report: Record<string, unknown> | null };
const toAudit = (row: Row): SiteAudit => ({
  ...row,
  report: row.report as SiteAuditReport | null,
});

/**
 * The brand's open audit, created unless one is open already (a partial unique index allows
 * one QUEUED or RUNNING audit per brand), so a double click or the weekly job during a manual
 * audit makes one. `created` says whether this call made it. Enqueue with job id = id after
 * the commit either way: adding a job whose id exists is a no-op.
 */
export async function requestSiteAudit(
  db: Tx,
  workspaceId: string,
  brandId: string,
  trigger: 'manual' | 'scheduled',
): Promise<{ id: string; created: boolean }> {
  const inserted = await db.execute<{ id: string }>(sql`
    insert into site_audits (workspace_id, brand_id, trigger)
    values (${workspaceId}, ${brandId}, ${trigger})
    on conflict (brand_id) where status in ('QUEUED', 'RUNNING') do nothing
    returning id`);
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const [open] = await db
    .select({ id: siteAudits.id })
    .from(siteAudits)
    .where(and(eq(siteAudits.brandId, brandId), inArray(siteAudits.status, ['QUEUED', 'RUNNING'])))
    .limit(1);
  if (open) return { id: open.id, created: false };
  // It finished between the two statements: ask again.
  return requestSiteAudit(db, workspaceId, brandId, trigger);
}

/** An audit by id, for the worker (which has no workspace). */
export async function findSiteAuditById(db: Tx, id: string): Promise<SiteAudit | null> {
  const [row] = await db.select(COLUMNS).from(siteAudits).where(eq(siteAudits.id, id)).limit(1);
  return row ? toAudit(row) : null;
}

/** The workspace's audit by id (a finder for `findOwned`). */
export async function findSiteAudit(
  db: Tx,
  workspaceId: string,
  id: string,
): Promise<SiteAudit | null> {
  const [row] = await db
    .select(COLUMNS)
    .from(siteAudits)
    .where(and(eq(siteAudits.workspaceId, workspaceId), eq(siteAudits.id, id)))
    .limit(1);
  return row ? toAudit(row) : null;
}

/** The brand's latest audit, open or finished. */
export async function findLatestSiteAudit(
  db: Tx,
  workspaceId: string,
  brandId: string,
): Promise<SiteAudit | null> {
  const [row] = await db
    .select(COLUMNS)
    .from(siteAudits)
    .where(and(eq(siteAudits.workspaceId, workspaceId), eq(siteAudits.brandId, brandId)))
    .orderBy(desc(siteAudits.createdAt), desc(siteAudits.id))
    .limit(1);
  return row ? toAudit(row) : null;
}

/** The brand's latest finished audit (its report), or null: an open audit has no report yet. */
export async function findLatestCompletedSiteAudit(
  db: Tx,
  workspaceId: string,
  brandId: string,
): Promise<SiteAudit | null> {
  const [row] = await db
    .select(COLUMNS)
    .from(siteAudits)
    .where(
      and(
        eq(siteAudits.workspaceId, workspaceId),
        eq(siteAudits.brandId, brandId),
        eq(siteAudits.status, 'COMPLETED'),
      ),
    )
    .orderBy(desc(siteAudits.createdAt), desc(siteAudits.id))
    .limit(1);
  return row ? toAudit(row) : null;
}

/** QUEUED/RUNNING → RUNNING from step 0 (a second delivery starts over); false when it has ended. */
export async function claimSiteAudit(db: Tx, id: string): Promise<boolean> {
  const rows = await db
    .update(siteAudits)
    .set({
      status: 'RUNNING',
      done: 0,
      total: 0,
      step: 'Starting',
      startedAt: sql`coalesce(${siteAudits.startedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(siteAudits.id, id), inArray(siteAudits.status, ['QUEUED', 'RUNNING'])))
    .returning({ id: siteAudits.id });
  return rows.length > 0;
}

/** Progress while RUNNING; false when the audit has ended meanwhile (stop without writing). */
export async function setSiteAuditProgress(
  db: Tx,
  id: string,
  progress: { done: number; total: number; step: string; origin?: string },
): Promise<boolean> {
  const rows = await db
    .update(siteAudits)
    .set({ ...progress, updatedAt: sql`now()` })
    .where(and(eq(siteAudits.id, id), eq(siteAudits.status, 'RUNNING')))
    .returning({ id: siteAudits.id });
  return rows.length > 0;
}

/** RUNNING → COMPLETED with the report; false when it had ended. */
export async function completeSiteAudit(
  db: Tx,
  id: string,
  report: SiteAuditReport,
): Promise<boolean> {
  const rows = await db
    .update(siteAudits)
    .set({
      status: 'COMPLETED',
      origin: report.origin,
      score: report.score,
      report: report as unknown as Record<string, unknown>,
      done: sql`${siteAudits.total}`,
      step: null,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(siteAudits.id, id), eq(siteAudits.status, 'RUNNING')))
    .returning({ id: siteAudits.id });
  return rows.length > 0;
}

/** QUEUED/RUNNING → FAILED with a message safe to show; false when it was already final. */
export async function failSiteAudit(db: Tx, id: string, message: string): Promise<boolean> {
  const rows = await db
    .update(siteAudits)
    .set({
      status: 'FAILED',
      error: message,
      step: null,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(siteAudits.id, id), inArray(siteAudits.status, ['QUEUED', 'RUNNING'])))
    .returning({ id: siteAudits.id });
  return rows.length > 0;
}

/** Unfinished audits created before `before`, oldest first (for the reconciler). */
export function listOpenSiteAudits(db: Tx, before: Date, limit: number): Promise<OpenRow[]> {
  return listOpenRows(db, siteAudits, before, limit);
}

/**
 * The brand's own pages that answers cite (most cited first) and the pages Lumen published
 * for it (newest first): key pages of the audit.
 */
export async function listBrandSitePages(
  db: Tx,
  brandId: string,
  limit: number,
): Promise<{ cited: string[]; published: string[] }> {
  const cited = await db.execute<{ url: string }>(sql`
    select c.url from citations c
      join answers a on a.id = c.answer_id
      join runs r on r.id = a.run_id
     where r.brand_id = ${brandId} and c.owner = 'own'
     group by c.url order by count(*) desc, c.url limit ${limit}`);
  const published = await db.execute<{ url: string }>(sql`
    select p.url from published_items p
      join drafts d on d.id = p.draft_id
      join orders o on o.id = d.order_id
      join opportunities op on op.id = o.opportunity_id
     where op.brand_id = ${brandId} and p.status = 'publish'
     order by p.published_at desc limit ${limit}`);
  return { cited: cited.map((r) => r.url), published: published.map((r) => r.url) };
}

/** Brands with a domain that a weekly audit reads (active ones only). */
export async function listAuditableBrands(
  db: Tx,
): Promise<{ workspaceId: string; brandId: string }[]> {
  const rows = await db.execute<{ workspaceId: string; brandId: string }>(sql`
    select workspace_id as "workspaceId", id as "brandId" from brands
     where status = 'active' and cardinality(domains) > 0
     order by created_at, id`);
  return [...rows];
}

export type TechnicalOutcome = { created: number; updated: number; resolved: number };

/**
 * A finished audit's findings as TECHNICAL opportunities, one per finding key: a new key is
 * created (NEW), a known one refreshed (a resolved one reopens: the problem is back), and an
 * open one whose finding is gone is resolved. Run in the transaction that completes the audit.
 */
export async function syncTechnicalOpportunities(
  db: Tx,
  workspaceId: string,
  brandId: string,
  auditId: string,
  findings: readonly Finding[],
  impactOf: (f: Finding) => number,
): Promise<TechnicalOutcome> {
  await lockBrandOpportunities(db, brandId);
  const outcome: TechnicalOutcome = { created: 0, updated: 0, resolved: 0 };
  for (const f of findings) {
    const { outcome: done } = await upsertFindingOpportunity(db, workspaceId, brandId, {
      type: 'technical',
      key: f.key,
      title: f.title,
      evidence: { finding: f, auditId },
      impact: impactOf(f),
      reopens: ['RESOLVED'],
      notes: { found: 'Found by a site audit.', reopened: 'A site audit found it again.' },
    });
    if (done === 'created') outcome.created += 1;
    else outcome.updated += 1;
  }
  const keys = findings.map((f) => f.key);
  outcome.resolved = await resolveFindingOpportunities(
    db,
    workspaceId,
    brandId,
    'technical',
    // A page improvement (improvePage) is a person's request, not an audit's finding.
    sql`finding_key not like ${`${IMPROVE_KEY_PREFIX}%`} ${
      keys.length > 0
        ? sql`and finding_key not in (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )})`
        : sql``
    }`,
    'The latest site audit no longer finds it.',
  );
  return outcome;
}

/**
 * The TECHNICAL opportunity a page improvement is ordered for, one per page (`improve:<url>`):
 * created NEW, or refreshed; a resolved or dismissed one is reopened (a person asked again).
 * Returns its id and status after the upsert. The site audit's sync leaves these alone.
 */
export async function upsertPageImprovementOpportunity(
  db: Tx,
  workspaceId: string,
  brandId: string,
  finding: Finding,
  auditId: string | null,
  /** The prompt whose answers cite the page most: what the closed loop measures it on. */
  promptId: string | null,
): Promise<{ id: string; status: string }> {
  await lockBrandOpportunities(db, brandId);
  const { id, status } = await upsertFindingOpportunity(db, workspaceId, brandId, {
    type: 'technical',
    key: finding.key,
    title: finding.title,
    evidence: { finding, auditId, promptId },
    impact: 60,
    reopens: ['RESOLVED', 'DISMISSED'],
    notes: { found: 'Asked to improve the page.', reopened: 'Asked to improve the page again.' },
  });
  return { id, status };
}

/**
 * The brand's active prompt whose answers cite `url` most (trailing slash aside; the latest
 * answer breaks a tie), or null when no answer cites it. An improved page is measured on it.
 */
export async function findPageCitingPrompt(
  db: Tx,
  workspaceId: string,
  brandId: string,
  url: string,
): Promise<string | null> {
  const [row] = await db.execute<{ promptId: string }>(sql`
    select a.prompt_id as "promptId"
      from citations c
      join answers a on a.id = c.answer_id
      join runs r on r.id = a.run_id
      join prompts p on p.id = a.prompt_id and p.active
     where c.workspace_id = ${workspaceId} and r.brand_id = ${brandId}
       and rtrim(c.url, '/') = rtrim(${url}, '/')
     group by a.prompt_id
     order by count(*) desc, max(a.created_at) desc
     limit 1`);
  return row?.promptId ?? null;
}
