import { sql } from 'drizzle-orm';
import type { Tx } from '../client';

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
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`opportunities:${brandId}`}))`);
  const outcome: OutreachOutcome = { created: 0, updated: 0, reopened: 0, resolved: 0 };
  for (const f of found) {
    const key = outreachKey(f.url);
    const [row] = await db.execute<{ id: string; inserted: boolean; previous: string | null }>(sql`
      with before as (
        select status::text as previous from opportunities
         where brand_id = ${brandId} and finding_key = ${key}
      )
      insert into opportunities (workspace_id, brand_id, type, title, evidence, impact, finding_key)
      values (${workspaceId}, ${brandId}, 'source_outreach', ${f.title},
              ${JSON.stringify(f.evidence)}::jsonb, ${f.impact}, ${key})
      on conflict (brand_id, finding_key) where finding_key is not null
      do update set title = excluded.title, evidence = excluded.evidence,
                    impact = excluded.impact, updated_at = now(),
                    status = case when opportunities.status = 'RESOLVED' then 'NEW'::opportunity_status
                                  else opportunities.status end,
                    resolved_at = case when opportunities.status = 'RESOLVED' then null
                                       else opportunities.resolved_at end
      returning id, (xmax = 0) as inserted, (select previous from before) as previous`);
    if (!row) throw new Error('upsert returned no row');
    if (row.inserted) {
      outcome.created += 1;
      await addChange(db, workspaceId, row.id, null, 'NEW', 'Found by reading the cited page.');
    } else if (row.previous === 'RESOLVED') {
      outcome.reopened += 1;
      await addChange(
        db,
        workspaceId,
        row.id,
        'RESOLVED',
        'NEW',
        'Read again, the page names competitors but not the brand.',
      );
    } else {
      outcome.updated += 1;
    }
  }
  for (const r of resolve) {
    const gone = await db.execute<{ id: string; status: string }>(sql`
      update opportunities o set status = 'RESOLVED', resolved_at = now(), updated_at = now()
        from (select id, status from opportunities
               where workspace_id = ${workspaceId} and brand_id = ${brandId}
                 and type = 'source_outreach' and finding_key = ${outreachKey(r.url)}
                 and status in ('NEW', 'PLANNED', 'IN_PROGRESS', 'PUBLISHED')
               for update) old
       where o.id = old.id
      returning o.id, old.status`);
    for (const g of gone) {
      outcome.resolved += 1;
      await addChange(db, workspaceId, g.id, g.status, 'RESOLVED', r.note);
    }
  }
  return outcome;
}

async function addChange(
  db: Tx,
  workspaceId: string,
  opportunityId: string,
  fromStatus: string | null,
  toStatus: string,
  note: string,
): Promise<void> {
  await db.execute(sql`
    insert into opportunity_status_changes (workspace_id, opportunity_id, from_status, to_status, note)
    values (${workspaceId}, ${opportunityId}, ${fromStatus}::opportunity_status,
            ${toStatus}::opportunity_status, ${note})`);
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
