import { normalizePath } from './crawler-log';
import { pathOf } from './log-formats';

/**
 * What the Crawlers section says about the counts (docs/crawlers.md, "What is shown"): the
 * class of a status served to a bot, key pages no AI bot read lately, and for each citation of
 * the brand's own pages whether a bot had fetched the page before.
 */
export type StatusClass =
  | 'ok'
  | 'redirect'
  | 'blocked'
  | 'not_found'
  | 'client_error'
  | 'server_error';

export function statusClass(status: number): StatusClass {
  if (status >= 500) return 'server_error';
  if (status === 401 || status === 403 || status === 429 || status === 451) return 'blocked';
  if (status === 404 || status === 410) return 'not_found';
  if (status >= 400) return 'client_error';
  if (status >= 300) return 'redirect';
  return 'ok';
}

/** The page of a URL as the counts name it (`https://acme.com/pricing/?a` → `/pricing`). */
export function pageOfUrl(url: string): string | null {
  const path = pathOf(url);
  return path ? normalizePath(path) : null;
}

/** The host of a URL without `www.`, lower case; null when it is not an http(s) URL. */
function hostOf(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** Whether a URL is on one of the brand's domains (or a subdomain of one). */
export function onDomains(url: string, domains: readonly string[]): boolean {
  const host = hostOf(url);
  if (!host) return false;
  return domains.some((d) => {
    const domain = d.toLowerCase().replace(/^www\./, '');
    return host === domain || host.endsWith(`.${domain}`);
  });
}

export type KeyPage = { url: string; role: string };
export type UnreadKeyPage = KeyPage & { path: string; lastRead: string | null };

/**
 * Key pages that no verified AI bot read on or after `since` (a day, `YYYY-MM-DD`), with the
 * last day one did if ever. `lastReads`: page → last day of a verified hit.
 */
export function unreadKeyPages(
  pages: readonly KeyPage[],
  lastReads: ReadonlyMap<string, string>,
  since: string,
): UnreadKeyPage[] {
  const seen = new Set<string>();
  const out: UnreadKeyPage[] = [];
  for (const page of pages) {
    const path = pageOfUrl(page.url);
    if (!path || seen.has(path)) continue;
    seen.add(path);
    const lastRead = lastReads.get(path) ?? null;
    if (!lastRead || lastRead < since) out.push({ ...page, path, lastRead });
  }
  return out;
}

export type OwnCitation = { url: string; firstCitedDay: string; citations: number };
export type FirstFetch = { day: string; agent: string };
export type CitationFetch = OwnCitation & {
  path: string;
  /** The first verified AI-bot fetch of the page on or before the day it was first cited. */
  fetchedBefore: FirstFetch | null;
};

/**
 * For each cited page of the brand: did a verified AI bot fetch it before (or on the day) the
 * first answer cited it? Days, because the counts are per day. `firstFetches`: page → earliest
 * verified hit.
 */
export function citationFetches(
  citations: readonly OwnCitation[],
  firstFetches: ReadonlyMap<string, FirstFetch>,
): CitationFetch[] {
  const out: CitationFetch[] = [];
  for (const c of citations) {
    const path = pageOfUrl(c.url);
    if (!path) continue;
    const first = firstFetches.get(path);
    out.push({ ...c, path, fetchedBefore: first && first.day <= c.firstCitedDay ? first : null });
  }
  return out;
}

export type CrawlerRange = { from: string; to: string };
export type CrawlerRangeInput = {
  from?: string | null;
  to?: string | null;
  lastDays?: number | null;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_DAYS = 366;

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

function validDay(day: string): boolean {
  return DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && addDays(day, 0) === day;
}

/**
 * The days a crawler read covers (UTC, both included): `from`/`to`, or the `lastDays` up to
 * today, 30 by default. Either a range or the problems with it, by field.
 */
export function parseCrawlerRange(
  input: CrawlerRangeInput | null | undefined,
  today: string,
): { range: CrawlerRange } | { issues: { path: string[]; message: string }[] } {
  const { from, to, lastDays } = input ?? {};
  if (from || to) {
    const issues: { path: string[]; message: string }[] = [];
    if (lastDays != null) {
      issues.push({ path: ['lastDays'], message: 'Give either from and to, or lastDays.' });
    }
    if (!from || !validDay(from))
      issues.push({ path: ['from'], message: 'Give the first day as YYYY-MM-DD.' });
    if (!to || !validDay(to))
      issues.push({ path: ['to'], message: 'Give the last day as YYYY-MM-DD.' });
    if (issues.length) return { issues };
    const range = { from: from as string, to: to as string };
    if (range.from > range.to)
      return { issues: [{ path: ['from'], message: 'The first day is after the last.' }] };
    if (addDays(range.from, MAX_DAYS - 1) < range.to) {
      return { issues: [{ path: ['to'], message: `A range is at most ${MAX_DAYS} days.` }] };
    }
    return { range };
  }
  const days = lastDays ?? 30;
  if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS) {
    return { issues: [{ path: ['lastDays'], message: `Give 1 to ${MAX_DAYS} days.` }] };
  }
  return { range: { from: addDays(today, 1 - days), to: today } };
}
