/**
 * Bounds on a fetched page before any parser sees it (docs/security.md, "Fetched pages").
 *
 * htmlparser2 keeps its open-element stack with the newest element first (unshift/shift), so
 * every tag costs O(depth): 500 KB of `<div>` nested 100,000 deep took seconds to minutes of one
 * event loop. Bytes alone do not bound that work; depth and tag count do. The limits:
 * - 1 MiB of HTML: a WordPress post page is 50–300 KB (the block theme's fixture is 60 KB, page
 *   builders reach a few hundred), so a page over 1 MiB is not an article;
 * - 256 open elements deep: browsers stop nesting there too (Firefox's parser flattens past 200,
 *   Chromium's past 512), and a real theme nests 20–40;
 * - 50,000 start tags: one every 20 bytes at the byte limit, several times a page builder's
 *   density (the fixture has one per 260 bytes).
 * Within them the parser's worst case is 50,000 × 256 moves, tens of milliseconds.
 */
export const PAGE_BOUNDS = {
  maxBytes: 1024 * 1024,
  maxDepth: 256,
  maxTags: 50_000,
  /**
   * Time for the extraction thread to read one page, start-up excluded. A page at the limits
   * takes about 0.2 s on a quiet core; the rest is room for a loaded machine. The thread runs
   * beside the event loop, so waiting costs one core, never the other jobs.
   */
  timeBudgetMs: 10_000,
} as const;

export type PageBounds = {
  maxBytes: number;
  maxDepth: number;
  maxTags: number;
  timeBudgetMs: number;
};

export type PageRefusalCode =
  | 'PAGE_TOO_LARGE'
  | 'PAGE_TOO_DEEP'
  | 'PAGE_TOO_MANY_TAGS'
  | 'PAGE_TOO_SLOW';

/** A page Lumen will not read, with a stable code and a message a user can act on. */
export class PageRefusedError extends Error {
  override readonly name = 'PageRefusedError';
  constructor(
    readonly code: PageRefusalCode,
    message: string,
  ) {
    super(message);
  }
}

export type PageShape = { bytes: number; depth: number; tags: number };

// As htmlparser2 treats them: no end tag, never on the stack.
const VOID = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
// Their text is not markup (htmlparser2's special tags): `a<b` inside a script is no tag.
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'xmp', 'iframe', 'noembed']);
// Opening the key closes these when they are the open element (htmlparser2's openImpliesClose,
// the part that keeps unclosed <p>, <li> and table cells from piling up).
const P = ['p'];
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p'];
const FORM = ['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea'];
const IMPLIES_CLOSE = new Map<string, ReadonlySet<string>>(
  Object.entries({
    tr: ['tr', 'th', 'td'],
    th: ['th'],
    td: ['thead', 'th', 'td'],
    body: ['head', 'link', 'script'],
    a: ['a'],
    li: ['li'],
    p: P,
    h1: HEADINGS,
    h2: HEADINGS,
    h3: HEADINGS,
    h4: HEADINGS,
    h5: HEADINGS,
    h6: HEADINGS,
    select: FORM,
    input: FORM,
    output: FORM,
    button: FORM,
    datalist: FORM,
    textarea: FORM,
    option: ['option'],
    optgroup: ['optgroup', 'option'],
    dd: ['dd', 'dt'],
    dt: ['dd', 'dt'],
    rt: ['rt', 'rp'],
    rp: ['rt', 'rp'],
    tbody: ['thead', 'tbody'],
    tfoot: ['thead', 'tbody'],
    ...Object.fromEntries(
      [
        'address',
        'article',
        'aside',
        'blockquote',
        'details',
        'div',
        'dl',
        'fieldset',
        'figcaption',
        'figure',
        'footer',
        'form',
        'header',
        'hr',
        'main',
        'nav',
        'ol',
        'pre',
        'section',
        'table',
        'ul',
      ].map((tag) => [tag, P]),
    ),
  }).map(([tag, closes]) => [tag, new Set(closes)]),
);
// Inside <svg> and <math> a `/>` closes the element; <foreignObject> and the like are HTML again.
const FOREIGN = new Set(['svg', 'math']);
const HTML_INTEGRATION = new Set([
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
  'foreignobject',
  'desc',
  'title',
]);

const isNameStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isNameEnd = (c: number) =>
  c === 62 /* > */ || c === 47 /* / */ || c === 32 || (c >= 9 && c <= 13);

/**
 * Measures a page's nesting depth and start tags the way htmlparser2 will build them, in one
 * pass without a parser, and throws PageRefusedError past a bound (at the first tag past it, so
 * the scan of a hostile page ends early). Close tags look for their element within at most
 * `maxDepth` open ones, so the scan is linear in the page.
 */
export function measurePage(html: string, bounds: PageBounds = PAGE_BOUNDS): PageShape {
  const bytes = Buffer.byteLength(html, 'utf8');
  if (bytes > bounds.maxBytes) throw tooLarge(bytes, bounds.maxBytes);
  // The open elements, newest last, and whether each one's content is foreign (SVG, MathML).
  const names: string[] = [];
  const foreign: boolean[] = [];
  let depth = 0;
  let tags = 0;
  let i = 0;
  const n = html.length;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt === -1 || lt + 1 >= n) break;
    const next = html.charCodeAt(lt + 1);
    if (next === 33 /* ! */) {
      // A comment runs to -->, a doctype or CDATA to the next >.
      const end = html.startsWith('<!--', lt) ? html.indexOf('-->', lt + 4) : html.indexOf('>', lt);
      i = end === -1 ? n : end + 1;
      continue;
    }
    if (next === 63 /* ? */) {
      const end = html.indexOf('>', lt);
      i = end === -1 ? n : end + 1;
      continue;
    }
    const closing = next === 47; /* / */
    const nameAt = closing ? lt + 2 : lt + 1;
    if (nameAt >= n || !isNameStart(html.charCodeAt(nameAt))) {
      i = lt + 1;
      continue;
    }
    let nameEnd = nameAt + 1;
    while (nameEnd < n && !isNameEnd(html.charCodeAt(nameEnd))) nameEnd++;
    const name = html.slice(nameAt, nameEnd).toLowerCase();
    const close = tagEnd(html, nameEnd);
    i = close.next;

    if (closing) {
      const at = names.lastIndexOf(name);
      if (at !== -1) {
        names.length = at;
        foreign.length = at;
      }
      continue;
    }
    tags++;
    if (tags > bounds.maxTags) throw tooManyTags(bounds.maxTags);
    const closes = IMPLIES_CLOSE.get(name);
    if (closes) {
      while (names.length > 0 && closes.has(names[names.length - 1] as string)) {
        names.pop();
        foreign.pop();
      }
    }
    if (VOID.has(name)) continue;
    // A self-closed element is on the stack for a moment too.
    if (names.length + 1 > depth) {
      depth = names.length + 1;
      if (depth > bounds.maxDepth) throw tooDeep(bounds.maxDepth);
    }
    const parentForeign = foreign[foreign.length - 1] ?? false;
    const isForeign = FOREIGN.has(name) || (parentForeign && !HTML_INTEGRATION.has(name));
    if (close.selfClosing && isForeign) continue;
    names.push(name);
    foreign.push(isForeign);
    if (RAW_TEXT.has(name)) {
      // Its text runs to its own end tag; an unclosed one runs to the end of the page.
      const end = indexOfEndTag(html, name, i);
      i = end === -1 ? n : end;
    }
  }
  return { bytes, depth, tags };
}

/** Where a tag's `>` is (quoted attribute values may hold one), and whether it ends in `/>`. */
function tagEnd(html: string, from: number): { next: number; selfClosing: boolean } {
  let quote = 0;
  for (let j = from; j < html.length; j++) {
    const c = html.charCodeAt(j);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) {
      quote = c;
    } else if (c === 62) {
      return { next: j + 1, selfClosing: html.charCodeAt(j - 1) === 47 };
    }
  }
  return { next: html.length, selfClosing: false };
}

/** The start of `</name` (any case) at or after `from`, or -1. */
function indexOfEndTag(html: string, name: string, from: number): number {
  let at = from;
  for (;;) {
    const lt = html.indexOf('</', at);
    if (lt === -1) return -1;
    if (html.slice(lt + 2, lt + 2 + name.length).toLowerCase() === name) return lt;
    at = lt + 2;
  }
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function tooLarge(bytes: number, max: number): PageRefusedError {
  return new PageRefusedError(
    'PAGE_TOO_LARGE',
    `The page is too large to read: ${mib(bytes)}, over the ${mib(max)} Lumen reads of a page.`,
  );
}

function tooDeep(max: number): PageRefusedError {
  return new PageRefusedError(
    'PAGE_TOO_DEEP',
    `The page nests its HTML elements more than ${max} deep, which no article needs; Lumen does not read it.`,
  );
}

function tooManyTags(max: number): PageRefusedError {
  return new PageRefusedError(
    'PAGE_TOO_MANY_TAGS',
    `The page has more than ${max.toLocaleString('en-US')} HTML tags, which no article needs; Lumen does not read it.`,
  );
}

export function tooSlow(budgetMs: number): PageRefusedError {
  return new PageRefusedError(
    'PAGE_TOO_SLOW',
    `Reading the page took longer than ${budgetMs / 1000} s and was stopped; Lumen does not read it.`,
  );
}

/** The bounds with an operator's settings (PAGE_MAX_BYTES and the rest) over the defaults. */
export function pageBoundsFrom(settings: {
  PAGE_MAX_BYTES?: number | undefined;
  PAGE_MAX_DEPTH?: number | undefined;
  PAGE_MAX_TAGS?: number | undefined;
  PAGE_TIME_BUDGET_MS?: number | undefined;
}): PageBounds {
  return {
    maxBytes: settings.PAGE_MAX_BYTES ?? PAGE_BOUNDS.maxBytes,
    maxDepth: settings.PAGE_MAX_DEPTH ?? PAGE_BOUNDS.maxDepth,
    maxTags: settings.PAGE_MAX_TAGS ?? PAGE_BOUNDS.maxTags,
    timeBudgetMs: settings.PAGE_TIME_BUDGET_MS ?? PAGE_BOUNDS.timeBudgetMs,
  };
}
