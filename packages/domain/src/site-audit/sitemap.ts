import { type Finding, pathOf } from './findings';

export type SitemapEntry = { loc: string; lastmod: string | null };

/** What the audit read of the site's sitemaps (robots.txt Sitemap: lines, else /sitemap.xml). */
export type SitemapFacts = {
  /** The sitemap files read (an index's children included). */
  urls: string[];
  /** Where they were found. */
  source: 'robots' | 'default' | null;
  entries: SitemapEntry[];
  /** What went wrong reading them (not XML, 404, too large), for the evidence. */
  problems: string[];
};

/** A sitemap whose newest lastmod is older than this is stale. */
export const SITEMAP_FRESH_DAYS = 90;

const DAY_MS = 86_400_000;

/** A lastmod (W3C datetime: a date or a date and time) as a time, or null when unreadable. */
export function parseLastmod(value: string | null): number | null {
  if (!value) return null;
  const t = Date.parse(value.trim());
  return Number.isFinite(t) ? t : null;
}

/** Same page whatever the trailing slash, `www.` or scheme: how key pages are found in a list. */
export function samePage(a: string, b: string): boolean {
  const norm = (u: string) => {
    try {
      const x = new URL(u);
      return `${x.hostname.replace(/^www\./, '')}${x.pathname.replace(/\/+$/, '') || '/'}${x.search}`;
    } catch {
      return u;
    }
  };
  return norm(a) === norm(b);
}

export function sitemapFindings(
  facts: SitemapFacts,
  keyPages: readonly string[],
  origin: string,
  now: Date,
): Finding[] {
  if (facts.entries.length === 0) {
    return [
      {
        key: 'sitemap:missing',
        area: 'sitemap',
        severity: 'medium',
        title: facts.urls.length > 0 ? 'The sitemap lists no pages' : 'No sitemap',
        evidence:
          facts.problems.join(' ') ||
          `No Sitemap: line in robots.txt and nothing at ${origin}/sitemap.xml`,
        fix: 'Publish /sitemap.xml listing every public page with its <lastmod>, and add "Sitemap: https://…/sitemap.xml" to robots.txt so crawlers find it.',
        url: facts.urls[0] ?? `${origin}/sitemap.xml`,
      },
    ];
  }
  const findings: Finding[] = [];
  const url = facts.urls[0] ?? null;
  const dates = facts.entries.map((e) => parseLastmod(e.lastmod)).filter((t) => t !== null);
  if (dates.length === 0) {
    findings.push({
      key: 'sitemap:no-lastmod',
      area: 'sitemap',
      severity: 'low',
      title: 'The sitemap gives no <lastmod> dates',
      evidence: `None of the ${facts.entries.length} URLs has a readable <lastmod>.`,
      fix: 'Add <lastmod> (the date the content last changed) to each URL: crawlers use it to decide what to read again.',
      url,
    });
  } else {
    const newest = Math.max(...dates);
    const days = Math.floor((now.getTime() - newest) / DAY_MS);
    if (days > SITEMAP_FRESH_DAYS) {
      findings.push({
        key: 'sitemap:stale',
        area: 'sitemap',
        severity: 'low',
        title: `The sitemap's newest <lastmod> is ${days} days old`,
        evidence: `Newest lastmod ${new Date(newest).toISOString().slice(0, 10)}; fresh means within ${SITEMAP_FRESH_DAYS} days.`,
        fix: 'Regenerate the sitemap when pages change (most CMSs do it automatically) so its dates are true.',
        url,
      });
    }
  }
  const missing = keyPages.filter((p) => !facts.entries.some((e) => samePage(e.loc, p)));
  if (missing.length > 0) {
    findings.push({
      key: 'sitemap:key-pages',
      area: 'sitemap',
      severity: 'low',
      title: `The sitemap leaves out ${missing.length} key page${missing.length === 1 ? '' : 's'}`,
      evidence: `Not listed: ${missing.map(pathOf).join(', ')}`,
      fix: 'List every page you want AI answers to use in the sitemap.',
      url,
    });
  }
  return findings;
}

/** The sitemap's share of checks passed (0–1): found, fresh, and listing the key pages. */
export function sitemapHealth(findings: readonly Finding[]): number {
  const keys = new Set(findings.map((f) => f.key));
  if (keys.has('sitemap:missing')) return 0;
  let passed = 1;
  passed += keys.has('sitemap:no-lastmod') || keys.has('sitemap:stale') ? 0 : 1;
  passed += keys.has('sitemap:key-pages') ? 0 : 1;
  return passed / 3;
}
