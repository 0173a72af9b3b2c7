import { describe, expect, it } from 'vitest';
import { splitByHighlights } from './highlightSegments';
import { plainExcerpt } from './plainExcerpt';

/** Marks spans as [..] after cleaning, to read a case at a glance. */
function render(text: string, mentions: string[] = []) {
  const spans = mentions.map((m) => {
    const start = text.indexOf(m);
    if (start < 0) throw new Error(`${m} not in text`);
    return { start, end: start + m.length };
  });
  const clean = plainExcerpt(text, spans);
  return splitByHighlights(clean.text, clean.spans)
    .map((s) => (s.highlighted ? `[${s.text}]` : s.text))
    .join('');
}

describe('plainExcerpt', () => {
  it.each([
    ['plain text is untouched', 'Acme is good.', ['Acme'], '[Acme] is good.'],
    ['bold markers go, the span follows', '1. **Acme**: best', ['Acme'], '1. [Acme]: best'],
    [
      'a mention after several markers',
      '**Zeta** and **Acme** win',
      ['Acme'],
      'Zeta and [Acme] win',
    ],
    ['heading hashes go', '## Best CRMs\nAcme leads', ['Acme'], 'Best CRMs\n[Acme] leads'],
    [
      'link syntax goes, the label stays',
      'See [CRM Compared](https://crmcompared.com/best) on Acme',
      ['Acme'],
      'See CRM Compared on [Acme]',
    ],
    [
      'a highlighted label inside a link',
      'Try [Acme](https://x.com/acme-review) today',
      ['Acme'],
      'Try [Acme] today',
    ],
    [
      'a link whose target is the mention stays whole',
      'Source: [home](https://acme.com)',
      ['https://acme.com'],
      'Source: [home]([https://acme.com])',
    ],
    [
      'a truncated link is left as is',
      'Sources: [Acme or Zeta? A head…',
      ['Acme'],
      'Sources: [[Acme] or Zeta? A head…',
    ],
    ['no spans', '**bold** text', [], 'bold text'],
  ])('%s', (_name, text, mentions, expected) => {
    expect(render(text, mentions)).toBe(expected);
  });

  it('moves every span by exactly the characters removed before it', () => {
    const text = '**A** **Acme** x **Acme**';
    const first = text.indexOf('Acme');
    const second = text.lastIndexOf('Acme');
    const clean = plainExcerpt(text, [
      { start: first, end: first + 4 },
      { start: second, end: second + 4 },
    ]);
    expect(clean.text).toBe('A Acme x Acme');
    expect(clean.spans).toEqual([
      { start: 2, end: 6 },
      { start: 9, end: 13 },
    ]);
  });

  it('drops a span that only covered removed syntax and clamps wild offsets', () => {
    expect(plainExcerpt('**x**', [{ start: 0, end: 2 }]).spans).toEqual([]);
    expect(plainExcerpt('Acme', [{ start: -5, end: 99 }]).spans).toEqual([{ start: 0, end: 4 }]);
  });
});
