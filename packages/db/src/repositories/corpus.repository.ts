import type { Sql } from '../client';

// The local engine's "web". Full-text search is written in SQL here (postgres-js) because it
// weighs query terms by rarity, which Drizzle's query builder cannot express.

export type CorpusSource = 'seed' | 'crawl' | 'published';

export type CorpusDocumentInput = {
  url: string;
  domain: string;
  title: string;
  body: string;
  publishedAt: Date | null;
  source: CorpusSource;
  market?: string | null;
  kind?: string | null;
};

export type CorpusDocument = {
  id: string;
  url: string;
  domain: string;
  title: string;
  body: string;
  publishedAt: Date | null;
  source: CorpusSource;
  market: string | null;
  kind: string | null;
};

export type CorpusHit = CorpusDocument & {
  /** Relevance: Σ over matched query terms of idf × ts_rank. Only comparable within one query. */
  score: number;
  /** How many distinct query terms the document contains. */
  matchedTerms: number;
};

const BATCH = 200;

/**
 * Inserts or refreshes documents by URL. Rows whose content is unchanged are left untouched; a
 * missing date, market or kind keeps the stored one (a republished post keeps its metadata).
 */
export async function upsertCorpusDocuments(
  sql: Sql,
  documents: readonly CorpusDocumentInput[],
): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  let updated = 0;
  const unique = [...new Map(documents.map((d) => [d.url, d])).values()];
  for (let start = 0; start < unique.length; start += BATCH) {
    const rows = unique.slice(start, start + BATCH).map((d) => ({
      url: d.url,
      domain: d.domain,
      title: d.title,
      body: d.body,
      // An ISO string: postgres-js cannot serialise a Date whose column type it did not infer.
      published_at: d.publishedAt ? d.publishedAt.toISOString() : null,
      source: d.source,
      market: d.market ?? null,
      kind: d.kind ?? null,
    }));
    const result = await sql<{ inserted: boolean }[]>`
      insert into corpus_documents ${sql(rows)}
      on conflict (url) do update set
        domain = excluded.domain,
        title = excluded.title,
        body = excluded.body,
        published_at = coalesce(excluded.published_at, corpus_documents.published_at),
        source = excluded.source,
        market = coalesce(excluded.market, corpus_documents.market),
        kind = coalesce(excluded.kind, corpus_documents.kind)
      where (corpus_documents.domain, corpus_documents.title, corpus_documents.body,
             corpus_documents.published_at, corpus_documents.source, corpus_documents.market,
             corpus_documents.kind)
        is distinct from
            (excluded.domain, excluded.title, excluded.body,
             coalesce(excluded.published_at, corpus_documents.published_at), excluded.source,
             coalesce(excluded.market, corpus_documents.market),
             coalesce(excluded.kind, corpus_documents.kind))
      returning (xmax = 0) as inserted`;
    for (const row of result) {
      if (row.inserted) inserted++;
      else updated++;
    }
  }
  return { inserted, updated };
}

type Row = {
  id: string;
  url: string;
  domain: string;
  title: string;
  body: string;
  // drizzle() switches postgres-js's timestamp parsers off, so raw queries see strings.
  published_at: Date | string | null;
  source: CorpusSource;
  market: string | null;
  kind: string | null;
};

function toDocument(row: Row): CorpusDocument {
  return {
    id: row.id,
    url: row.url,
    domain: row.domain,
    title: row.title,
    body: row.body,
    publishedAt: row.published_at === null ? null : new Date(row.published_at),
    source: row.source,
    market: row.market,
    kind: row.kind,
  };
}

/**
 * Documents for a natural question ("what is the best CRM for startups?"). Terms are OR-ed, so a
 * page need not contain every word, and each term counts by its rarity in the corpus (a BM25-style
 * idf): "crm" and "startup" decide the ranking, "best" barely does. Ties break by URL, so the
 * result is deterministic.
 */
export async function searchCorpus(
  sql: Sql,
  query: string,
  options: { limit: number },
): Promise<CorpusHit[]> {
  const rows = await sql<(Row & { score: number; matched_terms: number })[]>`
    with q as (
      select distinct lexeme from unnest(to_tsvector('english', ${query}))
    ),
    n as (
      select greatest(count(*), 1)::float8 as total from corpus_documents
    ),
    terms as (
      select quote_literal(q.lexeme)::tsquery as tq,
             ln(1 + (n.total - df.df + 0.5) / (df.df + 0.5)) as idf
      from q
      cross join n
      cross join lateral (
        select count(*)::float8 as df from corpus_documents d
        where d.tsv @@ quote_literal(q.lexeme)::tsquery
      ) df
      where df.df > 0
    ),
    any_term as (
      select string_agg(tq::text, ' | ')::tsquery as tq from terms
    )
    select d.id, d.url, d.domain, d.title, d.body, d.published_at, d.source, d.market, d.kind,
           s.score::float8 as score, s.matched::int as matched_terms
    from any_term
    join corpus_documents d on d.tsv @@ any_term.tq
    cross join lateral (
      select sum(t.idf * ts_rank(d.tsv, t.tq, 1)) as score, count(*) as matched
      from terms t
      where d.tsv @@ t.tq
    ) s
    order by s.score desc, d.url
    limit ${options.limit}`;
  return rows.map((row) => ({
    ...toDocument(row),
    score: row.score,
    matchedTerms: row.matched_terms,
  }));
}

export async function findCorpusDocumentByUrl(
  sql: Sql,
  url: string,
): Promise<CorpusDocument | null> {
  const [row] = await sql<Row[]>`
    select id, url, domain, title, body, published_at, source, market, kind
    from corpus_documents where url = ${url}`;
  return row ? toDocument(row) : null;
}

export async function deleteCorpusDocument(sql: Sql, url: string): Promise<boolean> {
  const result = await sql`delete from corpus_documents where url = ${url}`;
  return result.count > 0;
}

export async function countCorpusDocuments(
  sql: Sql,
  filter: { source?: CorpusSource } = {},
): Promise<number> {
  const [row] = filter.source
    ? await sql<{ n: number }[]>`
        select count(*)::int as n from corpus_documents where source = ${filter.source}`
    : await sql<{ n: number }[]>`select count(*)::int as n from corpus_documents`;
  return row?.n ?? 0;
}
