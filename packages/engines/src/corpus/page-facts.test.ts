import { describe, expect, it } from 'vitest';
import { readPageMarkup } from './page-facts';

describe('readPageMarkup', () => {
  it('reads title, description, modified time, canonical, outline, JSON-LD and content links', () => {
    const html = `<!doctype html><html><head><title> Pricing &amp; plans </title>
      <meta name="description" content="Plans for teams.">
      <meta property="article:modified_time" content="2026-11-01T00:00:00Z">
      <link rel="canonical" href="https://shop.test/pricing">
      <script type="application/ld+json">{"@type":"Product","name":"Shop"}</script>
      <script type="application/ld+json">{not json</script>
      </head><body><nav><a href="https://twitter.com/shop">x</a></nav>
      <h1>Pricing</h1><h2>Team <em>plan</em></h2><p>See <a href="https://stats.org/report">the report</a>.</p>
      <blockquote>Great tea.</blockquote><footer><a href="https://fb.com/shop">f</a></footer></body></html>`;
    const m = readPageMarkup(html);
    expect(m.title).toBe('Pricing & plans');
    expect(m.description).toBe('Plans for teams.');
    expect(m.metaModified).toBe('2026-11-01T00:00:00Z');
    expect(m.canonical).toBe('https://shop.test/pricing');
    expect(m.headings).toEqual([
      { level: 1, text: 'Pricing' },
      { level: 2, text: 'Team plan' },
    ]);
    expect(m.jsonLd).toEqual([{ '@type': 'Product', name: 'Shop' }]);
    expect(m.jsonLdErrors).toBe(1);
    expect(m.contentLinks).toEqual(['https://stats.org/report']);
    expect(m.blockquotes).toBe(1);
  });
  it('a page with nothing gives nulls and empty lists', () => {
    const m = readPageMarkup(
      '<html><body><div id="root"></div><script src="/app.js"></script></body></html>',
    );
    expect(m).toMatchObject({
      title: null,
      description: null,
      canonical: null,
      headings: [],
      jsonLd: [],
    });
  });
});

describe('readSitemapXml', () => {
  it('reads a urlset and an index, ignoring a DOCTYPE with entities', async () => {
    const { readSitemapXml } = await import('./sitemap-xml');
    const set =
      readSitemapXml(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url><loc>https://shop.test/&e;</loc></url>
      <url><loc> https://shop.test/pricing </loc><lastmod>2026-11-01</lastmod></url></urlset>`);
    expect(set.kind).toBe('urlset');
    expect(set.entries).toEqual([
      { loc: 'https://shop.test/&e;', lastmod: null },
      { loc: 'https://shop.test/pricing', lastmod: '2026-11-01' },
    ]);
    const index = readSitemapXml(
      '<sitemapindex><sitemap><loc>https://shop.test/a.xml</loc></sitemap></sitemapindex>',
      10,
    );
    expect(index).toEqual({
      kind: 'index',
      entries: [{ loc: 'https://shop.test/a.xml', lastmod: null }],
    });
  });
});
