import { describe, expect, it } from 'vitest';
import { excerptAround } from './excerpt';

describe('excerptAround', () => {
  it('keeps a short answer whole with its spans', () => {
    expect(excerptAround('Try Orbit or Zenith.', [{ start: 4, end: 9 }])).toEqual({
      text: 'Try Orbit or Zenith.',
      spans: [{ start: 4, end: 9 }],
    });
  });

  it('cuts a long answer at words around the first span and moves the spans', () => {
    const text = `${'filler word '.repeat(20)}Orbit is great. ${'dolor sit '.repeat(20)}`;
    const at = text.indexOf('Orbit');
    const out = excerptAround(text, [{ start: at, end: at + 5 }], 30);
    expect(out.text.startsWith('…')).toBe(true);
    expect(out.text.endsWith('…')).toBe(true);
    const span = out.spans[0];
    expect(span && out.text.slice(span.start, span.end)).toBe('Orbit');
  });

  it('without spans gives the start of the answer', () => {
    expect(excerptAround('abc', [])).toEqual({ text: 'abc', spans: [] });
  });
});
