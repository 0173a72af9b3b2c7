import { describe, expect, it } from 'vitest';
import { countCitedSources, countQuotations, countStatistics } from './geo-signals';
import { flattenJsonLd, jsonLdDateModified } from './json-ld';
import { checkPage, type PageFacts, pageReadiness } from './page-checks';

const NOW = new Date('2026-11-28T12:00:00Z');

function page(over: Partial<PageFacts> = {}): PageFacts {
  return {
    url: 'https://shop.test/pricing',
    role: 'pricing',
    status: 200,
    error: null,
    bytes: 20_000,
    ttfbMs: 50,
    title: 'Pricing — Shop',
    description: 'Plans and prices.',
    headings: [
      { level: 1, text: 'Pricing' },
      { level: 2, text: 'Plans' },
    ],
    canonical: 'https://shop.test/pricing',
    jsonLd: flattenJsonLd([
      {
        '@context': 'https://schema.org',
        '@type': 'SoftwareApplication',
        name: 'Shop',
        description: 'Tea',
        offers: { '@type': 'Offer', price: '9' },
        dateModified: '2026-10-01',
      },
    ]),
    jsonLdErrors: 0,
    metaModified: null,
    rawTextLength: 2000,
    renderedTextLength: 2100,
    geo: { statistics: 2, quotations: 0, citedSources: 1 },
    ...over,
  };
}

const keys = (p: PageFacts) =>
  checkPage(p, NOW).findings.map((f) => `${f.key.split(':').pop()}/${f.severity}`);

describe('checkPage', () => {
  const cases: { name: string; page: PageFacts; findings: string[] }[] = [
    { name: 'a complete pricing page', page: page(), findings: [] },
    { name: 'no title', page: page({ title: null }), findings: ['title/high'] },
    { name: 'no description', page: page({ description: null }), findings: ['description/medium'] },
    {
      name: 'two h1s',
      page: page({
        headings: [
          { level: 1, text: 'A' },
          { level: 1, text: 'B' },
        ],
      }),
      findings: ['h1/medium'],
    },
    {
      name: 'an h3 straight after the h1',
      page: page({
        headings: [
          { level: 1, text: 'A' },
          { level: 3, text: 'B' },
        ],
      }),
      findings: ['outline/low'],
    },
    {
      name: 'no schema.org at all',
      page: page({ jsonLd: [] }),
      findings: ['json-ld/medium', 'date-modified/low'],
    },
    {
      name: 'schema.org of the wrong kind for a pricing page',
      page: page({ jsonLd: flattenJsonLd([{ '@type': 'WebPage', dateModified: '2026-11-01' }]) }),
      findings: ['schema-product/medium'],
    },
    {
      name: 'Product without offers',
      page: page({
        jsonLd: flattenJsonLd([
          {
            '@graph': [
              { '@type': 'Product', name: 'Tea', description: 'Good', dateModified: '2026-11-01' },
            ],
          },
        ]),
      }),
      findings: ['schema-product-fields/low'],
    },
    {
      name: 'stale dateModified',
      page: page({
        jsonLd: flattenJsonLd([
          {
            '@type': 'Product',
            name: 'a',
            description: 'b',
            offers: {},
            dateModified: '2024-01-01',
          },
        ]),
      }),
      findings: ['freshness/low'],
    },
    {
      name: 'content only after JavaScript',
      page: page({ rawTextLength: 20, renderedTextLength: 1500 }),
      findings: ['javascript/high'],
    },
    {
      name: 'JavaScript not checked (no Chromium) makes no finding',
      page: page({ rawTextLength: 20, renderedTextLength: null }),
      findings: [],
    },
    { name: 'no canonical', page: page({ canonical: null }), findings: ['canonical/low'] },
    {
      name: 'slow and heavy',
      page: page({ ttfbMs: 2000, bytes: 700_000 }),
      findings: ['ttfb/low', 'size/low'],
    },
    {
      name: 'no statistics, quotations or sources',
      page: page({ geo: { statistics: 0, quotations: 0, citedSources: 0 } }),
      findings: ['geo/low'],
    },
    { name: 'a 404', page: page({ status: 404 }), findings: ['unreachable/high'] },
    {
      name: 'a home page without Organization',
      page: page({
        role: 'home',
        url: 'https://shop.test/',
        jsonLd: flattenJsonLd([{ '@type': 'WebSite', name: 'Shop' }]),
      }),
      findings: ['schema-organization/medium'],
    },
    {
      name: 'a published article without author',
      page: page({
        role: 'published',
        jsonLd: flattenJsonLd([
          {
            '@type': 'BlogPosting',
            headline: 'x',
            datePublished: '2026-11-01',
            dateModified: '2026-11-02',
          },
        ]),
      }),
      findings: ['schema-article-fields/low'],
    },
    {
      name: 'questions without FAQPage',
      page: page({
        headings: [
          { level: 1, text: 'FAQ' },
          { level: 2, text: 'Is it free?' },
          { level: 2, text: 'Can I cancel?' },
          { level: 2, text: 'Do you ship?' },
        ],
      }),
      findings: ['schema-faq/low'],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(keys(c.page)).toEqual(c.findings);
    });
  }

  it('keys name the page and the check, so a re-audit finds the same finding', () => {
    expect(checkPage(page({ title: null }), NOW).findings[0]?.key).toBe('page:/pricing:title');
  });

  it('readiness is the share of checks that found nothing', () => {
    const ok = checkPage(page(), NOW);
    expect(pageReadiness(ok)).toBe(1);
    const bad = checkPage(page({ title: null, description: null }), NOW);
    expect(pageReadiness(bad)).toBeCloseTo((bad.checksRun - 2) / bad.checksRun, 10);
    expect(pageReadiness(checkPage(page({ status: 500 }), NOW))).toBe(0);
  });
});

describe('schema.org and GEO signals', () => {
  it('flattens @graph, strips schema.org URLs and finds the newest dateModified', () => {
    const nodes = flattenJsonLd([
      {
        '@graph': [
          { '@type': 'https://schema.org/Organization', name: 'x' },
          { '@type': ['Article'], dateModified: '2026-01-01' },
        ],
      },
      { '@type': 'WebPage', dateModified: '2026-03-01' },
    ]);
    expect(nodes.map((n) => n.types[0])).toEqual(['Organization', 'Article', 'WebPage']);
    expect(jsonLdDateModified(nodes)).toBe('2026-03-01');
  });
  it('counts statistics, quotations and cited sources', () => {
    expect(countStatistics('Up 45% in 2025, 3x faster, $1.2 million saved, 12 percent less.')).toBe(
      4,
    );
    expect(
      countQuotations('As she said, "this is the best tea we have ever tasted" today.', 1),
    ).toBe(2);
    expect(
      countCitedSources(
        ['https://a.org/x', 'https://a.org/y', '/local', 'https://www.shop.test/z', 'mailto:x@y'],
        'https://shop.test/p',
      ),
    ).toBe(1);
  });
});
