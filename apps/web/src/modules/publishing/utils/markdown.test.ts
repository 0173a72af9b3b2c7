import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

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
    ['[click](javascript:alert(1))', 'click'],
    ['![x](https://tracker.example/pixel.gif)', 'x'],
  ])('neutralises %j', (md, shown) => {
    const html = renderMarkdown(md);
    expect(html).toContain(shown);
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
  });
});
