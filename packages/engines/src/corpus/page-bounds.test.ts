import { readFileSync } from 'node:fs';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { measurePage, PAGE_BOUNDS, PageRefusedError } from './page-bounds';

const wordpressPost = readFileSync(
  new URL('./fixtures/wordpress-post.html', import.meta.url),
  'utf8',
);

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link']);
for (const tag of ['meta', 'param', 'source', 'track', 'wbr', 'basefont', 'command', 'frame'])
  VOID.add(tag);

/** The deepest open-element stack htmlparser2 itself builds for a page. */
function parserDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (VOID.has(name)) return;
        depth++;
        deepest = Math.max(deepest, depth);
      },
      onclosetag(name) {
        if (!VOID.has(name)) depth--;
      },
    },
    { lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return deepest;
}

function refusal(html: string): string | undefined {
  try {
    measurePage(html);
    return undefined;
  } catch (error) {
    if (error instanceof PageRefusedError) return error.code;
    throw error;
  }
}

describe('measurePage', () => {
  const pages: [string, string][] = [
    ['a WordPress post (block theme)', wordpressPost],
    ['lists of unclosed items', `<ul>${'<li>item'.repeat(2_000)}</ul>`.repeat(3)],
    ['unclosed paragraphs', `<div>${'<p>text'.repeat(2_000)}</div>`],
    ['a table without end tags', `<table>${'<tr><td>a<td>b'.repeat(1_000)}</table>`],
    ['headings that close paragraphs', `${'<p>intro<h2>title</h2>'.repeat(500)}`],
    ['stray end tags', `<div>${'</span></p></b>'.repeat(500)}<b>bold</b></div>`],
    [
      'inline SVG icons',
      `<main>${'<svg><path d="M0 0"/><circle r="1"/></svg>'.repeat(500)}</main>`,
    ],
    ['HTML inside SVG', '<svg><foreignObject><div/><div/><div/></foreignObject></svg>'],
    [
      'markup inside script, style, comments and attributes',
      `<div><script>if (a<b && c>d) x = "<div><div>";</script><style>a>b{}</style><!-- <div><div> --><a title="<div>>">x</a></div>`,
    ],
    ['uppercase tags', '<DIV><P>One<P>Two</DIV><UL><LI>a<LI>b</UL>'],
    ['nested formatting', '<p><b><i><u><span>deep</span></u></i></b></p>'.repeat(50)],
  ];

  it.each(pages)('measures %s as deep as htmlparser2 nests it', (_name, html) => {
    expect(measurePage(html).depth).toBe(parserDepth(html));
  });

  it('finds a real post far inside every bound', () => {
    const shape = measurePage(wordpressPost);
    expect(shape.bytes).toBe(Buffer.byteLength(wordpressPost));
    expect(shape.depth).toBeLessThan(40);
    expect(shape.tags).toBeGreaterThan(100);
    expect(shape.tags).toBeLessThan(1_000);
  });

  it('refuses nesting past the depth bound, and nothing at it', () => {
    expect(refusal('<div>'.repeat(PAGE_BOUNDS.maxDepth))).toBeUndefined();
    expect(refusal('<div>'.repeat(PAGE_BOUNDS.maxDepth + 1))).toBe('PAGE_TOO_DEEP');
    // `/>` closes nothing in HTML, so htmlparser2 nests these (it does close them in SVG).
    expect(refusal('<div/>'.repeat(PAGE_BOUNDS.maxDepth + 1))).toBe('PAGE_TOO_DEEP');
    expect(refusal(`<svg>${'<g/>'.repeat(PAGE_BOUNDS.maxDepth + 1)}</svg>`)).toBeUndefined();
    // The 500 KB page of the review: refused at its 257th tag.
    expect(refusal(`<main>${'<div>'.repeat(100_000)}Zylo`)).toBe('PAGE_TOO_DEEP');
  });

  it('refuses more start tags than the bound, and nothing at it', () => {
    expect(refusal('<br>'.repeat(PAGE_BOUNDS.maxTags))).toBeUndefined();
    expect(refusal('<br>'.repeat(PAGE_BOUNDS.maxTags + 1))).toBe('PAGE_TOO_MANY_TAGS');
    expect(refusal('<p>a</p>'.repeat(PAGE_BOUNDS.maxTags + 1))).toBe('PAGE_TOO_MANY_TAGS');
  });

  it('refuses more bytes than the bound, counted in UTF-8', () => {
    expect(refusal('a'.repeat(PAGE_BOUNDS.maxBytes))).toBeUndefined();
    expect(refusal('a'.repeat(PAGE_BOUNDS.maxBytes + 1))).toBe('PAGE_TOO_LARGE');
    expect(refusal('é'.repeat(PAGE_BOUNDS.maxBytes / 2 + 1))).toBe('PAGE_TOO_LARGE');
  });

  it('says what was refused in words a user can act on', () => {
    expect(() => measurePage('<div>'.repeat(300))).toThrow(
      'The page nests its HTML elements more than 256 deep',
    );
    expect(() => measurePage('<br>'.repeat(50_001))).toThrow('more than 50,000 HTML tags');
    expect(() => measurePage('a'.repeat(2 * 1024 * 1024))).toThrow(
      'The page is too large to read: 2.0 MB, over the 1.0 MB',
    );
  });
});
