import { sql } from 'drizzle-orm';
import { customType, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const corpusSource = pgEnum('corpus_source', ['seed', 'crawl', 'published']);

// The local engine's "web": seed documents, crawled pages and everything Lumen publishes.
export const corpusDocuments = pgTable(
  'corpus_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull().unique(),
    domain: text('domain').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    source: corpusSource('source').notNull().default('seed'),
    market: text('market'),
    kind: text('kind'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(body, '')), 'B')`,
      ),
  },
  (t) => [
    index('corpus_documents_tsv_idx').using('gin', t.tsv),
    index('corpus_documents_domain_idx').on(t.domain),
  ],
);
