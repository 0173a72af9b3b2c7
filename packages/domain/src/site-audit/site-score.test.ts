import { describe, expect, it } from 'vitest';
import { buildSiteAuditReport } from './audit-report';
import { selectKeyPages } from './key-pages';
import type { PageFacts } from './page-checks';
import { accessShare, SITE_SCORE_WEIGHTS, siteFormulaText, siteScore } from './score';
import { sitemapFindings, sitemapHealth } from './sitemap';

const NOW = new Date('2026-11-28T12:00:00Z');
const O = 'https://shop.test';

describe('siteScore', () => {
  const cases = [
    { name: 'nothing', i: { access: 0, pages: 0, sitemap: 0, llms: 0 }, score: 0 },
    { name: 'everything', i: { access: 1, pages: 1, sitemap: 1, llms: 1 }, score: 100 },
    {
      name: 'open, good pages, no sitemap, no llms.txt',
      i: { access: 1, pages: 1, sitemap: 0, llms: 0 },
      score: 75,
    },
    { name: 'search bots blocked', i: { access: 0, pages: 1, sitemap: 1, llms: 1 }, score: 60 },
    {
      name: 'half of everything',
      i: { access: 0.5, pages: 0.5, sitemap: 0.5, llms: 0.5 },
      score: 50,
    },
  ];
  for (const c of cases) it(c.name, () => expect(siteScore(c.i).score).toBe(c.score));
  it('weights add up to 1 and are the formula shown', () => {
    expect(Object.values(SITE_SCORE_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    expect(siteFormulaText).toContain('0.40 × AI access');
    const { terms } = siteScore({ access: 1, pages: 0.5, sitemap: 0, llms: 0 });
    expect(terms.map((t) => Math.round(t.points * 10) / 10)).toEqual([40, 17.5, 0, 0]);
  });
  it('access counts search crawlers and user fetchers only', () => {
    const pages = [{ url: `${O}/`, allowed: false, line: null, lineNumber: null }];
    const agent = (kind: 'training' | 'search' | 'user', allowed: boolean) => ({
      agent: kind,
      owner: '',
      purpose: '',
      kind,
      pages: [{ ...pages[0]!, allowed }],
    });
    expect(
      accessShare([agent('training', false), agent('search', true), agent('user', false)]),
    ).toBe(0.5);
    expect(accessShare([agent('training', false)])).toBe(1);
  });
});

describe('sitemapFindings', () => {
  const facts = (entries: { loc: string; lastmod: string | null }[]) => ({
    urls: [`${O}/sitemap.xml`],
    source: 'default' as const,
    entries,
    problems: [],
  });
  it('missing, stale, undated and incomplete', () => {
    const none = sitemapFindings({ urls: [], source: null, entries: [], problems: [] }, [], O, NOW);
    expect(none.map((f) => f.key)).toEqual(['sitemap:missing']);
    expect(sitemapHealth(none)).toBe(0);
    const stale = sitemapFindings(
      facts([{ loc: `${O}/`, lastmod: '2025-01-01' }]),
      [`${O}/pricing`],
      O,
      NOW,
    );
    expect(stale.map((f) => f.key)).toEqual(['sitemap:stale', 'sitemap:key-pages']);
    expect(stale[1]?.evidence).toBe('Not listed: /pricing');
    expect(sitemapHealth(stale)).toBeCloseTo(1 / 3, 10);
    const undated = sitemapFindings(
      facts([{ loc: `${O}/pricing/`, lastmod: null }]),
      [`${O}/pricing`],
      O,
      NOW,
    );
    expect(undated.map((f) => f.key)).toEqual(['sitemap:no-lastmod']);
    const fresh = sitemapFindings(
      facts([{ loc: `${O}/pricing`, lastmod: '2026-11-20' }]),
      [`${O}/pricing`],
      O,
      NOW,
    );
    expect(fresh).toEqual([]);
    expect(sitemapHealth(fresh)).toBe(1);
  });
});

describe('selectKeyPages', () => {
  it('home first, then published, cited, one of each role, on the origin only, bounded', () => {
    const pages = selectKeyPages({
      origin: O,
      published: [`${O}/blog/post`],
      cited: [`${O}/blog/post/`, 'https://other.test/pricing', `${O}/guide`],
      discovered: [`${O}/vs/rival`, `${O}/compare`, `${O}/features`, `${O}/pricing`, `${O}/about`],
      limit: 6,
    });
    expect(pages.map((p) => `${p.role} ${new URL(p.url).pathname}`)).toEqual([
      'home /',
      'published /blog/post',
      'cited /guide',
      'pricing /pricing',
      'product /features',
      'comparison /vs/rival',
    ]);
  });
});

describe('buildSiteAuditReport', () => {
  const home: PageFacts = {
    url: `${O}/`,
    role: 'home',
    status: 200,
    error: null,
    bytes: 1000,
    ttfbMs: 10,
    title: 'Shop',
    description: 'Tea',
    headings: [{ level: 1, text: 'Shop' }],
    canonical: `${O}/`,
    jsonLd: [
      { types: ['Organization'], fields: { name: 'Shop', url: O, logo: 'x', sameAs: ['y'] } },
    ],
    jsonLdErrors: 0,
    metaModified: null,
    rawTextLength: 500,
    renderedTextLength: null,
    geo: { statistics: 0, quotations: 0, citedSources: 0 },
  };
  it('blocks GPTBot as a low finding, counts access without it, and shows JavaScript as not checked', () => {
    const report = buildSiteAuditReport({
      origin: O,
      robots: { state: 'found', url: `${O}/robots.txt`, text: 'User-agent: GPTBot\nDisallow: /\n' },
      llms: { state: 'missing', url: `${O}/llms.txt`, status: 404 },
      llmsLinks: [],
      sitemap: {
        urls: [`${O}/sitemap.xml`],
        source: 'default',
        entries: [{ loc: `${O}/`, lastmod: '2026-11-01' }],
        problems: [],
      },
      pages: [home],
      rendered: false,
      now: NOW,
    });
    expect(report.findings.map((f) => [f.key, f.severity])).toEqual([
      ['llms:missing', 'medium'],
      ['robots:gptbot', 'low'],
    ]);
    expect(report.agents.find((a) => a.agent === 'GPTBot')?.pages[0]?.allowed).toBe(false);
    expect(report.pages[0]?.javascript).toBe('not-checked');
    // access 1, pages 1, sitemap 1, llms 0
    expect(report.score).toBe(90);
    expect(report.formula).toBe(siteFormulaText);
  });
});
