import { SafeFetchError, safeFetch } from '@lumen/config/safe-fetch';
import type { Tx } from '@lumen/db/client';
import {
  type CitedPageRecord,
  findCitedPage,
  saveCitedPageFailure,
  saveCitedPageRead,
} from '@lumen/db/repositories/cited-page.repository';
import { truncateAnswer } from '@lumen/domain/analysis/analyze-answer';
import { findContactPage } from '@lumen/domain/sources/contact-page';
import { extractPage } from '@lumen/engines/corpus/extract-page';
import { type PageBounds, PageRefusedError } from '@lumen/engines/corpus/page-bounds';

// One cited page fetched and its text stored (docs/sources.md, "Reading cited pages"). Every way
// a public page can fail (refused address, 4xx/5xx, not HTML, too large, too slow, no text) is
// recorded on the page with a stable code, and the scan goes on; only Lumen's own failures
// (the database) throw.

/** Time for one page, headers to last byte: a slow site costs the scan this much at most. */
export const CITED_PAGE_TIMEOUT_MS = 15_000;

export type PageOutcome = { url: string; status: 'READ' | 'FAILED' | 'CACHED' };

export async function readCitedPage(
  db: Tx,
  url: string,
  domain: string,
  options: {
    allowPrivateHosts: boolean;
    bounds: PageBounds;
    /** A page fetched after this is reused as it is (the weekly scan); null: fetch again. */
    freshAfter: Date | null;
  },
): Promise<PageOutcome> {
  const cached = await findCitedPage(db, url);
  if (cached && options.freshAfter && isFresh(cached, options.freshAfter)) {
    return { url, status: 'CACHED' };
  }
  const fail = async (errorCode: string, error: string, httpStatus: number | null = null) => {
    await saveCitedPageFailure(db, { url, domain, httpStatus, errorCode, error });
    return { url, status: 'FAILED' as const };
  };
  let html: string;
  let httpStatus: number;
  let finalUrl: string;
  try {
    const response = await safeFetch(url, {
      allowPrivateHosts: options.allowPrivateHosts,
      headers: { accept: 'text/html,application/xhtml+xml' },
      maxBytes: options.bounds.maxBytes,
      timeoutMs: CITED_PAGE_TIMEOUT_MS,
    });
    httpStatus = response.status;
    finalUrl = response.url;
    if (!response.ok)
      return fail('HTTP_STATUS', `The page answered ${response.status}.`, httpStatus);
    const type = response.headers.get('content-type') ?? '';
    if (type && !/html/i.test(type)) {
      return fail('NOT_HTML', `The page is not HTML (${type.slice(0, 100)}).`, httpStatus);
    }
    html = response.text();
  } catch (error) {
    if (error instanceof SafeFetchError) return fail(error.code, error.message);
    throw error;
  }
  let page: Awaited<ReturnType<typeof extractPage>>;
  try {
    page = await extractPage(html, options.bounds, { collectLinks: true });
  } catch (error) {
    if (error instanceof PageRefusedError) return fail(error.code, error.message, httpStatus);
    throw error;
  }
  if (page.body.length === 0)
    return fail('NO_TEXT', 'No main text was found on the page.', httpStatus);
  await saveCitedPageRead(db, {
    url,
    domain,
    httpStatus,
    title: page.title.slice(0, 500),
    body: truncateAnswer(page.body),
    // Links are resolved against where the page really was, after redirects.
    contact: findContactPage(finalUrl, page.links ?? [], 'editorial'),
  });
  return { url, status: 'READ' };
}

function isFresh(page: CitedPageRecord, after: Date): boolean {
  return page.fetchedAt.getTime() > after.getTime();
}
