import type { Opportunity as FoundGap, OpportunityType } from '@lumen/domain/gaps/find-gaps';
import { canTransition, type OpportunityStatus } from '@lumen/domain/status/opportunity-status';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { opportunities, opportunityStatusChanges } from '../schema/opportunities';
import type { ColumnsOf } from './columns';

export type StoredOpportunity = {
  id: string;
  brandId: string;
  promptId: string | null;
  keywordId: string | null;
  runId: string | null;
  type: OpportunityType;
  title: string;
  impact: number;
  status: OpportunityStatus;
  evidence: Record<string, unknown>;
  resolvedAt: Date | null;
  resolvedByRunId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type StatusChange = {
  fromStatus: OpportunityStatus | null;
  toStatus: OpportunityStatus;
  runId: string | null;
  userId: string | null;
  note: string | null;
  createdAt: Date;
};

type Row = typeof opportunities.$inferSelect;

function toOpportunity(row: Row): StoredOpportunity {
  return {
    id: row.id,
    brandId: row.brandId,
    promptId: row.promptId,
    keywordId: row.keywordId,
    runId: row.runId,
    type: row.type,
    title: row.title,
    impact: row.impact,
    status: row.status,
    evidence: row.evidence,
    resolvedAt: row.resolvedAt,
    resolvedByRunId: row.resolvedByRunId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function listBrandOpportunities(
  db: Tx,
  workspaceId: string,
  brandId: string,
): Promise<StoredOpportunity[]> {
  const rows = await db
    .select()
    .from(opportunities)
    .where(and(eq(opportunities.workspaceId, workspaceId), eq(opportunities.brandId, brandId)))
    .orderBy(asc(opportunities.createdAt), asc(opportunities.id));
  return rows.map(toOpportunity);
}

/** Oldest first: found, then each move by a run or a person. */
export async function listOpportunityHistory(
  db: Tx,
  workspaceId: string,
  opportunityId: string,
): Promise<StatusChange[]> {
  return db
    .select({
      fromStatus: opportunityStatusChanges.fromStatus,
      toStatus: opportunityStatusChanges.toStatus,
      runId: opportunityStatusChanges.runId,
      userId: opportunityStatusChanges.userId,
      note: opportunityStatusChanges.note,
      createdAt: opportunityStatusChanges.createdAt,
    })
    .from(opportunityStatusChanges)
    .where(
      and(
        eq(opportunityStatusChanges.workspaceId, workspaceId),
        eq(opportunityStatusChanges.opportunityId, opportunityId),
      ),
    )
    .orderBy(asc(opportunityStatusChanges.createdAt), asc(opportunityStatusChanges.id));
}

/** Serialises gap analyses of one brand (two runs finishing together) for the transaction. */
export async function lockBrandOpportunities(db: Tx, brandId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`opportunities:${brandId}`}))`);
}

export type GapWrite = {
  gap: FoundGap;
  keywordId: string | null;
  /**
   * A resolved opportunity whose published page's evidence still says "improved" stays
   * resolved although some answer shows the gap (docs/closed-loop.md, "The evidence rule").
   */
  keepResolved?: boolean;
};

/**
 * What a run's gap analysis did to one gap: `created` (new), `updated` (evidence, impact and
 * title refreshed), `reopened` (it had been resolved and shows again).
 */
export type GapOutcome = 'created' | 'updated' | 'reopened';

/**
 * Stores a gap found by a run: a new opportunity, or the existing one of the same prompt and
 * type with its evidence refreshed. A resolved one shows again, so it reopens (RESOLVED → NEW);
 * a dismissed one keeps its status (a person said no) but its evidence stays current.
 */
export async function recordGap(
  db: Tx,
  workspaceId: string,
  brandId: string,
  runId: string,
  write: GapWrite,
  existing: StoredOpportunity | undefined,
): Promise<GapOutcome> {
  const { gap } = write;
  // Every column a run refreshes; the identity (brand, prompt, type) and the status have their
  // own writers below.
  const values: ColumnsOf<
    typeof opportunities,
    | 'id'
    | 'workspaceId'
    | 'brandId'
    | 'promptId'
    | 'type'
    | 'status'
    | 'resolvedAt'
    | 'resolvedByRunId'
    | 'createdAt'
    | 'findingKey'
  > = {
    title: gap.title,
    impact: gap.impact,
    recommendedKind: gap.recommendedKind,
    evidence: { ...gap.evidence, sources: gap.sources },
    keywordId: write.keywordId,
    runId,
    updatedAt: new Date(),
  };
  if (!existing) {
    const [row] = await db
      .insert(opportunities)
      .values({ workspaceId, brandId, promptId: gap.promptId, type: gap.type, ...values })
      .returning({ id: opportunities.id });
    if (!row) throw new Error('insert returned no row');
    await addChange(db, workspaceId, row.id, null, 'NEW', runId, null);
    return 'created';
  }
  const reopen =
    existing.status === 'RESOLVED' && !write.keepResolved && canTransition('RESOLVED', 'NEW');
  await db
    .update(opportunities)
    .set(reopen ? { ...values, status: 'NEW', resolvedAt: null, resolvedByRunId: null } : values)
    .where(and(eq(opportunities.workspaceId, workspaceId), eq(opportunities.id, existing.id)));
  if (reopen) {
    await addChange(db, workspaceId, existing.id, 'RESOLVED', 'NEW', runId, 'The gap shows again.');
    return 'reopened';
  }
  return 'updated';
}

/**
 * An opportunity that a scan finds rather than a run's gap analysis (a site audit's finding, a
 * page improvement, a cited page that names competitors only): one per brand and `key`, stored in
 * `finding_key`.
 */
export type FindingOpportunity = {
  type: (typeof opportunities.$inferInsert)['type'];
  key: string;
  title: string;
  evidence: Record<string, unknown>;
  impact: number;
  /** The statuses a new finding reopens (→ NEW). Any other status is kept, evidence refreshed. */
  reopens: readonly OpportunityStatus[];
  /** History notes: when first found, and when found again after one of `reopens`. */
  notes: { found: string; reopened: string };
};

/**
 * Creates a finding's opportunity (NEW), or refreshes the one of the same key: its title,
 * evidence and impact follow the finding; from a status of `reopens` it goes back to NEW. Each
 * change of status is written to the history. The caller holds `lockBrandOpportunities`.
 */
export async function upsertFindingOpportunity(
  db: Tx,
  workspaceId: string,
  brandId: string,
  finding: FindingOpportunity,
): Promise<{ id: string; status: OpportunityStatus; outcome: GapOutcome }> {
  const reopens = finding.reopens.length
    ? sql`opportunities.status in (${sql.join(
        finding.reopens.map((s) => sql`${s}::opportunity_status`),
        sql`, `,
      )})`
    : sql`false`;
  const [row] = await db.execute<{
    id: string;
    status: OpportunityStatus;
    inserted: boolean;
    previous: OpportunityStatus | null;
  }>(sql`
    with before as (
      select status::text as previous from opportunities
       where brand_id = ${brandId} and finding_key = ${finding.key}
    )
    insert into opportunities (workspace_id, brand_id, type, title, evidence, impact, finding_key)
    values (${workspaceId}, ${brandId}, ${finding.type}::opportunity_type, ${finding.title},
            ${JSON.stringify(finding.evidence)}::jsonb, ${finding.impact}, ${finding.key})
    on conflict (brand_id, finding_key) where finding_key is not null
    do update set title = excluded.title, evidence = excluded.evidence,
                  impact = excluded.impact, updated_at = now(),
                  status = case when ${reopens} then 'NEW'::opportunity_status
                                else opportunities.status end,
                  resolved_at = case when ${reopens} then null else opportunities.resolved_at end
    returning id, status::text as status, (xmax = 0) as inserted,
              (select previous from before) as previous`);
  if (!row) throw new Error('upsert returned no row');
  if (row.inserted) {
    await addChange(db, workspaceId, row.id, null, 'NEW', null, finding.notes.found);
    return { id: row.id, status: row.status, outcome: 'created' };
  }
  if (row.previous && row.previous !== row.status) {
    await addChange(db, workspaceId, row.id, row.previous, 'NEW', null, finding.notes.reopened);
    return { id: row.id, status: row.status, outcome: 'reopened' };
  }
  return { id: row.id, status: row.status, outcome: 'updated' };
}

/**
 * Resolves the brand's open opportunities of `type` whose `finding_key` matches `which` (a scan
 * no longer finds them), each with its history line. Returns how many it resolved.
 */
export async function resolveFindingOpportunities(
  db: Tx,
  workspaceId: string,
  brandId: string,
  type: FindingOpportunity['type'],
  which: SQL,
  note: string,
): Promise<number> {
  const gone = await db.execute<{ id: string; status: OpportunityStatus }>(sql`
    update opportunities o set status = 'RESOLVED', resolved_at = now(), updated_at = now()
      from (select id, status from opportunities
             where workspace_id = ${workspaceId} and brand_id = ${brandId}
               and type = ${type}::opportunity_type and finding_key is not null and ${which}
               and status in ('NEW', 'PLANNED', 'IN_PROGRESS', 'PUBLISHED')
             for update) old
     where o.id = old.id
    returning o.id, old.status::text as status`);
  for (const g of gone) await addChange(db, workspaceId, g.id, g.status, 'RESOLVED', null, note);
  return gone.length;
}

/** The history's note when a run resolves an opportunity that has no published page. */
const PRESENT_NOTE = 'The brand is now present in every answer to this prompt.';

/**
 * A later run shows the brand present (or, for a published page, the evidence says improved):
 * RESOLVED, with the run that resolved it in the row and its history, whose note says on which
 * evidence. False when the status machine does not allow it from where the row stands.
 */
export async function resolveOpportunity(
  db: Tx,
  workspaceId: string,
  opportunity: StoredOpportunity,
  runId: string,
  note: string = PRESENT_NOTE,
): Promise<boolean> {
  if (!canTransition(opportunity.status, 'RESOLVED')) return false;
  const now = new Date();
  const rows = await db
    .update(opportunities)
    .set({ status: 'RESOLVED', resolvedAt: now, resolvedByRunId: runId, updatedAt: now })
    .where(
      and(
        eq(opportunities.workspaceId, workspaceId),
        eq(opportunities.id, opportunity.id),
        eq(opportunities.status, opportunity.status),
      ),
    )
    .returning({ id: opportunities.id });
  if (rows.length === 0) return false;
  await addChange(db, workspaceId, opportunity.id, opportunity.status, 'RESOLVED', runId, note);
  return true;
}

async function addChange(
  db: Tx,
  workspaceId: string,
  opportunityId: string,
  fromStatus: OpportunityStatus | null,
  toStatus: OpportunityStatus,
  runId: string | null,
  note: string | null,
): Promise<void> {
  await db
    .insert(opportunityStatusChanges)
    .values({ workspaceId, opportunityId, fromStatus, toStatus, runId, note });
}
