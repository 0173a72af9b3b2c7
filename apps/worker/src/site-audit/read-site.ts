import { SafeFetchError, type SafeResponse, safeFetch } from '@lumen/config/safe-fetch';
import type { SiteAuditInput } from '@lumen/domain/site-audit/audit-report';
import {
  countCitedSources,
  countQuotations,
  countStatistics,
} from '@lumen/domain/site-audit/geo-signals';
import { flattenJsonLd } from '@lumen/domain/site-audit/json-ld';
import { selectKeyPages } from '@lumen/domain/site-audit/key-pages';
import {
  type LinkCheck,
  type LlmsFetch,
  llmsLinksToCheck,
  parseLlmsTxt,
} from '@lumen/domain/site-audit/llms-txt';
import type { PageFacts } from '@lumen/domain/site-audit/page-checks';
import {
  ROBOTS_MAX_BYTES,
  type RobotsFetch,
  robotsSitemaps,
} from '@lumen/domain/site-audit/robots';
import type { SitemapFacts } from '@lumen/domain/site-audit/sitemap';
import { extractPage } from '@lumen/engines/corpus/extract-page';
import { measurePage, type PageBounds, PageRefusedError } from '@lumen/engines/corpus/page-bounds';
import { readPageMarkup } from '@lumen/engines/corpus/page-facts';
import { readSitemapXml } from '@lumen/engines/corpus/sitemap-xml';
import { AUDIT_USER_AGENT } from './audit-agent';
import type { PageRenderer } from './render-page';

/** How many llms.txt links are checked, sitemap files read and bytes read of each. */
export const READ_LIMITS = {
  llmsLinks: 10,
  llmsBytes: 256 * 1024,
  sitemapFiles: 3,
  sitemapBytes: 5 * 1024 * 1024,
  sitemapEntries: 5000,
  timeoutMs: 15_000,
};

export class SiteUnreachableError extends Error {
  override readonly name = 'SiteUnreachableError';
}

export type ReadSiteOptions = {
  domain: string;
  allowPrivateHosts: boolean;
  bounds: PageBounds;
  cited: string[];
  published: string[];
  renderer: PageRenderer | null;
  /** Called before each step; false when the audit has ended meanwhile (stop reading). */
  progress(done: number, total: number, step: string): Promise<boolean>;
  now: () => Date;
};

export class AuditStopped extends Error {}

/**
 * Reads what the audit judges (docs/site-audit.md, "What is read"): every request through
 * safeFetch, each body capped, each page bounded before it is parsed, then the pure report.
 */
export async function readSite(o: ReadSiteOptions): Promise<SiteAuditInput> {
  const get = (url: string, maxBytes: number, accept = '*/*') =>
    safeFetch(url, {
      allowPrivateHosts: o.allowPrivateHosts,
      maxBytes,
      timeoutMs: READ_LIMITS.timeoutMs,
      headers: { 'user-agent': AUDIT_USER_AGENT, accept },
    });
  let total = 4;
  const step = async (done: number, label: string) => {
    if (!(await o.progress(done, total, label))) throw new AuditStopped();
  };

  await step(0, 'Reading robots.txt');
  const { origin, robots } = await readRobots(o.domain, (u) =>
    get(u, ROBOTS_MAX_BYTES, 'text/plain'),
  );

  await step(1, 'Reading llms.txt');
  const llmsUrl = `${origin}/llms.txt`;
  let llms: LlmsFetch;
  let llmsLinks: LinkCheck[] = [];
  try {
    const res = await get(llmsUrl, READ_LIMITS.llmsBytes, 'text/plain, text/markdown');
    llms = res.ok
      ? {
          state: 'found',
          url: llmsUrl,
          text: res.text(),
          contentType: res.headers.get('content-type'),
        }
      : { state: 'missing', url: llmsUrl, status: res.status };
  } catch (error) {
    llms = { state: 'missing', url: llmsUrl, status: null };
    if (!(error instanceof SafeFetchError)) throw error;
  }
  if (llms.state === 'found') {
    const links = llmsLinksToCheck(parseLlmsTxt(llms.text, llms.url), READ_LIMITS.llmsLinks);
    llmsLinks = await Promise.all(links.map((url) => statusOf(url, (u) => get(u, 64 * 1024))));
  }

  await step(2, 'Reading the sitemap');
  const sitemap = await readSitemaps(origin, robotsSitemaps(robots), (u) =>
    get(u, READ_LIMITS.sitemapBytes, 'application/xml, text/xml'),
  );

  await step(3, 'Reading the home page');
  const fetchKey = (url: string) =>
    fetchPage(url, o.bounds, (u) => get(u, o.bounds.maxBytes, 'text/html'));
  const home = await fetchKey(`${origin}/`);
  const homeLinks = home.markup?.contentLinks ?? [];
  const keyPages = selectKeyPages({
    origin,
    published: o.published,
    cited: o.cited,
    discovered: [
      ...homeLinks.map((l) => safeUrl(l, origin)).filter((l): l is string => l !== null),
      ...sitemap.entries.map((e) => e.loc),
    ],
  });
  total = 3 + keyPages.length + 1;
  const pages: PageFacts[] = [];
  for (const [i, key] of keyPages.entries()) {
    await step(3 + i, `Reading ${pathLabel(key.url)}`);
    const fetched = i === 0 ? home : await fetchKey(key.url);
    pages.push(await pageFacts(key.url, key.role, fetched, o));
  }
  await step(total - 1, 'Scoring');
  return {
    origin,
    robots,
    llms,
    llmsLinks,
    sitemap,
    pages,
    rendered: o.renderer !== null,
    now: o.now(),
  };
}

const pathLabel = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};

const safeUrl = (href: string, base: string): string | null => {
  try {
    return new URL(href, base).toString();
  } catch {
    return null;
  }
};

/**
 * robots.txt decides the origin too: https first; a site that does not take TLS connections
 * is read over http (RFC 9309 treats each scheme's robots.txt as its own).
 */
async function readRobots(
  domain: string,
  get: (url: string) => Promise<SafeResponse>,
): Promise<{ origin: string; robots: RobotsFetch }> {
  const reasons: string[] = [];
  for (const scheme of ['https', 'http']) {
    const origin = `${scheme}://${domain}`;
    const url = `${origin}/robots.txt`;
    try {
      const res = await get(url);
      const finalOrigin = new URL(res.url).origin;
      if (res.status >= 500) {
        return { origin, robots: { state: 'unreachable', url, reason: `HTTP ${res.status}` } };
      }
      if (res.status >= 400)
        return { origin, robots: { state: 'unavailable', url, status: res.status } };
      // A redirect to another host (acme.com → www.acme.com) moves the audit there.
      return { origin: finalOrigin, robots: { state: 'found', url: res.url, text: res.text() } };
    } catch (error) {
      if (!(error instanceof SafeFetchError)) throw error;
      if (error.code === 'BLOCKED_URL') {
        throw new SiteUnreachableError(
          `Refused ${url}: ${error.message} A site on this machine or a private network needs ALLOW_PRIVATE_HOSTS=1.`,
        );
      }
      if (error.code === 'TOO_LARGE') {
        return {
          origin,
          robots: { state: 'unreachable', url, reason: 'robots.txt is over 500 KiB' },
        };
      }
      reasons.push(`${url}: ${error.message}`);
    }
  }
  throw new SiteUnreachableError(`The site did not answer. ${reasons.join(' ')}`);
}

async function statusOf(
  url: string,
  get: (url: string) => Promise<SafeResponse>,
): Promise<LinkCheck> {
  try {
    return { url, status: (await get(url)).status };
  } catch (error) {
    if (error instanceof SafeFetchError && error.code === 'TOO_LARGE') return { url, status: 200 };
    return { url, status: null };
  }
}

async function readSitemaps(
  origin: string,
  declared: string[],
  get: (url: string) => Promise<SafeResponse>,
): Promise<SitemapFacts> {
  const facts: SitemapFacts = {
    urls: [],
    source: declared.length > 0 ? 'robots' : 'default',
    entries: [],
    problems: [],
  };
  const queue = declared.length > 0 ? [...declared] : [`${origin}/sitemap.xml`];
  let read = 0;
  while (queue.length > 0 && read < READ_LIMITS.sitemapFiles) {
    const url = queue.shift() as string;
    read += 1;
    try {
      const res = await get(url);
      if (!res.ok) {
        facts.problems.push(`${url} answered ${res.status}.`);
        continue;
      }
      if (res.body[0] === 0x1f && res.body[1] === 0x8b) {
        facts.problems.push(`${url} is gzip-compressed; Lumen reads plain XML sitemaps.`);
        continue;
      }
      const xml = readSitemapXml(res.text(), READ_LIMITS.sitemapEntries - facts.entries.length);
      facts.urls.push(url);
      if (xml.kind === 'index') queue.push(...xml.entries.map((e) => e.loc));
      else if (xml.kind === 'urlset') facts.entries.push(...xml.entries);
      else facts.problems.push(`${url} is not a sitemap (no <urlset> or <sitemapindex>).`);
    } catch (error) {
      if (!(error instanceof SafeFetchError)) throw error;
      facts.problems.push(`${url}: ${error.message}`);
    }
  }
  if (facts.urls.length === 0) facts.source = null;
  return facts;
}

type FetchedPage = {
  url: string;
  status: number | null;
  error: string | null;
  html: string;
  bytes: number;
  ttfbMs: number | null;
  markup: ReturnType<typeof readPageMarkup> | null;
};

async function fetchPage(
  url: string,
  bounds: PageBounds,
  get: (url: string) => Promise<SafeResponse>,
): Promise<FetchedPage> {
  try {
    const res = await get(url);
    const html = res.ok ? res.text() : '';
    let markup: FetchedPage['markup'] = null;
    let refused: string | null = null;
    if (html) {
      try {
        // Depth, tags and bytes bounded before any parser sees the page (page-bounds.ts).
        measurePage(html, bounds);
        markup = readPageMarkup(html);
      } catch (error) {
        if (!(error instanceof PageRefusedError)) throw error;
        refused = error.message;
      }
    }
    if (refused) {
      return {
        url,
        status: null,
        error: refused,
        html: '',
        bytes: res.body.length,
        ttfbMs: res.headersMs,
        markup: null,
      };
    }
    return {
      url,
      status: res.status,
      error: null,
      html,
      bytes: res.body.length,
      ttfbMs: res.headersMs,
      markup,
    };
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    return {
      url,
      status: null,
      error: error.message,
      html: '',
      bytes: 0,
      ttfbMs: null,
      markup: null,
    };
  }
}

async function pageFacts(
  url: string,
  role: PageFacts['role'],
  page: FetchedPage,
  o: ReadSiteOptions,
): Promise<PageFacts> {
  const base: PageFacts = {
    url,
    role,
    status: page.status,
    error: page.error,
    bytes: page.bytes,
    ttfbMs: page.ttfbMs,
    title: null,
    description: null,
    headings: [],
    canonical: null,
    jsonLd: [],
    jsonLdErrors: 0,
    metaModified: null,
    rawTextLength: 0,
    renderedTextLength: null,
    geo: { statistics: 0, quotations: 0, citedSources: 0 },
  };
  if (page.status === null || page.status >= 400 || !page.markup) return base;
  let text: string;
  try {
    // Bounded and off the event loop (extract-page.ts); the markup pass runs on HTML that
    // passed the same bounds, so it costs milliseconds.
    text = (await extractPage(page.html, o.bounds)).body;
  } catch (error) {
    if (error instanceof PageRefusedError) return { ...base, status: null, error: error.message };
    throw error;
  }
  const markup = page.markup;
  let renderedTextLength: number | null = null;
  if (o.renderer) {
    const rendered = await o.renderer.render(url);
    if (rendered !== null) {
      try {
        renderedTextLength = (await extractPage(rendered, o.bounds)).body.length;
      } catch (error) {
        if (!(error instanceof PageRefusedError)) throw error;
      }
    }
  }
  return {
    ...base,
    title: markup.title,
    description: markup.description,
    headings: markup.headings,
    canonical: markup.canonical,
    jsonLd: flattenJsonLd(markup.jsonLd),
    jsonLdErrors: markup.jsonLdErrors,
    metaModified: markup.metaModified,
    rawTextLength: text.length,
    renderedTextLength,
    geo: {
      statistics: countStatistics(text),
      quotations: countQuotations(text, markup.blockquotes),
      citedSources: countCitedSources(markup.contentLinks, url),
    },
  };
}
