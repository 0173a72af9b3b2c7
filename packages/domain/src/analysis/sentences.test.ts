import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { snippetAround } from './sentences';

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
