import type { Verification } from '@lumen/domain/crawlers/crawler-agents';
import type { CrawlerHitRow } from '@lumen/domain/crawlers/crawler-log';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { crawlerHits, crawlerLogImports } from '../schema/crawlers';

// AI-crawler counts of a brand (docs/crawlers.md): one row per day, agent, verification, page
// and status, added to by every log read; and one row per read. Reads group in SQL (sums over
// a range), written with db.execute where the builder has no window function or upsert-add.

export type CrawlerImportValues = {
  source: 'upload' | 'ingest';
  fileName: string | null;
  format: string | null;
  bytes: number;
  lines: number;
  malformed: number;
  hits: Record<Verification, number>;
  firstDay: string | null;
  lastDay: string | null;
  actorId: string | null;
};

export type CrawlerImport = Omit<CrawlerImportValues, 'hits'> & {
  id: string;
  verified: number;
  unverified: number;
  unverifiable: number;
  createdAt: Date;
};

const BATCH = 2000;

/**
 * Adds one log's counts and notes the read; call inside a transaction so a log counts whole or
 * not at all. Keys repeat across logs (the same day, bot and page): the hits add up.
 */
export async function addCrawlerCounts(
  db: Tx,
  workspaceId: string,
  brandId: string,
  values: CrawlerImportValues,
  rows: readonly CrawlerHitRow[],
): Promise<CrawlerImport> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    await db
      .insert(crawlerHits)
      .values(batch.map((r) => ({ workspaceId, brandId, ...r })))
      .onConflictDoUpdate({
        target: [
          crawlerHits.brandId,
          crawlerHits.day,
          crawlerHits.agent,
          crawlerHits.verification,
          crawlerHits.path,
          crawlerHits.status,
        ],
        set: { hits: sql`${crawlerHits.hits} + excluded.hits` },
      });
  }
  const [row] = await db
    .insert(crawlerLogImports)
    .values({
      workspaceId,
      brandId,
      source: values.source,
      fileName: values.fileName,
      format: values.format,
      bytes: values.bytes,
      lines: values.lines,
      malformed: values.malformed,
      verified: values.hits.verified,
      unverified: values.hits.unverified,
      unverifiable: values.hits.unverifiable,
      firstDay: values.firstDay,
      lastDay: values.lastDay,
      actorId: values.actorId,
    })
    .returning();
  if (!row) throw new Error('crawler import not written');
  return toImport(row);
}

function toImport(row: typeof crawlerLogImports.$inferSelect): CrawlerImport {
  return {
    id: row.id,
    source: row.source as CrawlerImport['source'],
    fileName: row.fileName,
    format: row.format,
    bytes: row.bytes,
    lines: row.lines,
    malformed: row.malformed,
    verified: row.verified,
    unverified: row.unverified,
    unverifiable: row.unverifiable,
    firstDay: row.firstDay,
    lastDay: row.lastDay,
    actorId: row.actorId,
    createdAt: row.createdAt,
  };
}

export async function listCrawlerImports(
  db: Tx,
  workspaceId: string,
  brandId: string,
  limit = 10,
): Promise<CrawlerImport[]> {
  const rows = await db
    .select()
    .from(crawlerLogImports)
    .where(
      and(eq(crawlerLogImports.workspaceId, workspaceId), eq(crawlerLogImports.brandId, brandId)),
    )
    .orderBy(desc(crawlerLogImports.createdAt))
    .limit(limit);
  return rows.map(toImport);
}

export type DayAgentHits = { day: string; agent: string; verification: Verification; hits: number };

/** Hits per day, agent and verification over the range (days, both included). */
export async function crawlerHitsPerDay(
  db: Tx,
  workspaceId: string,
  brandId: string,
  from: string,
  to: string,
): Promise<DayAgentHits[]> {
  const rows = await db.execute<{
    day: string;
    agent: string;
    verification: string;
    hits: string;
  }>(sql`
    select day::text as day, agent, verification, sum(hits)::bigint as hits
    from crawler_hits
    where workspace_id = ${workspaceId} and brand_id = ${brandId} and day between ${from} and ${to}
    group by day, agent, verification
    order by day, agent, verification`);
  return rows.map((r) => ({
    day: r.day,
    agent: r.agent,
    verification: r.verification as Verification,
    hits: Number(r.hits),
  }));
}

export type AgentPageHits = { agent: string; path: string; hits: number };

/** Each agent's most fetched pages over the range (verified hits), `perAgent` each. */
export async function crawlerTopPages(
  db: Tx,
  workspaceId: string,
  brandId: string,
  from: string,
  to: string,
  perAgent: number,
): Promise<AgentPageHits[]> {
  // A window function: the builder has no row_number() over a grouped read.
  const rows = await db.execute<{ agent: string; path: string; hits: string }>(sql`
    select agent, path, hits from (
      select agent, path, sum(hits)::bigint as hits,
             row_number() over (partition by agent order by sum(hits) desc, path) as n
      from crawler_hits
      where workspace_id = ${workspaceId} and brand_id = ${brandId}
        and verification = 'verified' and day between ${from} and ${to}
      group by agent, path
    ) ranked
    where n <= ${perAgent}
    order by agent, hits desc, path`);
  return rows.map((r) => ({ agent: r.agent, path: r.path, hits: Number(r.hits) }));
}

export type AgentStatusHits = { agent: string; status: number; hits: number };

/** Verified hits per agent and status served over the range. */
export async function crawlerStatuses(
  db: Tx,
  workspaceId: string,
  brandId: string,
  from: string,
  to: string,
): Promise<AgentStatusHits[]> {
  const rows = await db.execute<{ agent: string; status: number; hits: string }>(sql`
    select agent, status, sum(hits)::bigint as hits
    from crawler_hits
    where workspace_id = ${workspaceId} and brand_id = ${brandId}
      and verification = 'verified' and day between ${from} and ${to}
    group by agent, status
    order by agent, status`);
  return rows.map((r) => ({ agent: r.agent, status: Number(r.status), hits: Number(r.hits) }));
}

/**
 * Per page, the first verified AI-bot fetch (day and agent) and the last day one read it, over
 * all the brand's counts. `paths` bounds the read to the pages asked about.
 */
export async function crawlerPageReads(
  db: Tx,
  workspaceId: string,
  brandId: string,
  paths: readonly string[],
): Promise<Map<string, { firstDay: string; firstAgent: string; lastDay: string }>> {
  if (paths.length === 0) return new Map();
  const rows = await db.execute<{
    path: string;
    first_day: string;
    first_agent: string;
    last_day: string;
  }>(sql`
    select distinct on (path) path, day::text as first_day, agent as first_agent,
           max(day) over (partition by path)::text as last_day
    from crawler_hits
    where workspace_id = ${workspaceId} and brand_id = ${brandId}
      and verification = 'verified' and status < 400
      and path in (${sql.join(
        paths.map((p) => sql`${p}`),
        sql`, `,
      )})
    order by path, day, agent`);
  return new Map(
    rows.map((r) => [
      r.path,
      { firstDay: r.first_day, firstAgent: r.first_agent, lastDay: r.last_day },
    ]),
  );
}

export type OwnCitedPage = { url: string; firstCitedDay: string; citations: number };

/**
 * The brand's own pages cited by answers of its runs started in the range (`citations.owner =
 * 'own'`), most cited first, with the first day one cited it.
 */
export async function ownCitedPages(
  db: Tx,
  workspaceId: string,
  brandId: string,
  from: string,
  to: string,
  limit: number,
): Promise<OwnCitedPage[]> {
  const rows = await db.execute<{ url: string; first_day: string; citations: string }>(sql`
    select c.url, min(a.created_at at time zone 'UTC')::date::text as first_day, count(*)::bigint as citations
    from citations c
    join answers a on a.id = c.answer_id
    join runs r on r.id = a.run_id
    where c.workspace_id = ${workspaceId} and r.workspace_id = ${workspaceId}
      and r.brand_id = ${brandId} and c.owner = 'own'
      and (a.created_at at time zone 'UTC')::date between ${from}::date and ${to}::date
    group by c.url
    order by count(*) desc, c.url
    limit ${limit}`);
  return rows.map((r) => ({
    url: r.url,
    firstCitedDay: r.first_day,
    citations: Number(r.citations),
  }));
}

/** The key pages (url and role) of the brand's latest completed site audit; [] when none. */
export async function latestAuditKeyPages(
  db: Tx,
  workspaceId: string,
  brandId: string,
): Promise<{ url: string; role: string }[]> {
  const rows = await db.execute<{ pages: { url?: unknown; role?: unknown }[] | null }>(sql`
    select report->'pages' as pages from site_audits
    where workspace_id = ${workspaceId} and brand_id = ${brandId} and status = 'COMPLETED'
    order by created_at desc limit 1`);
  const pages = rows[0]?.pages ?? [];
  return pages.flatMap((p) =>
    typeof p.url === 'string'
      ? [{ url: p.url, role: typeof p.role === 'string' ? p.role : 'page' }]
      : [],
  );
}
