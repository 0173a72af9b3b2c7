import type { Tx } from '@lumen/db/client';
import {
  type CorpusDocument,
  type CorpusSource,
  findCorpusDocumentByUrl,
  upsertCorpusDocuments,
} from '@lumen/db/repositories/corpus.repository';
import { extractPage } from './extract-page';

export interface IngestHtmlInput {
  url: string;
  html: string;
  /** 'published' for Lumen's own WordPress posts, 'crawl' for fetched pages. */
  source: Exclude<CorpusSource, 'seed'>;
  market?: string | null;
  kind?: string | null;
  /** Overrides the page's own date (for example WordPress's `date_gmt`). */
  publishedAt?: Date | null;
  /** Overrides the page's title: WordPress's `content.rendered` is a fragment without one. */
  title?: string;
}

export class EmptyPageError extends Error {
  constructor(url: string) {
    super(`No main text could be extracted from ${url}.`);
    this.name = 'EmptyPageError';
  }
}

/**
 * Adds a page to the local engine's corpus: main text extracted (within the bounds of
 * extract-page.ts, off the event loop), boilerplate dropped, upserted by URL, so republishing a
 * post replaces its earlier text. Throws PageRefusedError for a page past the bounds.
 */
export async function ingestHtml(db: Tx, input: IngestHtmlInput): Promise<CorpusDocument> {
  const url = new URL(input.url);
  const page = await extractPage(input.html);
  if (page.body.length === 0) throw new EmptyPageError(input.url);
  await upsertCorpusDocuments(db, [
    {
      url: url.toString(),
      domain: url.hostname.replace(/^www\./, ''),
      title: input.title?.trim() || page.title,
      body: page.body,
      publishedAt: input.publishedAt ?? page.publishedAt,
      source: input.source,
      market: input.market ?? null,
      kind: input.kind ?? null,
    },
  ]);
  const stored = await findCorpusDocumentByUrl(db, url.toString());
  if (!stored) throw new Error(`The page ${input.url} was not stored.`);
  return stored;
}
