import { describe, expect, it } from 'vitest';
import { splitByHighlights } from './highlightSegments';

const render = (text: string, spans: { start: number; end: number }[]) =>
  splitByHighlights(text, spans)
    .map((s) => (s.highlighted ? `[${s.text}]` : s.text))
    .join('');

describe('splitByHighlights', () => {
  it.each([
    ['no spans', 'Acme is great', [], 'Acme is great'],
    ['one span at the start', 'Acme is great', [{ start: 0, end: 4 }], '[Acme] is great'],
    ['one span at the end', 'Try Acme', [{ start: 4, end: 8 }], 'Try [Acme]'],
    [
      'two spans, unsorted',
      'Acme beats Acme',
      [
        { start: 11, end: 15 },
        { start: 0, end: 4 },
      ],
      '[Acme] beats [Acme]',
    ],
    [
      'overlapping spans merge',
      'Acme CRM rocks',
      [
        { start: 0, end: 4 },
        { start: 2, end: 8 },
      ],
      '[Acme CRM] rocks',
    ],
    [
      'adjacent spans merge',
      'AcmeCRM',
      [
        { start: 0, end: 4 },
        { start: 4, end: 7 },
      ],
      '[AcmeCRM]',
    ],
    ['spans past the end are clamped', 'Acme', [{ start: 2, end: 99 }], 'Ac[me]'],
    [
      'negative and empty spans are dropped',
      'Acme',
      [
        { start: -3, end: 0 },
        { start: 2, end: 2 },
      ],
      'Acme',
    ],
    ['the whole text', 'Acme', [{ start: 0, end: 4 }], '[Acme]'],
  ])('%s', (_name, text, spans, expected) => {
    expect(render(text, spans)).toBe(expected);
  });

  it('keeps every character exactly once, in order', () => {
    const text = 'Les meilleurs CRM : Acmé, Zeta et Acmé.';
    const segments = splitByHighlights(text, [
      { start: 20, end: 24 },
      { start: 34, end: 38 },
    ]);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.highlighted).map((s) => s.text)).toEqual(['Acmé', 'Acmé']);
  });

  it('counts offsets in UTF-16 code units, like the server', () => {
    const text = '🚀 Acme launches';
    const start = text.indexOf('Acme');
    expect(start).toBe(3);
    expect(render(text, [{ start, end: start + 4 }])).toBe('🚀 [Acme] launches');
  });

  it('reports where each segment starts, for stable keys', () => {
    expect(splitByHighlights('a Acme b', [{ start: 2, end: 6 }]).map((s) => s.start)).toEqual([
      0, 2, 6,
    ]);
  });
});
