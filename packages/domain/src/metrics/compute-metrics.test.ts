import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnalyzedCitation, AnswerAnalysis, Mention } from '../entities/types';
import { computeMetrics, type MetricsItem } from './compute-metrics';

function mention(entityId: string, rank: number, sentiment = 0): Mention {
  return {
    entityId,
    rank,
    firstOffset: rank * 10,
    count: 1,
    sentiment,
    sentimentLabel: sentiment > 0.05 ? 'positive' : sentiment < -0.05 ? 'negative' : 'neutral',
    snippet: '',
    spans: [[rank * 10, rank * 10 + 4]],
  };
}

function cite(owner: AnalyzedCitation['owner'], entityId?: string): AnalyzedCitation {
  return {
    url: `https://${owner}.example/`,
    domain: `${owner}.example`,
    position: 1,
    owner,
    entityId,
  };
}

function item(
  engine: string,
  mentions: Mention[],
  citations: AnalyzedCitation[] = [],
  branded = false,
): MetricsItem {
  const analysis: AnswerAnalysis = { mentions, citations, discovered: [] };
  return { analysis, engine, promptId: 'p1', branded };
}

describe('computeMetrics', () => {
  // Four non-branded answers on two engines and one branded answer.
  const items = [
    item('chatgpt', [mention('acme', 1, 0.5), mention('globex', 2)], [cite('own', 'acme')]),
    item('chatgpt', [mention('globex', 1)], [cite('third_party')]),
    item('claude', [mention('globex', 1), mention('initech', 2), mention('acme', 3, -0.1)]),
    item('claude', [], [cite('competitor', 'globex')]),
    item('claude', [mention('acme', 1, 1)], [cite('own', 'acme')], true),
  ];
  const m = computeMetrics(items, { brandId: 'acme' });

  it('counts non-branded answers only by default', () => {
    expect(m.answers).toBe(4);
    expect(computeMetrics(items, { brandId: 'acme', includeBranded: true }).answers).toBe(5);
  });

  it('mention rate with a Wilson interval', () => {
    expect(m.mentionRate.value).toBe(0.5);
    expect(m.mentionRate.low).toBeCloseTo(0.15004, 4);
    expect(m.mentionRate.high).toBeCloseTo(0.84996, 4);
  });

  it('position-weighted mention rate: mean of 1/rank, 0 when absent', () => {
    expect(m.positionWeighted).toBeCloseTo((1 + 1 / 3) / 4, 10);
  });

  it('share of voice: brand answers over all tracked entities answers', () => {
    // acme 2, globex 3, initech 1
    expect(m.shareOfVoice).toBeCloseTo(2 / 6, 10);
  });

  it('citation rate: answers citing an owned domain over answers with citations', () => {
    expect(m.citationRate).toBeCloseTo(1 / 3, 10);
  });

  it('average rank and sentiment over mentioning answers', () => {
    expect(m.averageRank).toBe(2);
    expect(m.sentiment).toBeCloseTo(50 + 50 * 0.2, 10);
  });

  it('score from the formula', () => {
    const expected = Math.round(
      100 * (0.4 * 0.5 + 0.3 * ((1 + 1 / 3) / 4) + 0.15 * (1 / 3) + 0.15 * (2 / 6)),
    );
    expect(m.score).toBe(expected);
  });

  it('per engine', () => {
    expect(Object.keys(m.byEngine)).toEqual(['chatgpt', 'claude']);
    expect(m.byEngine.chatgpt).toMatchObject({ answers: 2, averageRank: 1, citationRate: 0.5 });
    expect(m.byEngine.chatgpt?.mentionRate.value).toBe(0.5);
    expect(m.byEngine.claude).toMatchObject({ answers: 2, averageRank: 3, citationRate: 0 });
    expect(m.byEngine.claude?.shareOfVoice).toBeCloseTo(1 / 3, 10);
  });

  it('empty set: zeros, nulls and an uninformative interval', () => {
    expect(computeMetrics([], { brandId: 'acme' })).toEqual({
      answers: 0,
      mentionRate: { value: 0, low: 0, high: 1 },
      positionWeighted: 0,
      shareOfVoice: 0,
      citationRate: 0,
      averageRank: null,
      sentiment: null,
      score: 0,
      byEngine: {},
    });
  });

  it('rates stay in [0, 1] and the score in [0, 100] for any analyses', () => {
    const arbMention = fc.record({
      entityId: fc.constantFrom('acme', 'globex', 'initech'),
      rank: fc.integer({ min: 1, max: 3 }),
      sentiment: fc.double({ min: -1, max: 1, noNaN: true }),
    });
    const arbItem = fc.record({
      engine: fc.constantFrom('a', 'b', 'c'),
      branded: fc.boolean(),
      mentions: fc.uniqueArray(arbMention, { selector: (x) => x.entityId, maxLength: 3 }),
      citations: fc.array(
        fc.constantFrom('own' as const, 'competitor' as const, 'third_party' as const),
        {
          maxLength: 3,
        },
      ),
    });
    fc.assert(
      fc.property(fc.array(arbItem, { maxLength: 30 }), fc.boolean(), (raw, includeBranded) => {
        const list = raw.map((r) =>
          item(
            r.engine,
            r.mentions.map((x) => mention(x.entityId, x.rank, x.sentiment)),
            r.citations.map((o) => cite(o, o === 'own' ? 'acme' : undefined)),
            r.branded,
          ),
        );
        const result = computeMetrics(list, { brandId: 'acme', includeBranded });
        for (const x of [result, ...Object.values(result.byEngine)]) {
          for (const rate of [
            x.mentionRate.value,
            x.mentionRate.low,
            x.mentionRate.high,
            x.positionWeighted,
            x.shareOfVoice,
            x.citationRate,
          ]) {
            expect(rate).toBeGreaterThanOrEqual(0);
            expect(rate).toBeLessThanOrEqual(1);
          }
          expect(x.mentionRate.low).toBeLessThanOrEqual(x.mentionRate.value + 1e-12);
          expect(x.mentionRate.high).toBeGreaterThanOrEqual(x.mentionRate.value - 1e-12);
          expect(x.score).toBeGreaterThanOrEqual(0);
          expect(x.score).toBeLessThanOrEqual(100);
          if (x.sentiment !== null) {
            expect(x.sentiment).toBeGreaterThanOrEqual(0);
            expect(x.sentiment).toBeLessThanOrEqual(100);
          }
        }
      }),
    );
  });
});
