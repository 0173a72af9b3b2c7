import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import {
  lockBrandOpportunities,
  resolveFindingOpportunities,
  upsertFindingOpportunity,
} from './opportunity.repository';

// SOURCE_OUTREACH opportunities (docs/sources.md, "Cites them, not us"): one per cited page of a
// brand, keyed `outreach:<url>` in `finding_key`, written by a scan of the brand's cited pages.

export const OUTREACH_KEY_PREFIX = 'outreach:';

export const outreachKey = (url: string) => `${OUTREACH_KEY_PREFIX}${url}`;

export type OutreachWrite = {
  url: string;
  title: string;
  impact: number;
  evidence: Record<string, unknown>;
};

export type OutreachOutcome = {
  created: number;
  updated: number;
  reopened: number;
  resolved: number;
};

/**
 * Syncs a scan's findings in the caller's transaction, serialised per brand with the run's gap
 * analysis and the site audit: each page that cites competitors and not the brand creates its
 * opportunity (NEW) or refreshes it (a resolved one reopens: the page lost the brand again; a
 * dismissed one keeps the person's decision, its evidence current). Each page of `resolve`
 * (read again, it now names the brand, or its site does) resolves its open opportunity with
 * the note given. Pages in neither list (no longer cited, not read) are left alone.
 */
export async function syncOutreachOpportunities(
  db: Tx,
  workspaceId: string,
  brandId: string,
  found: readonly OutreachWrite[],
  resolve: readonly { url: string; note: string }[],
): Promise<OutreachOutcome> {
  await lockBrandOpportunities(db, brandId);
  const outcome: OutreachOutcome = { created: 0, updated: 0, reopened: 0, resolved: 0 };
  for (const f of found) {
    const { outcome: done } = await upsertFindingOpportunity(db, workspaceId, brandId, {
      type: 'source_outreach',
      key: outreachKey(f.url),
      title: f.title,
      evidence: f.evidence,
      impact: f.impact,
      reopens: ['RESOLVED'],
      notes: {
        found: 'Found by reading the cited page.',
        reopened: 'Read again, the page names competitors but not the brand.',
      },
    });
    outcome[done] += 1;
  }
  for (const r of resolve) {
    outcome.resolved += await resolveFindingOpportunities(
      db,
      workspaceId,
      brandId,
      'source_outreach',
      sql`finding_key = ${outreachKey(r.url)}`,
      r.note,
    );
  }
  return outcome;
}

/** The brand's SOURCE_OUTREACH opportunities by page URL (id and status), for the Sources page. */
export async function listOutreachOpportunities(
  db: Tx,
  workspaceId: string,
  brandId: string,
): Promise<Map<string, { id: string; status: string }>> {
  const rows = await db.execute<{ id: string; status: string; key: string }>(sql`
    select id, status::text as status, finding_key as key from opportunities
     where workspace_id = ${workspaceId} and brand_id = ${brandId} and type = 'source_outreach'`);
  return new Map(
    rows.map((r) => [r.key.slice(OUTREACH_KEY_PREFIX.length), { id: r.id, status: r.status }]),
  );
}
