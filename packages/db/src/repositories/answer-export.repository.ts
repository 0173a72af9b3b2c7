import type { Database } from '../client';

// The answers export (docs/metrics.md, "Exports"): one statement read through a postgres.js
// cursor, so a batch of rows is in memory at a time whatever the range holds. Raw postgres.js
// rather than Drizzle: Drizzle has no cursor. The answers are the ones the rollups count — the
// brand's completed runs, local day of the run in the brand's timezone, answers an engine gave.

export type AnswerExportFilter = {
  from: string;
  to: string;
  engines?: readonly string[] | null;
  keywordIds?: readonly string[] | null;
  includeBranded?: boolean | null;
  /** An ISO country code and a language's primary subtag, as answers store them. */
  country?: string | null;
  language?: string | null;
};

export type AnswerExportRow = {
  /** The local day of the run, YYYY-MM-DD. */
  runDate: string;
  engine: string;
  servedModel: string | null;
  prompt: string;
  keyword: string | null;
  branded: boolean;
  brandMentioned: boolean;
  brandRank: number | null;
  /** Competitor names in rank order, '; '-separated. */
  competitors: string;
  /** Distinct cited domains in citation order, '; '-separated. */
  citedDomains: string;
  ownDomainCited: boolean;
  /** 0–100 (50 + 50 × the brand mention's sentiment), null when not scored. */
  sentiment: number | null;
  /** Where it was asked for: an ISO country code and a language's primary subtag. */
  country: string | null;
  language: string | null;
};

/**
 * The brand's answers under the filter in batches of `batchSize`, oldest run first. The caller
 * has checked that the brand is the workspace's; the statement filters by both anyway. Stopping
 * the iteration early (`return()`) closes the cursor and gives the connection back.
 */
export function streamAnswerExport(
  db: Database,
  scope: { workspaceId: string; brandId: string },
  f: AnswerExportFilter,
  batchSize = 1000,
): AsyncIterable<AnswerExportRow[]> {
  const sql = db.$client;
  const engines = f.engines?.length ? sql`and a.engine = any(${[...f.engines]}::text[])` : sql``;
  const keywords = f.keywordIds?.length
    ? sql`and p.keyword_id = any(${[...f.keywordIds]}::uuid[])`
    : sql``;
  const branded = f.includeBranded ? sql`` : sql`and coalesce(p.branded, false) = false`;
  const country = f.country ? sql`and a.country = ${f.country}` : sql``;
  const language = f.language ? sql`and a.language = ${f.language}` : sql``;
  return sql<AnswerExportRow[]>`
    select to_char(rd.day, 'YYYY-MM-DD') as "runDate", a.engine, a.served_model as "servedModel",
           a.prompt_text as prompt, k.text as keyword, coalesce(p.branded, false) as branded,
           bm.answer_id is not null as "brandMentioned", bm.rank as "brandRank",
           coalesce(cm.names, '') as competitors, coalesce(ci.domains, '') as "citedDomains",
           coalesce(ci.own, false) as "ownDomainCited",
           round(50 + 50 * bm.sentiment)::int as sentiment, a.country, a.language
      from runs r
      join brands b on b.id = r.brand_id
      cross join lateral (
        select (coalesce(r.started_at, r.created_at) at time zone b.timezone)::date as day) rd
      join answers a on a.run_id = r.id
      left join prompts p on p.id = a.prompt_id
      left join keywords k on k.id = p.keyword_id
      left join lateral (
        select m.answer_id, min(coalesce(m.rank, 1)) as rank, avg(m.sentiment) as sentiment
          from mentions m
         where m.answer_id = a.id and m.entity = 'brand' and m.entity_id = r.brand_id
         group by m.answer_id) bm on true
      left join lateral (
        select string_agg(m.name, '; ' order by coalesce(m.rank, 1), m.first_offset) as names
          from mentions m
         where m.answer_id = a.id and m.entity = 'competitor') cm on true
      left join lateral (
        select string_agg(d.domain, '; ' order by d.position) as domains, bool_or(d.own) as own
          from (select c.domain, min(c.position) as position, bool_or(c.owner = 'own') as own
                  from citations c where c.answer_id = a.id group by c.domain) d) ci on true
     where r.workspace_id = ${scope.workspaceId} and r.brand_id = ${scope.brandId}
       and b.workspace_id = ${scope.workspaceId}
       and r.status = 'COMPLETED'
       and rd.day between ${f.from}::date and ${f.to}::date
       and a.error is null and a.text is not null
       ${engines} ${keywords} ${branded} ${country} ${language}
     order by rd.day, coalesce(r.started_at, r.created_at), r.id, a.engine, a.prompt_text`.cursor(
    batchSize,
  );
}
