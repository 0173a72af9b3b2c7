import type { OutreachContactKind } from '@lumen/domain/sources/contact-page';
import type { PageReading } from '@lumen/domain/sources/outreach';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { citedPageMentions, citedPages } from '../schema/sources';

// Cited third-party pages as fetched, what a brand's names are on them, and which prompts and
// engines cite them (docs/sources.md, "Cites them, not us").

export type CitedPageRecord = {
  url: string;
  domain: string;
  status: 'READ' | 'FAILED';
  httpStatus: number | null;
  errorCode: string | null;
  error: string | null;
  title: string | null;
  body: string | null;
  contactUrl: string | null;
  contactKind: OutreachContactKind | null;
  fetchedAt: Date;
  readAt: Date | null;
};

export async function findCitedPage(db: Tx, url: string): Promise<CitedPageRecord | null> {
  const [row] = await db.select().from(citedPages).where(eq(citedPages.url, url));
  if (!row) return null;
  return {
    ...row,
    status: row.status === 'READ' ? 'READ' : 'FAILED',
    contactKind: (row.contactKind as OutreachContactKind | null) ?? null,
  };
}

/** A good read: its text and way in replace the last ones; the error of an earlier try is cleared. */
export async function saveCitedPageRead(
  db: Tx,
  page: {
    url: string;
    domain: string;
    httpStatus: number;
    title: string;
    body: string;
    contact: { url: string; kind: OutreachContactKind } | null;
  },
): Promise<void> {
  const values = {
    domain: page.domain,
    status: 'READ',
    httpStatus: page.httpStatus,
    errorCode: null,
    error: null,
    title: page.title,
    body: page.body,
    contactUrl: page.contact?.url ?? null,
    contactKind: page.contact?.kind ?? null,
    fetchedAt: sql`now()`,
    readAt: sql`now()`,
  };
  await db
    .insert(citedPages)
    .values({ url: page.url, ...values })
    .onConflictDoUpdate({ target: citedPages.url, set: values });
}

/**
 * A failed fetch: the status, code and message are recorded; the text of an earlier good read
 * stays (what the brand's reading is based on) until a later read succeeds.
 */
export async function saveCitedPageFailure(
  db: Tx,
  page: {
    url: string;
    domain: string;
    httpStatus: number | null;
    errorCode: string;
    error: string;
  },
): Promise<void> {
  const values = {
    domain: page.domain,
    status: 'FAILED',
    httpStatus: page.httpStatus,
    errorCode: page.errorCode,
    error: page.error,
    fetchedAt: sql`now()`,
  };
  await db
    .insert(citedPages)
    .values({ url: page.url, ...values })
    .onConflictDoUpdate({ target: citedPages.url, set: values });
}

/** The brand's reading of a page, replacing the last one. */
export async function saveCitedPageMention(
  db: Tx,
  scope: { workspaceId: string; brandId: string; url: string },
  reading: PageReading,
): Promise<void> {
  await db
    .insert(citedPageMentions)
    .values({ ...scope, ...reading })
    .onConflictDoUpdate({
      target: [citedPageMentions.brandId, citedPageMentions.url],
      set: { ...reading, analyzedAt: sql`now()` },
    });
}

export type BrandCitedPage = {
  url: string;
  status: 'READ' | 'FAILED';
  httpStatus: number | null;
  errorCode: string | null;
  title: string | null;
  contactUrl: string | null;
  contactKind: OutreachContactKind | null;
  fetchedAt: Date;
  readAt: Date | null;
  /** Null when the brand has no reading of it (never read with text). */
  reading: PageReading | null;
};

/** The given pages as last fetched, with the brand's reading of each; missing ones are absent. */
export async function listBrandCitedPages(
  db: Tx,
  workspaceId: string,
  brandId: string,
  urls: readonly string[],
): Promise<Map<string, BrandCitedPage>> {
  if (urls.length === 0) return new Map();
  const rows = await db
    .select({
      url: citedPages.url,
      status: citedPages.status,
      httpStatus: citedPages.httpStatus,
      errorCode: citedPages.errorCode,
      title: citedPages.title,
      contactUrl: citedPages.contactUrl,
      contactKind: citedPages.contactKind,
      fetchedAt: citedPages.fetchedAt,
      readAt: citedPages.readAt,
      brandMentioned: citedPageMentions.brandMentioned,
      competitors: citedPageMentions.competitors,
    })
    .from(citedPages)
    .leftJoin(
      citedPageMentions,
      and(
        eq(citedPageMentions.url, citedPages.url),
        eq(citedPageMentions.workspaceId, workspaceId),
        eq(citedPageMentions.brandId, brandId),
      ),
    )
    .where(inArray(citedPages.url, [...urls]));
  return new Map(
    rows.map((r) => [
      r.url,
      {
        url: r.url,
        status: r.status === 'READ' ? 'READ' : 'FAILED',
        httpStatus: r.httpStatus,
        errorCode: r.errorCode,
        title: r.title,
        contactUrl: r.contactUrl,
        contactKind: (r.contactKind as OutreachContactKind | null) ?? null,
        fetchedAt: r.fetchedAt,
        readAt: r.readAt,
        reading:
          r.brandMentioned === null
            ? null
            : { brandMentioned: r.brandMentioned, competitors: r.competitors ?? [] },
      },
    ]),
  );
}

export type CitedUrlUse = {
  url: string;
  domain: string;
  promptText: string;
  engine: string;
  citations: number;
};

export type CitedUrlFilter = {
  workspaceId: string;
  brandId: string;
  /** Local days of the brand (inclusive), as the rollups count them. */
  from: string;
  to: string;
  engines?: readonly string[] | undefined;
  keywordIds?: readonly string[] | undefined;
  country?: string | null | undefined;
  language?: string | null | undefined;
  includeBranded: boolean;
};

/** The stored citations of a brand's completed runs, with their answer, run, brand and prompt. */
export const CITED_FROM = sql`from citations c
      join answers a on a.id = c.answer_id
      join runs r on r.id = a.run_id
      join brands b on b.id = r.brand_id
      left join prompts p on p.id = a.prompt_id`;

/** The filter over `CITED_FROM`: the brand's answers of the period's local days, filtered. */
export function citedWhere(f: CitedUrlFilter) {
  return sql`r.workspace_id = ${f.workspaceId} and r.brand_id = ${f.brandId}
       and r.status = 'COMPLETED' and a.error is null and a.text is not null
       and (coalesce(r.started_at, r.created_at) at time zone b.timezone)::date
           between ${f.from}::date and ${f.to}::date
       ${f.engines?.length ? sql`and a.engine = any(${sql.param([...f.engines])}::text[])` : sql``}
       ${f.keywordIds?.length ? sql`and p.keyword_id = any(${sql.param([...f.keywordIds])}::uuid[])` : sql``}
       ${f.country ? sql`and a.country = ${f.country}` : sql``}
       ${f.language ? sql`and a.language = ${f.language}` : sql``}
       ${f.includeBranded ? sql`` : sql`and not coalesce(p.branded, false)`}`;
}

/**
 * Which third-party URLs the brand's answers cited in the period, per prompt and engine (the
 * same runs, days and filter as the Sources page), and every citation of the period counted
 * (any owner): the denominator of a page's citation share.
 */
export async function listCitedUrlUses(
  db: Tx,
  f: CitedUrlFilter,
): Promise<{ uses: CitedUrlUse[]; totalCitations: number }> {
  const from = CITED_FROM;
  const [uses, [total]] = await Promise.all([
    db.execute<CitedUrlUse>(sql`
      select c.url, c.domain, a.prompt_text as "promptText", a.engine, count(*)::int as citations
        ${from}
       where ${citedWhere(f)} and c.owner = 'third_party'
       group by c.url, c.domain, a.prompt_text, a.engine
       order by c.url, count(*) desc, a.prompt_text, a.engine`),
    db.execute<{ n: number }>(sql`select count(*)::int as n ${from} where ${citedWhere(f)}`),
  ]);
  return { uses: [...uses], totalCitations: total?.n ?? 0 };
}
