import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messySpace, snippetAround } from './sentences';

describe('snippetAround', () => {
  // The straightforward form: collapse whitespace only in sentences with a run of spaces or a
  // tab, break or NBSP, then trim. The snippet code trims first to skip most rewrites.
  it('collapses whitespace like the straightforward regex form', () => {
    const messy = /\s\s|[\t\n\r\f\v\u00a0]/;
    const reference = (s: string) => (messy.test(s) ? s.replace(/\s+/g, ' ') : s).trim();
    const spacey = fc
      .array(
        fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\u3000', '\ufeff', '\u200b'),
        { maxLength: 3 },
      )
      .map((a) => a.join(''));
    const sentence = fc
      .array(fc.oneof(spacey, fc.constantFrom('Acme', 'is', 'great', '.', '**')), { maxLength: 16 })
      .map((a) => a.join(''));
    fc.assert(
      fc.property(sentence, (s) => {
        expect(snippetAround(s, [0], 0)).toBe(reference(s));
      }),
      { numRuns: 3000 },
    );
  });
});

// snippetAround's whitespace test as the RegExp it replaces (docs/analysis.md, "Speed").
const MESSY_SPACE = /\s\s|[\t\n\r\f\v\u00a0]/;

describe('messySpace', () => {
  it('agrees with the RegExp on every kind of space', () => {
    const piece = fc.constantFrom(
      ...' \t\n\r\f\v\u00a0\u1680\u2000\u200a\u200b\u2028\u2029\u202f\u205f\u3000\ufeff\u0085a.'.split(
        '',
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const s = pieces.join('');
        expect(messySpace(s)).toBe(MESSY_SPACE.test(s));
      }),
      { numRuns: 3000 },
    );
    const differ: number[] = [];
    for (let c = 0; c < 0x10000; c++) {
      const one = String.fromCharCode(c);
      if (messySpace(one) !== MESSY_SPACE.test(one)) differ.push(c);
      if (messySpace(` ${one}`) !== MESSY_SPACE.test(` ${one}`)) differ.push(c);
    }
    expect(differ).toEqual([]);
  });
});
