import { Parser } from 'htmlparser2';

/**
 * What a site audit reads from a page's HTML besides its main text (docs/site-audit.md): title,
 * meta description and modified time, canonical, the heading outline, JSON-LD blocks, links
 * outside the page chrome and blockquotes. Call it only on HTML that passed `measurePage`
 * (page-bounds.ts): within those bounds one pass takes milliseconds. Every list is capped.
 */
export type PageMarkup = {
  title: string | null;
  description: string | null;
  metaModified: string | null;
  canonical: string | null;
  headings: { level: number; text: string }[];
  /** Parsed JSON-LD blocks; `jsonLdErrors` counts the ones that are not JSON. */
  jsonLd: unknown[];
  jsonLdErrors: number;
  /** hrefs outside nav, header, footer and aside. */
  contentLinks: string[];
  blockquotes: number;
};

const LIMITS = {
  headings: 100,
  headingChars: 200,
  jsonLdBlocks: 20,
  jsonLdChars: 256 * 1024,
  links: 2000,
};
const CHROME = new Set(['nav', 'header', 'footer', 'aside']);
const MODIFIED_META = new Set([
  'article:modified_time',
  'og:updated_time',
  'last-modified',
  'dc.date.modified',
]);

export function readPageMarkup(html: string): PageMarkup {
  const out: PageMarkup = {
    title: null,
    description: null,
    metaModified: null,
    canonical: null,
    headings: [],
    jsonLd: [],
    jsonLdErrors: 0,
    contentLinks: [],
    blockquotes: 0,
  };
  let capture: { kind: 'title' | 'heading' | 'jsonld'; level: number; text: string } | null = null;
  let chrome = 0;
  let svg = 0;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'svg') svg += 1;
        if (CHROME.has(name)) chrome += 1;
        if (name === 'title' && out.title === null && svg === 0) {
          capture = { kind: 'title', level: 0, text: '' };
        } else if (/^h[1-6]$/.test(name)) {
          capture = { kind: 'heading', level: Number(name[1]), text: '' };
        } else if (
          name === 'script' &&
          (attrs.type ?? '').toLowerCase().trim() === 'application/ld+json'
        ) {
          capture = { kind: 'jsonld', level: 0, text: '' };
        } else if (name === 'meta') {
          const key = (attrs.name ?? attrs.property ?? attrs.itemprop ?? '').toLowerCase();
          const content = attrs.content?.trim();
          if (!content) return;
          if (key === 'description' && out.description === null) out.description = content;
          if ((MODIFIED_META.has(key) || key === 'datemodified') && out.metaModified === null) {
            out.metaModified = content;
          }
        } else if (name === 'link' && out.canonical === null) {
          const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
          if (rel.includes('canonical') && attrs.href) out.canonical = attrs.href.trim();
        } else if (
          name === 'a' &&
          chrome === 0 &&
          attrs.href &&
          out.contentLinks.length < LIMITS.links
        ) {
          out.contentLinks.push(attrs.href.trim());
        } else if (name === 'blockquote' && chrome === 0) {
          out.blockquotes += 1;
        }
      },
      ontext(text) {
        if (!capture) return;
        const max = capture.kind === 'jsonld' ? LIMITS.jsonLdChars : LIMITS.headingChars * 4;
        if (capture.text.length < max) capture.text += text;
      },
      onclosetag(name) {
        if (name === 'svg') svg = Math.max(0, svg - 1);
        if (CHROME.has(name)) chrome = Math.max(0, chrome - 1);
        const c = capture as {
          kind: 'title' | 'heading' | 'jsonld';
          level: number;
          text: string;
        } | null;
        if (!c) return;
        if (c.kind === 'title' && name === 'title') {
          out.title = squash(c.text) || null;
          capture = null;
        } else if (c.kind === 'heading' && name === `h${c.level}`) {
          if (out.headings.length < LIMITS.headings) {
            out.headings.push({
              level: c.level,
              text: squash(c.text).slice(0, LIMITS.headingChars),
            });
          }
          capture = null;
        } else if (c.kind === 'jsonld' && name === 'script') {
          if (out.jsonLd.length + out.jsonLdErrors < LIMITS.jsonLdBlocks) {
            try {
              out.jsonLd.push(JSON.parse(c.text.trim()));
            } catch {
              out.jsonLdErrors += 1;
            }
          }
          capture = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return out;
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
