import { Parser } from 'htmlparser2';

/**
 * A sitemap or sitemap index (sitemaps.org) read without a DOM: htmlparser2 in XML mode keeps
 * no tree and resolves no external entity or DTD, so a hostile file can cost only its own bytes
 * (the caller caps those). At most `maxEntries` URLs are kept.
 */
export type SitemapXml = {
  kind: 'urlset' | 'index' | 'other';
  entries: { loc: string; lastmod: string | null }[];
};

export function readSitemapXml(xml: string, maxEntries = 5000): SitemapXml {
  let kind: SitemapXml['kind'] = 'other';
  const entries: SitemapXml['entries'] = [];
  let entry: { loc: string; lastmod: string | null } | null = null;
  let field: 'loc' | 'lastmod' | null = null;
  let text = '';
  const local = (name: string) => name.toLowerCase().replace(/^.*:/, '');
  const parser = new Parser(
    {
      onopentag(raw) {
        const name = local(raw);
        if (kind === 'other' && name === 'urlset') kind = 'urlset';
        if (kind === 'other' && name === 'sitemapindex') kind = 'index';
        if (name === 'url' || name === 'sitemap') entry = { loc: '', lastmod: null };
        else if (entry && (name === 'loc' || name === 'lastmod')) {
          field = name;
          text = '';
        }
      },
      ontext(t) {
        if (field && text.length < 4096) text += t;
      },
      onclosetag(raw) {
        const name = local(raw);
        const e = entry as { loc: string; lastmod: string | null } | null;
        if (field && name === field && e) {
          if (field === 'loc') e.loc = text.trim();
          else e.lastmod = text.trim() || null;
          field = null;
        } else if ((name === 'url' || name === 'sitemap') && e) {
          if (e.loc && entries.length < maxEntries) entries.push(e);
          entry = null;
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return { kind, entries };
}
