import { type Finding, pathOf } from './findings';
import type { GeoSignals } from './geo-signals';
import {
  findFamily,
  type JsonLdNode,
  jsonLdDateModified,
  missingFields,
  type SchemaFamily,
} from './json-ld';

/** Why a page is key: the home page, what the nav or sitemap names, what answers cite, what Lumen published. */
export type PageRole = 'home' | 'pricing' | 'product' | 'comparison' | 'cited' | 'published';

/** What the worker read of one key page (raw HTML, and a Chromium render when available). */
export type PageFacts = {
  url: string;
  role: PageRole;
  /** HTTP status, or null when the page did not answer (`error` says why). */
  status: number | null;
  error: string | null;
  bytes: number;
  ttfbMs: number | null;
  title: string | null;
  description: string | null;
  headings: { level: number; text: string }[];
  canonical: string | null;
  jsonLd: JsonLdNode[];
  /** JSON-LD blocks that are not valid JSON. */
  jsonLdErrors: number;
  /** `article:modified_time` or similar meta, when the page states one. */
  metaModified: string | null;
  /** Characters of main text in the HTML as served. */
  rawTextLength: number;
  /** Characters of main text after Chromium ran the page's JavaScript; null: not checked. */
  renderedTextLength: number | null;
  geo: GeoSignals;
};

export const PAGE_LIMITS = {
  titleMax: 70,
  descriptionMax: 170,
  /** Older than this, a page's dateModified is stale. */
  staleDays: 365,
  slowTtfbMs: 800,
  largeBytes: 500 * 1024,
  /** Below this share of the rendered text in the raw HTML, the content needs JavaScript. */
  jsOnlyRatio: 0.5,
  /** Rendered text shorter than this is too little to compare. */
  jsMinText: 200,
};

/** Which schema.org kind each role should carry. */
const EXPECTED: Record<PageRole, SchemaFamily | null> = {
  home: 'Organization',
  pricing: 'Product',
  product: 'Product',
  comparison: null,
  cited: null,
  published: 'Article',
};

const FAMILY_FIX: Record<SchemaFamily, string> = {
  Organization:
    'Add a JSON-LD Organization block to the home page with name, url, logo and sameAs (your profiles elsewhere), so engines tie the site to the brand.',
  Product:
    'Add JSON-LD Product (or SoftwareApplication) with name, description and offers (price, currency), so engines can state what you sell and for how much.',
  Article:
    'Add JSON-LD Article (or BlogPosting) with headline, author, datePublished and dateModified, so engines can credit and date the page.',
  FAQPage:
    'Mark the questions and answers up as JSON-LD FAQPage (mainEntity of Question/acceptedAnswer).',
};

export type PageCheck = { findings: Finding[]; checksRun: number };

/**
 * Every check of one page, each making at most one finding: the page's readiness is the share
 * of checks that made none. A page that did not answer is one failed check.
 */
export function checkPage(page: PageFacts, now: Date): PageCheck {
  const path = pathOf(page.url);
  const findings: Finding[] = [];
  let checksRun = 0;
  const check = (id: string, failed: boolean, f: () => Omit<Finding, 'key' | 'area' | 'url'>) => {
    checksRun += 1;
    if (failed) findings.push({ key: `page:${path}:${id}`, area: 'page', url: page.url, ...f() });
  };

  if (page.status === null || page.status >= 400) {
    check('unreachable', true, () => ({
      severity: 'high',
      title: `${path} does not answer`,
      evidence: page.error ?? `HTTP ${page.status}`,
      fix: 'Make the page answer 200 to crawlers, or stop linking it as a key page.',
    }));
    return { findings, checksRun };
  }

  check('title', !page.title, () => ({
    severity: 'high',
    title: `${path} has no <title>`,
    evidence: 'No <title> element in the HTML.',
    fix: 'Give the page a specific title (under 70 characters) naming what it is about and the brand.',
  }));
  check('title-length', !!page.title && page.title.length > PAGE_LIMITS.titleMax, () => ({
    severity: 'low',
    title: `${path} has a long title`,
    evidence: `${page.title?.length} characters: "${page.title?.slice(0, 90)}…"`,
    fix: `Keep the title under ${PAGE_LIMITS.titleMax} characters; engines cut the rest.`,
  }));
  check('description', !page.description, () => ({
    severity: 'medium',
    title: `${path} has no meta description`,
    evidence: 'No <meta name="description"> in the HTML.',
    fix: 'Write a one- or two-sentence meta description: engines often quote it as the summary of the page.',
  }));
  const h1s = page.headings.filter((h) => h.level === 1);
  check('h1', h1s.length !== 1, () => ({
    severity: 'medium',
    title: `${path} has ${h1s.length === 0 ? 'no' : h1s.length} <h1>`,
    evidence:
      h1s.length === 0 ? 'No <h1> element.' : `h1s: ${h1s.map((h) => `"${h.text}"`).join(', ')}`,
    fix: 'Use exactly one <h1> stating the page topic, with <h2>/<h3> for its sections.',
  }));
  const at = page.headings.findIndex(
    (h, i) => i > 0 && h.level > (page.headings[i - 1]?.level ?? 0) + 1,
  );
  check('outline', at > 0, () => ({
    severity: 'low',
    title: `${path} skips a heading level`,
    evidence: `"${page.headings[at]?.text}" is an h${page.headings[at]?.level} after an h${page.headings[at - 1]?.level}.`,
    fix: 'Nest headings in order (h1, then h2, then h3) so the outline reads as a table of contents.',
  }));

  check('json-ld', page.jsonLd.length === 0, () => ({
    severity: 'medium',
    title: `${path} has no schema.org data`,
    evidence:
      page.jsonLdErrors > 0
        ? `${page.jsonLdErrors} JSON-LD block(s) are not valid JSON.`
        : 'No <script type="application/ld+json"> block.',
    fix: 'Describe the page in JSON-LD (schema.org) so engines read facts, not guesses.',
  }));
  const expected = EXPECTED[page.role];
  if (expected && page.jsonLd.length > 0) {
    const node = findFamily(page.jsonLd, expected);
    check(`schema-${expected.toLowerCase()}`, !node, () => ({
      severity: 'medium',
      title: `${path} has no ${expected === 'Product' ? 'Product or SoftwareApplication' : expected} schema`,
      evidence: `JSON-LD types found: ${[...new Set(page.jsonLd.flatMap((n) => n.types))].join(', ')}`,
      fix: FAMILY_FIX[expected],
    }));
    const missing = node ? missingFields(node, expected) : [];
    check(`schema-${expected.toLowerCase()}-fields`, missing.length > 0, () => ({
      severity: 'low',
      title: `${path}: ${node?.types[0]} schema lacks ${missing.join(', ')}`,
      evidence: `Missing or empty: ${missing.join(', ')}`,
      fix: FAMILY_FIX[expected],
    }));
  }
  const questions = page.headings.filter((h) => h.level >= 2 && /\?\s*$/.test(h.text));
  if (questions.length >= 3) {
    check('schema-faq', !findFamily(page.jsonLd, 'FAQPage'), () => ({
      severity: 'low',
      title: `${path} answers ${questions.length} questions without FAQPage schema`,
      evidence: `Question headings: ${questions
        .slice(0, 3)
        .map((q) => `"${q.text}"`)
        .join(', ')}`,
      fix: FAMILY_FIX.FAQPage,
    }));
  }

  if (page.role !== 'home') {
    const modified = jsonLdDateModified(page.jsonLd) ?? page.metaModified;
    const t = modified ? Date.parse(modified) : Number.NaN;
    const days = Number.isFinite(t) ? Math.floor((now.getTime() - t) / 86_400_000) : null;
    check('date-modified', days === null, () => ({
      severity: 'low',
      title: `${path} does not say when it was last updated`,
      evidence: 'No dateModified in JSON-LD and no article:modified_time meta.',
      fix: 'State dateModified in the JSON-LD (and show "Updated on …" on the page): engines prefer fresh sources.',
    }));
    check('freshness', days !== null && days > PAGE_LIMITS.staleDays, () => ({
      severity: 'low',
      title: `${path} was last updated ${days} days ago`,
      evidence: `dateModified ${modified}`,
      fix: 'Review the page: update its figures and examples, then its dateModified.',
    }));
  }

  check('canonical', !page.canonical, () => ({
    severity: 'low',
    title: `${path} has no canonical URL`,
    evidence: 'No <link rel="canonical">.',
    fix: 'Add <link rel="canonical" href="…"> with the page’s preferred URL, so copies do not split its credit.',
  }));

  const rendered = page.renderedTextLength;
  check(
    'javascript',
    rendered !== null &&
      rendered >= PAGE_LIMITS.jsMinText &&
      page.rawTextLength < rendered * PAGE_LIMITS.jsOnlyRatio,
    () => ({
      severity: 'high',
      title: `${path} shows its content only with JavaScript`,
      evidence: `${page.rawTextLength} characters of text in the HTML as served, ${rendered} after JavaScript ran.`,
      fix: 'Render the content on the server (SSR or static HTML): AI crawlers read the HTML and do not run JavaScript.',
    }),
  );
  check('ttfb', page.ttfbMs !== null && page.ttfbMs > PAGE_LIMITS.slowTtfbMs, () => ({
    severity: 'low',
    title: `${path} is slow to answer`,
    evidence: `Time to first byte ${page.ttfbMs} ms (over ${PAGE_LIMITS.slowTtfbMs} ms).`,
    fix: 'Cache the page or serve it from a CDN: crawlers with a short time budget give up on slow pages.',
  }));
  check('size', page.bytes > PAGE_LIMITS.largeBytes, () => ({
    severity: 'low',
    title: `${path} is heavy`,
    evidence: `${Math.round(page.bytes / 1024)} KB of HTML.`,
    fix: 'Move inline scripts and styles out of the HTML so the text is a larger share of what crawlers download.',
  }));
  const g = page.geo;
  check('geo', g.statistics + g.quotations + g.citedSources === 0 && page.role !== 'home', () => ({
    severity: 'low',
    title: `${path} gives no statistics, quotations or sources`,
    evidence: '0 statistics, 0 quotations, 0 cited sources in the main text.',
    fix: 'Add concrete figures, a quotation from an expert or customer, and links to the sources you rely on: engines quote pages that carry evidence.',
  }));
  return { findings, checksRun };
}

/** A page's readiness, 0–1: the share of its checks that found nothing. */
export function pageReadiness(result: PageCheck): number {
  return result.checksRun === 0
    ? 0
    : (result.checksRun - result.findings.length) / result.checksRun;
}
