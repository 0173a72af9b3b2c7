import { type Finding, sortFindings } from './findings';
import { jsonLdDateModified } from './json-ld';
import { type LinkCheck, type LlmsFetch, llmsFindings, parseLlmsTxt } from './llms-txt';
import {
  checkPage,
  PAGE_LIMITS,
  type PageFacts,
  type PageRole,
  pageReadiness,
} from './page-checks';
import { type AgentAccess, type RobotsFetch, robotsAccess, robotsFindings } from './robots';
import { accessShare, type SiteScoreTerm, siteFormulaText, siteScore } from './score';
import { type SitemapFacts, sitemapFindings, sitemapHealth } from './sitemap';

/** Everything the worker read of a site; the report is a pure function of it. */
export type SiteAuditInput = {
  origin: string;
  robots: RobotsFetch;
  llms: LlmsFetch;
  llmsLinks: LinkCheck[];
  sitemap: SitemapFacts;
  pages: PageFacts[];
  /** Whether a Chromium render was compared; false: "not checked". */
  rendered: boolean;
  now: Date;
};

export type JavaScriptCheck = 'ok' | 'needs-javascript' | 'not-checked';

export type PageSummary = {
  url: string;
  role: PageRole;
  status: number | null;
  error: string | null;
  title: string | null;
  description: string | null;
  h1Count: number;
  outline: { level: number; text: string }[];
  schemaTypes: string[];
  dateModified: string | null;
  canonical: string | null;
  javascript: JavaScriptCheck;
  rawTextLength: number;
  renderedTextLength: number | null;
  bytes: number;
  ttfbMs: number | null;
  statistics: number;
  quotations: number;
  citedSources: number;
  readiness: number;
};

export type SiteAuditReport = {
  origin: string;
  score: number;
  formula: string;
  terms: SiteScoreTerm[];
  robots: { state: RobotsFetch['state']; url: string };
  agents: AgentAccess[];
  llms: {
    state: LlmsFetch['state'];
    url: string;
    title: string | null;
    sections: number;
    links: number;
    problems: string[];
  };
  sitemap: { urls: string[]; source: SitemapFacts['source']; entries: number; problems: string[] };
  pages: PageSummary[];
  findings: Finding[];
  javascriptChecked: boolean;
};

function javascriptOf(page: PageFacts): JavaScriptCheck {
  if (page.renderedTextLength === null) return 'not-checked';
  return page.renderedTextLength >= PAGE_LIMITS.jsMinText &&
    page.rawTextLength < page.renderedTextLength * PAGE_LIMITS.jsOnlyRatio
    ? 'needs-javascript'
    : 'ok';
}

export function buildSiteAuditReport(input: SiteAuditInput): SiteAuditReport {
  const urls = input.pages.map((p) => p.url);
  const agents = robotsAccess(input.robots, urls);
  const parsed =
    input.llms.state === 'found' ? parseLlmsTxt(input.llms.text, input.llms.url) : null;
  const llms = llmsFindings(input.llms, parsed, input.llmsLinks);
  const keyUrls = input.pages.filter((p) => p.role !== 'home').map((p) => p.url);
  const sitemap = sitemapFindings(input.sitemap, keyUrls, input.origin, input.now);
  const checks = input.pages.map((p) => checkPage(p, input.now));
  const findings = sortFindings([
    ...robotsFindings(input.robots, agents),
    ...llms,
    ...sitemap,
    ...checks.flatMap((c) => c.findings),
  ]);
  const readiness = checks.map(pageReadiness);
  const { score, terms } = siteScore({
    access: accessShare(agents),
    pages: readiness.length ? readiness.reduce((a, b) => a + b, 0) / readiness.length : 0,
    sitemap: sitemapHealth(sitemap),
    llms: input.llms.state === 'missing' ? 0 : llms.length === 0 ? 1 : 0.5,
  });
  return {
    origin: input.origin,
    score,
    formula: siteFormulaText,
    terms,
    robots: { state: input.robots.state, url: input.robots.url },
    agents,
    llms: {
      state: input.llms.state,
      url: input.llms.url,
      title: parsed?.title ?? null,
      sections: parsed?.sections.length ?? 0,
      links: parsed?.sections.reduce((n, s) => n + s.links.length, 0) ?? 0,
      problems: parsed?.problems ?? [],
    },
    sitemap: {
      urls: input.sitemap.urls,
      source: input.sitemap.source,
      entries: input.sitemap.entries.length,
      problems: input.sitemap.problems,
    },
    pages: input.pages.map((p, i) => ({
      url: p.url,
      role: p.role,
      status: p.status,
      error: p.error,
      title: p.title,
      description: p.description,
      h1Count: p.headings.filter((h) => h.level === 1).length,
      outline: p.headings.slice(0, 30),
      schemaTypes: [...new Set(p.jsonLd.flatMap((n) => n.types))],
      dateModified: jsonLdDateModified(p.jsonLd) ?? p.metaModified,
      canonical: p.canonical,
      javascript: javascriptOf(p),
      rawTextLength: p.rawTextLength,
      renderedTextLength: p.renderedTextLength,
      bytes: p.bytes,
      ttfbMs: p.ttfbMs,
      statistics: p.geo.statistics,
      quotations: p.geo.quotations,
      citedSources: p.geo.citedSources,
      readiness: readiness[i] ?? 0,
    })),
    findings,
    javascriptChecked: input.rendered,
  };
}
