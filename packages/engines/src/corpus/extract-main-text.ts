import { Parser } from 'htmlparser2';

export interface ExtractedPage {
  title: string;
  /** The main text as light markdown: headings, list items and bold names survive. */
  body: string;
  publishedAt: Date | null;
  /** Only with `collectLinks`: every link of the page, chrome included, as written. */
  links?: { href: string; text: string }[];
}

/** Links collected from one page at most (`collectLinks`). */
const MAX_COLLECTED_LINKS = 2_000;

const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'canvas',
  'nav',
  'header',
  'footer',
  'aside',
  'form',
  'iframe',
  'button',
  'select',
  'dialog',
  'head',
  'menu',
  'object',
  'video',
  'audio',
]);
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'table',
  'tr',
  'td',
  'th',
  'dd',
  'dt',
  'dl',
  'figure',
  'figcaption',
  'br',
  'hr',
  'details',
  'summary',
  'address',
]);
const VOID = new Set(['br', 'hr', 'img', 'meta', 'link', 'input', 'source', 'wbr', 'col', 'area']);
const BOILERPLATE_ATTR =
  /(?:^|[\s_-])(nav|navbar|menu|footer|header|masthead|sidebar|cookies?|consent|banner|breadcrumbs?|share|sharing|social|newsletter|subscribe|comments?|related|advert\w*|ads?|promo|popup|modal|skip-link|author-bio|pagination)(?:$|[\s_-])/i;
const BOILERPLATE_ROLES = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'complementary',
  'search',
]);
const BOILERPLATE_TEXT =
  /^(share( this)?( article| post)?|subscribe|sign up|read more|related (posts|articles)|all rights reserved|©|copyright|accept( all)? cookies|we use cookies|skip to content|advertisement|follow us)/i;

/** A theme's post-content container (WordPress: `entry-content`, `wp-block-post-content`). */
const CONTENT_ATTR =
  /(?:^|\s)(entry-content|wp-block-post-content|post-content|article-content|article-body)(?:$|\s)/i;

interface Block {
  text: string;
  linkChars: number;
  inMain: boolean;
  inContent: boolean;
}

interface Frame {
  tag: string;
  skip: boolean;
  main: boolean;
  content: boolean;
}

/**
 * Readability-style extraction: drops scripts, navigation, headers, footers, sidebars and
 * anything whose class, id or role marks it as chrome; keeps the post-content container when the
 * theme marks one (else <article>/<main> when the page has one); drops link lists (menus that
 * escaped the markup rules) by link density. Our own bookkeeping is linear (the open-element
 * stack keeps counters instead of being searched); htmlparser2's stack costs O(depth) per tag,
 * which only pathological nesting notices: fetched pages come here through extract-page.ts,
 * which bounds size, depth, tag count and time, in a worker thread.
 */
export type ExtractOptions = {
  /**
   * Keep links as Markdown (`[words](https://…)`), resolved against this address: for a page
   * that is rewritten (docs/publishing.md, "Improving a page that exists"), not for the corpus.
   * Only http and https targets are kept; any other link keeps its words only.
   */
  linksFrom?: string;
  /**
   * Also return every `<a href>` of the page with its words, navigation and footer included
   * (where "Contact" and "Write for us" live): a cited page's way in (docs/sources.md).
   */
  collectLinks?: boolean;
};

/** An http(s) address for `href` on the page at `base`, or null. */
function linkTarget(href: string | undefined, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    // Parentheses would end the Markdown link early.
    return url.href.replace(/\(/g, '%28').replace(/\)/g, '%29');
  } catch {
    return null;
  }
}

export function extractMainText(html: string, options: ExtractOptions = {}): ExtractedPage {
  const stack: Frame[] = [];
  const blocks: Block[] = [];
  let buffer = '';
  let linkChars = 0;
  let titleText = '';
  let inTitle = false;
  let firstH1 = '';
  let metaTitle = '';
  let published: string | undefined;
  const listCounters: number[] = [];
  // Open links kept as Markdown: where their words start in the buffer, and their target.
  const links: { start: number; href: string | null }[] = [];
  let pendingPrefix = '';
  let sawMain = false;
  let sawContent = false;
  const collected: { href: string; text: string }[] = [];
  const openAnchors: { href: string; text: string }[] = [];
  // Open frames that skip, are main, are content, and open frames per tag name.
  let skips = 0;
  let mains = 0;
  let contents = 0;
  const openByTag = new Map<string, number[]>();

  const skipping = () => skips > 0;
  const inMain = () => mains > 0;
  const inside = (tag: string) => (openByTag.get(tag)?.length ?? 0) > 0;
  const push = (frame: Frame) => {
    const at = openByTag.get(frame.tag) ?? [];
    at.push(stack.length);
    openByTag.set(frame.tag, at);
    stack.push(frame);
    if (frame.skip) skips++;
    if (frame.main) mains++;
    if (frame.content) contents++;
  };
  /** Closes every frame from `index` up. */
  const truncate = (index: number) => {
    while (stack.length > index) {
      const frame = stack.pop() as Frame;
      openByTag.get(frame.tag)?.pop();
      if (frame.skip) skips--;
      if (frame.main) mains--;
      if (frame.content) contents--;
    }
  };

  const flush = () => {
    const text = buffer
      .replace(/\s+/g, ' ')
      .replace(/\*\*\s*\*\*/g, '')
      .trim();
    if (text && text !== '**') {
      blocks.push({
        text: pendingPrefix + text,
        linkChars,
        inMain: inMain(),
        inContent: contents > 0,
      });
      pendingPrefix = '';
    }
    buffer = '';
    linkChars = 0;
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'title') inTitle = true;
        if (name === 'meta') {
          const key = (attrs.property ?? attrs.name ?? attrs.itemprop ?? '').toLowerCase();
          const content = attrs.content ?? '';
          if (key === 'og:title' && content) metaTitle = content;
          if (
            !published &&
            content &&
            ['article:published_time', 'datepublished', 'date', 'pubdate', 'publish-date'].includes(
              key,
            )
          ) {
            published = content;
          }
        }
        if (name === 'time' && !published && attrs.datetime) published = attrs.datetime;
        // Before any skipping: navigation and footers are where "Contact" lives.
        if (name === 'a' && options.collectLinks) {
          openAnchors.push({ href: (attrs.href ?? '').slice(0, 2_000), text: '' });
        }
        const marker = `${attrs.class ?? ''} ${attrs.id ?? ''}`;
        const skip =
          SKIPPED.has(name) ||
          'hidden' in attrs ||
          attrs['aria-hidden'] === 'true' ||
          BOILERPLATE_ROLES.has((attrs.role ?? '').toLowerCase()) ||
          (name !== 'body' && name !== 'html' && BOILERPLATE_ATTR.test(marker));
        const main = name === 'article' || name === 'main' || attrs.role === 'main';
        if (main) sawMain = true;
        const content = !skip && CONTENT_ATTR.test(attrs.class ?? '');
        if (content) sawContent = true;
        if (BLOCKS.has(name)) flush();
        if (VOID.has(name)) return;
        push({ tag: name, skip, main, content });
        if (skipping()) return;
        if (/^h[1-6]$/.test(name)) pendingPrefix = `${'#'.repeat(Number(name[1]))} `;
        if (name === 'ol') listCounters.push(0);
        if (name === 'ul') listCounters.push(-1);
        if (name === 'li') {
          const depth = listCounters.length - 1;
          const counter = listCounters[depth];
          if (counter !== undefined && counter >= 0) {
            listCounters[depth] = counter + 1;
            pendingPrefix = `${counter + 1}. `;
          } else {
            pendingPrefix = '- ';
          }
        }
        if ((name === 'strong' || name === 'b') && !inside('pre')) buffer += ' **';
        if (name === 'a' && options.linksFrom !== undefined) {
          links.push({ start: buffer.length, href: linkTarget(attrs.href, options.linksFrom) });
        }
      },
      ontext(text) {
        if (inTitle) titleText += text;
        const anchor = openAnchors[openAnchors.length - 1];
        if (anchor && anchor.text.length < 200) anchor.text += text;
        if (skipping() || stack.length === 0) return;
        buffer += text;
        if (inside('a')) linkChars += text.trim().length;
        if (inside('h1') && !firstH1) firstH1 = text.trim();
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (name === 'a' && openAnchors.length > 0) {
          const anchor = openAnchors.pop() as { href: string; text: string };
          if (anchor.href && collected.length < MAX_COLLECTED_LINKS) {
            collected.push({ href: anchor.href, text: anchor.text.replace(/\s+/g, ' ').trim() });
          }
        }
        if (VOID.has(name)) return;
        const open = openByTag.get(name);
        const index = open && open.length > 0 ? (open[open.length - 1] as number) : -1;
        if (index === -1) return;
        const wasSkipping = skipping();
        if (!wasSkipping && (name === 'strong' || name === 'b') && !inside('pre')) buffer += '** ';
        if (name === 'a' && options.linksFrom !== undefined) {
          const link = links.pop();
          // A block flushed inside the link (a link around a block) keeps its words only.
          if (!wasSkipping && link?.href && link.start <= buffer.length) {
            const words = buffer.slice(link.start).replace(/\s+/g, ' ').trim();
            if (words && !/[[\]]/.test(words)) {
              buffer = `${buffer.slice(0, link.start)} [${words}](${link.href}) `;
            }
          }
        }
        if (BLOCKS.has(name) && !wasSkipping) flush();
        if (name === 'ol' || name === 'ul') listCounters.pop();
        truncate(index);
        if (BLOCKS.has(name) && wasSkipping) {
          buffer = '';
          linkChars = 0;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  flush();

  const kept = blocks.filter((block) => {
    if (sawContent && !block.inContent) return false;
    if (sawMain && !block.inMain) return false;
    const plain = block.text.replace(/^(#+|-|\d+\.)\s+/, '').replace(/\*\*/g, '');
    if (plain.length < 2) return false;
    if (plain.length < 120 && BOILERPLATE_TEXT.test(plain)) return false;
    // Link-heavy blocks are menus that escaped the markup rules; a linked heading is a title.
    if (block.text.startsWith('#')) return true;
    const density = block.linkChars / Math.max(1, plain.length);
    return !(density > 0.6 && plain.length < 300);
  });

  const title = cleanTitle(metaTitle || titleText || firstH1);
  const body = kept.map((b) => b.text.replace(/\s+([.,;:!?])/g, '$1')).join('\n\n');
  const page: ExtractedPage = {
    title: title || firstH1 || 'Untitled',
    body,
    publishedAt: parseDate(published),
  };
  if (options.collectLinks) page.links = collected;
  return page;
}

function cleanTitle(value: string): string {
  // "Best CRM for startups | SoftwareScout" → drop the site name after the last separator.
  const trimmed = value.replace(/\s+/g, ' ').trim();
  const parts = trimmed.split(/\s+[|–—]\s+/);
  return parts.length > 1 && (parts[0]?.length ?? 0) >= 12 ? (parts[0] ?? trimmed) : trimmed;
}

function parseDate(value: string | undefined): Date | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}
