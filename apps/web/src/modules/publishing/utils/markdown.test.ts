import { HOSTILE_MARKDOWN, liveMarkupIn } from '@lumen/domain/publishing/hostile-markdown.fixture';
import { describe, expect, it } from 'vitest';
import { renderMarkdown, renderMarkdownWithMarks } from './markdown';

describe('renderMarkdown', () => {
  it('renders headings, lists, tables, quotes and links', () => {
    const html = renderMarkdown(
      '## Intro\n\n- one\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n> quoted\n\n[site](https://northwindcrm.com)',
    );
    expect(html).toContain('<h2>Intro</h2>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain(
      '<a href="https://northwindcrm.com" rel="noopener noreferrer" target="_blank">site</a>',
    );
  });

  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;'],
    ['<img src=x onerror=alert(1)>', '&lt;img'],
  ])('shows raw HTML %j as text', (md, shown) => {
    const html = renderMarkdown(md);
    expect(html).toContain(shown);
    expect(html).not.toMatch(/<script|<img/i);
  });

  // The same payloads the publishing path is tested with: the preview runs none of them.
  it.each(HOSTILE_MARKDOWN)('%s: nothing live in the preview', (_name, markdown) => {
    const html = renderMarkdown(markdown);
    // The preview's own markup: links open in a new tab, warnings are notes.
    const live = liveMarkupIn(html).filter((f) => !/^<span>$|^<small>$/.test(f));
    expect(live).toEqual([]);
  });

  it('shows a refused link as a visible warning with the reason, not as a plain word', () => {
    const html = renderMarkdown('[Read the pricing](javascript&#58;alert(1))');
    expect(html).toContain('role="note"');
    expect(html).toContain('⚠ Read the pricing');
    expect(html).toContain(
      'Link removed: javascript: links are not allowed; use http, https, mailto or a relative address. It will not be published.',
    );
    expect(html).toContain('data-refused-url="javascript&amp;#58;alert(1)"');
    expect(html).not.toContain('<a ');
  });

  it('names a refused image and does not load an allowed one', () => {
    expect(renderMarkdown('![pixel](data:image/gif;base64,R0)')).toContain(
      '⚠ pixel <small>(Image removed: data: images are not allowed',
    );
    const allowed = renderMarkdown('![Chart](https://tracker.example/pixel.gif)');
    expect(allowed).not.toContain('<img');
    expect(allowed).toContain('[Image: Chart — https://tracker.example/pixel.gif]');
  });
});

describe('renderMarkdownWithMarks', () => {
  const answer = 'The best CRMs:\n\n1. **Ferrowind CRM**: simple.\n2. Relaymark, for teams.';
  const at = (name: string) => {
    const start = answer.indexOf(name);
    return { start, end: start + name.length };
  };

  it('renders the answer as Markdown with the spans marked where they were', () => {
    const html = renderMarkdownWithMarks(answer, [at('Ferrowind CRM')], 'hl');
    expect(html).toContain('<ol>');
    expect(html).toContain('<strong><mark class="hl">Ferrowind CRM</mark></strong>');
    expect(html).not.toContain('**');
    expect(html).toContain('<li>Relaymark, for teams.</li>');
  });

  it('keeps the editor preview’s safety: raw HTML in an answer is text', () => {
    const text = 'Ferrowind <script>alert(1)</script> [x](javascript:alert(1))';
    const html = renderMarkdownWithMarks(text, [{ start: 0, end: 9 }], 'hl');
    expect(html).toContain('<mark class="hl">Ferrowind</mark>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toMatch(/<script|href="javascript/i);
  });

  it('ignores marker characters already in the text and spans out of range', () => {
    const html = renderMarkdownWithMarks('a\uE000b\uE001c', [{ start: 10, end: 20 }], 'hl');
    expect(html).toBe('<p>a b c</p>\n');
  });

  it('never puts a mark inside a link address', () => {
    const text = 'See https://ferrowind.com today';
    const start = text.indexOf('ferrowind');
    const html = renderMarkdownWithMarks(text, [{ start, end: start + 9 }], 'hl');
    expect(html).toContain('<mark class="hl">ferrowind</mark>');
    expect(html).not.toMatch(/="[^"]*(<mark|\uE000)/);
  });
});
