import { sql } from 'drizzle-orm';
import type { Tx } from '../client';

// What happened to a brand that can explain a move in its numbers (docs/metrics.md,
// "Annotations"): an engine serving another model, the prompt set changing, a page published,
// the analyzer's method changing.
// Recorded in three places, read in one statement (a union the builder cannot say).

export type AnnotationKind = 'SERVED_MODEL' | 'PROMPT_SET' | 'PUBLISHED' | 'METHOD_CHANGED';

export type AnnotationRow = {
  id: string;
  brandId: string;
  kind: AnnotationKind;
  /** The brand's local day, YYYY-MM-DD: the run's day for a model change. */
  day: string;
  at: Date;
  engine: string | null;
  previousModel: string | null;
  servedModel: string | null;
  /** Prompt-set changes: counts and the keyword, as recorded. */
  change: PromptSetChange | null;
  title: string | null;
  url: string | null;
  opportunityId: string | null;
};

export type PromptSetChange = {
  added: number;
  removed: number;
  activated: number;
  deactivated: number;
  keyword: string | null;
};

export const PROMPT_SET_CHANGED = 'prompt_set.changed';
/** Written by a re-analysis that followed a new analyzer version (reanalysis.repository.ts). */
export const METHOD_CHANGED = 'analysis.method_changed';

/** Writes one prompt-set change of a brand in the caller's transaction; nothing when all are 0. */
export async function recordPromptSetChange(
  db: Tx,
  workspaceId: string,
  brandId: string,
  change: Partial<PromptSetChange>,
): Promise<void> {
  const full: PromptSetChange = {
    added: change.added ?? 0,
    removed: change.removed ?? 0,
    activated: change.activated ?? 0,
    deactivated: change.deactivated ?? 0,
    keyword: change.keyword ?? null,
  };
  if (full.added + full.removed + full.activated + full.deactivated === 0) return;
  const parts = [
    full.added && `${full.added} added`,
    full.removed && `${full.removed} removed`,
    full.activated && `${full.activated} activated`,
    full.deactivated && `${full.deactivated} deactivated`,
  ].filter(Boolean);
  await db.execute(sql`
    insert into activity_log (workspace_id, kind, subject, subject_type, subject_id, brand_id,
                              message, data)
    values (${workspaceId}, ${PROMPT_SET_CHANGED}, ${brandId}, 'brand', ${brandId}, ${brandId},
            ${`Prompts ${parts.join(', ')}`}, ${JSON.stringify(full)}::jsonb)`);
}

const uuids = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]::uuid[]`;

type Raw = Omit<AnnotationRow, 'at'> & { at: string | Date };

/** The annotations of each brand whose local day is in the range, oldest first. */
export async function listAnnotations(
  db: Tx,
  workspaceId: string,
  brandIds: readonly string[],
  range: { from: string; to: string },
): Promise<AnnotationRow[]> {
  if (brandIds.length === 0) return [];
  const inRange = (at: ReturnType<typeof sql>) =>
    sql`(${at} at time zone b.timezone)::date between ${range.from}::date and ${range.to}::date`;
  const day = (at: ReturnType<typeof sql>) =>
    sql`to_char((${at} at time zone b.timezone)::date, 'YYYY-MM-DD')`;
  const runAt = sql`coalesce(r.started_at, r.created_at)`;
  const rows = await db.execute<Raw>(sql`
    select * from (
      select s.id, s.brand_id as "brandId", 'SERVED_MODEL' as kind, ${day(runAt)} as day,
             ${runAt} as at, s.engine, s.previous_model as "previousModel",
             s.served_model as "servedModel", null::jsonb as change, null as title, null as url,
             null::uuid as "opportunityId"
        from served_model_changes s
        join runs r on r.id = s.run_id
        join brands b on b.id = s.brand_id
       where s.workspace_id = ${workspaceId} and b.workspace_id = ${workspaceId}
         and s.brand_id = any(${uuids(brandIds)}) and ${inRange(runAt)}
      union all
      select l.id, b.id,
             case when l.kind = ${PROMPT_SET_CHANGED} then 'PROMPT_SET' else 'METHOD_CHANGED' end,
             ${day(sql`l.created_at`)}, l.created_at, null, null, null,
             case when l.kind = ${PROMPT_SET_CHANGED} then l.data end, l.message, null, null
        from activity_log l
        join brands b on b.id::text = l.subject
       where l.workspace_id = ${workspaceId} and b.workspace_id = ${workspaceId}
         and l.kind in (${PROMPT_SET_CHANGED}, ${METHOD_CHANGED})
         and l.subject = any(array[${sql.join(
           brandIds.map((id) => sql`${id}`),
           sql`, `,
         )}]::text[])
         and ${inRange(sql`l.created_at`)}
      union all
      select pi.id, o.brand_id, 'PUBLISHED', ${day(sql`pi.published_at`)}, pi.published_at,
             null, null, null, null, d.title, pi.url, o.id
        from published_items pi
        join drafts d on d.id = pi.draft_id
        join orders ord on ord.id = d.order_id
        join opportunities o on o.id = ord.opportunity_id
        join brands b on b.id = o.brand_id
       where pi.workspace_id = ${workspaceId} and o.workspace_id = ${workspaceId}
         and o.brand_id = any(${uuids(brandIds)}) and ${inRange(sql`pi.published_at`)}
    ) x
    order by x.at, x.id`);
  return rows.map((r) => ({ ...r, at: new Date(r.at) }));
}
