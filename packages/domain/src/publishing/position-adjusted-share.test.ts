import { describe, expect, it } from 'vitest';
import { analyzeAnswer } from '../analysis/analyze-answer';
import type { Span, TrackedEntity } from '../entities/types';
import { brandSentences, positionAdjustedShare } from './position-adjusted-share';

/** words · e^(−pos/|S|): the weight of one sentence. */
const w = (words: number, pos: number, sentences: number) => words * Math.exp(-pos / sentences);

const spanOf = (text: string, word: string): Span => {
  const i = text.indexOf(word);
  return [i, i + word.length];
};

describe('positionAdjustedShare', () => {
  const two = 'Acme is great. Globex is fine.';
  const three = 'Globex leads the market today. Initech is cheaper. Acme is also good.';
  const table: {
    name: string;
    text: string;
    spans: Span[];
    own?: number[];
    expected: number;
  }[] = [
    { name: 'no words at all', text: '', spans: [], expected: 0 },
    { name: 'brand absent', text: two, spans: [], expected: 0 },
    {
      name: 'brand in the first of two equal sentences',
      text: two,
      spans: [spanOf(two, 'Acme')],
      expected: w(3, 0, 2) / (w(3, 0, 2) + w(3, 1, 2)),
    },
    {
      name: 'the same sentence later counts less',
      text: 'Globex is fine. Acme is great.',
      spans: [spanOf('Globex is fine. Acme is great.', 'Acme')],
      expected: w(3, 1, 2) / (w(3, 0, 2) + w(3, 1, 2)),
    },
    {
      name: 'longer sentences weigh more',
      text: three,
      spans: [spanOf(three, 'Acme')],
      expected: w(4, 2, 3) / (w(5, 0, 3) + w(3, 1, 3) + w(4, 2, 3)),
    },
    {
      name: 'two spans in one sentence count it once',
      text: 'Acme beats Acme Pro. Globex is fine.',
      spans: [
        [0, 4],
        [11, 15],
      ],
      expected: w(4, 0, 2) / (w(4, 0, 2) + w(3, 1, 2)),
    },
    {
      name: 'a sentence citing an owned source by its marker counts',
      text: 'Globex is fine [1]. Initech is cheap [2].',
      spans: [],
      own: [2],
      expected: w(4, 1, 2) / (w(4, 0, 2) + w(4, 1, 2)),
    },
    {
      name: 'every sentence is the brand’s: share 1',
      text: 'Acme is great. Acme is fast.',
      spans: [
        [0, 4],
        [15, 19],
      ],
      expected: 1,
    },
  ];

  it.each(table)('$name', ({ text, spans, own, expected }) => {
    expect(
      positionAdjustedShare({ text, brandSpans: spans, ownCitationPositions: own }),
    ).toBeCloseTo(expected, 10);
  });

  it('reads the analyzer’s spans, URLs of owned domains included', () => {
    const acme: TrackedEntity = {
      id: 'b',
      kind: 'brand',
      name: 'Acme',
      aliases: [],
      domains: ['acme.com'],
    };
    const text =
      'The best CRM tools are Globex and Initech.\n\nMore at [acme.com](https://acme.com/crm).';
    const analysis = analyzeAnswer({ text, citations: [] }, [acme]);
    const spans = analysis.mentions.flatMap((m) => m.spans);
    const sentences = brandSentences({ text, brandSpans: spans });
    expect(sentences.map((s) => s.brand)).toEqual([false, true]);
    expect(positionAdjustedShare({ text, brandSpans: spans })).toBeGreaterThan(0);
    expect(positionAdjustedShare({ text, brandSpans: spans })).toBeLessThan(0.5);
  });

  it('is linear: a long answer is scored in one pass', () => {
    const sentence = 'Acme is a good tool for small teams. ';
    const text = sentence.repeat(20_000);
    const spans: Span[] = [];
    for (let i = 0; i < 20_000; i++) spans.push([i * sentence.length, i * sentence.length + 4]);
    expect(positionAdjustedShare({ text, brandSpans: spans })).toBeCloseTo(1, 10);
  });
});
