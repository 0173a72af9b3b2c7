import { eq, sql } from 'drizzle-orm';
import { rawDate, type Tx } from '../client';
import { corpusDocuments } from '../schema/corpus';

// The local engine's "web", shared by every workspace. Full-text search is raw SQL because it
// weighs query terms by rarity, which Drizzle's query builder cannot express; the rest uses the
// builder.

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
  db: Tx,
  documents: readonly CorpusDocumentInput[],
): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  let updated = 0;
  const unique = [...new Map(documents.map((d) => [d.url, d])).values()];
  const c = corpusDocuments;
  const merged = {
    publishedAt: sql`coalesce(excluded.published_at, ${c.publishedAt})`,
    market: sql`coalesce(excluded.market, ${c.market})`,
    kind: sql`coalesce(excluded.kind, ${c.kind})`,
  };
  for (let start = 0; start < unique.length; start += BATCH) {
    const rows = unique.slice(start, start + BATCH).map((d) => ({
      url: d.url,
      domain: d.domain,
      title: d.title,
      body: d.body,
      publishedAt: d.publishedAt,
      source: d.source,
      market: d.market ?? null,
      kind: d.kind ?? null,
    }));
    const result = await db
      .insert(c)
      .values(rows)
      .onConflictDoUpdate({
        target: c.url,
        set: {
          domain: sql`excluded.domain`,
          title: sql`excluded.title`,
          body: sql`excluded.body`,
          source: sql`excluded.source`,
          ...merged,
        },
        // Unchanged rows are not rewritten: no dead tuples, and the count says "updated" truly.
        setWhere: sql`(${c.domain}, ${c.title}, ${c.body}, ${c.publishedAt}, ${c.source},
                       ${c.market}, ${c.kind})
          is distinct from (excluded.domain, excluded.title, excluded.body, ${merged.publishedAt},
                            excluded.source, ${merged.market}, ${merged.kind})`,
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
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
    publishedAt: rawDate(row.published_at),
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
  db: Tx,
  query: string,
  options: { limit: number },
): Promise<CorpusHit[]> {
  const rows = await db.execute<Row & { score: number; matched_terms: number }>(sql`
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
    limit ${options.limit}`);
  return rows.map((row) => ({
    ...toDocument(row),
    score: row.score,
    matchedTerms: row.matched_terms,
  }));
}

export async function findCorpusDocumentByUrl(db: Tx, url: string): Promise<CorpusDocument | null> {
  const [row] = await db
    .select({
      id: corpusDocuments.id,
      url: corpusDocuments.url,
      domain: corpusDocuments.domain,
      title: corpusDocuments.title,
      body: corpusDocuments.body,
      publishedAt: corpusDocuments.publishedAt,
      source: corpusDocuments.source,
      market: corpusDocuments.market,
      kind: corpusDocuments.kind,
    })
    .from(corpusDocuments)
    .where(eq(corpusDocuments.url, url));
  return row ?? null;
}

export async function deleteCorpusDocument(db: Tx, url: string): Promise<boolean> {
  const rows = await db
    .delete(corpusDocuments)
    .where(eq(corpusDocuments.url, url))
    .returning({ id: corpusDocuments.id });
  return rows.length > 0;
}

export async function countCorpusDocuments(
  db: Tx,
  filter: { source?: CorpusSource } = {},
): Promise<number> {
  return db.$count(
    corpusDocuments,
    filter.source ? eq(corpusDocuments.source, filter.source) : undefined,
  );
}

class TemporaryView extends Error {
  constructor() {
    super('temporary corpus view rolled back');
  }
}

/**
 * Runs `fn` against a temporary view of the corpus that also holds `documents` (docs/closed-loop.md,
 * "What-if preview"): a transaction inserts them (or replaces the page at the same URL) and is
 * always rolled back, whatever `fn` does, so nothing is ever stored. Other connections never see
 * the rows (they are not committed); the transaction's connection serialises `fn`'s queries.
 */
export async function withTemporaryCorpus<T>(
  db: Tx,
  documents: readonly CorpusDocumentInput[],
  fn: (view: Tx) => Promise<T>,
): Promise<T> {
  let result: { value: T } | null = null;
  try {
    await db.transaction(async (tx) => {
      await upsertCorpusDocuments(tx, documents);
      result = { value: await fn(tx) };
      throw new TemporaryView();
    });
  } catch (error) {
    if (!(error instanceof TemporaryView)) throw error;
  }
  if (result === null) throw new Error('withTemporaryCorpus: nothing was computed');
  return (result as { value: T }).value;
}
