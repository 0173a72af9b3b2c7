import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TrackedEntity } from '../entities/types';
import { analyzeAnswer, createAnalyzer } from './analyze-answer';
import { foldString } from './text-normalize';

const entities: TrackedEntity[] = [
  { id: 'acme', kind: 'brand', name: 'Acme', aliases: ['Acme CRM', 'AC'], domains: ['acme.com'] },
  { id: 'nestle', kind: 'competitor', name: 'Nestlé', aliases: [], domains: ['nestle.com'] },
  { id: 'cpp', kind: 'competitor', name: 'C++ Tools', aliases: ['AT&T'], domains: [] },
];
const analyze = createAnalyzer(entities);

// Pieces that make matches likely, mixed with arbitrary unicode.
const fragment = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constantFrom(
    'Acme',
    'ACME’s',
    'acme-based',
    'Acme CRM',
    '**Acme** CRM',
    'AC',
    'ac',
    'Nestlé',
    'NESTLE\u0301',
    'Ａｃｍｅ',
    'İ',
    'ﬁ',
    '😀',
    'acme.com',
    'https://blog.acme.com/x?utm_source=a',
    '[Acme](https://acme.com)',
    'C++ Tools',
    'AT&T',
    '\n1. ',
    '\n- **',
    '** ',
    ' | ',
    '. ',
    ' ',
  ),
);
const answerText = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(''));

describe('analyzeAnswer properties', () => {
  it('never throws on any unicode input, including lone surrogates', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        analyze({ text, citations: [{ url: text }] });
      }),
      { numRuns: 400 },
    );
  });

  it('never throws on arbitrary entities and citations', () => {
    const entity = fc.record({
      id: fc.string({ minLength: 1, maxLength: 5 }),
      kind: fc.constantFrom('brand' as const, 'competitor' as const),
      name: fc.string({ unit: 'grapheme', maxLength: 10 }),
      aliases: fc.array(fc.string({ unit: 'grapheme', maxLength: 8 }), { maxLength: 3 }),
      domains: fc.array(fc.string({ maxLength: 12 }), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(
        fc.array(entity, { maxLength: 4 }),
        answerText,
        fc.array(fc.webUrl(), { maxLength: 3 }),
        (es, text, urls) => {
          analyzeAnswer({ text, citations: urls.map((url) => ({ url })) }, es);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('offsets and spans lie inside the text and point at the matched words', () => {
    fc.assert(
      fc.property(answerText, (text) => {
        const result = analyze({ text, citations: [] });
        const ranks = new Set<number>();
        for (const m of result.mentions) {
          expect(m.count).toBe(m.spans.length);
          expect(m.firstOffset).toBe(m.spans[0]![0]);
          expect(m.rank).toBeGreaterThanOrEqual(1);
          expect(m.rank).toBeLessThanOrEqual(entities.length);
          ranks.add(m.rank);
          // null: the text read as a language that is not scored.
          expect(m.sentimentLabel === null).toBe(m.sentiment === null);
          if (m.sentiment !== null) {
            expect(m.sentiment).toBeGreaterThanOrEqual(-1);
            expect(m.sentiment).toBeLessThanOrEqual(1);
          }
          let previousEnd = -1;
          for (const [start, end] of m.spans) {
            expect(start).toBeGreaterThanOrEqual(0);
            expect(end).toBeLessThanOrEqual(text.length);
            expect(start).toBeLessThan(end);
            expect(start).toBeGreaterThanOrEqual(previousEnd);
            previousEnd = end;
            // The highlighted text, folded, contains a word of the entity (or is its URL).
            const words = foldString(text.slice(start, end));
            expect(words).toMatch(/acme|nestle|ac|c\+\+|at&t/);
          }
        }
        for (const d of result.discovered) {
          expect(text.slice(d.firstOffset, d.firstOffset + d.name.length)).toBe(d.name);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the same text with the brand inserted is found at that exact offset', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        (before, after) => {
          const text = `${before} Acme ${after}`;
          const offset = before.length + 1;
          const m = analyze({ text, citations: [] }).mentions.find((x) => x.entityId === 'acme');
          expect(m?.spans.some(([s, e]) => s <= offset && e >= offset + 4)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
