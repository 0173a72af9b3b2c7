import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnalyzedCitation, AnswerAnalysis, Mention } from '../entities/types';
import { computeMetrics } from './compute-metrics';
import { mergeTallies, metricsFromTally, tallyAnswers } from './tally';

function mention(entityId: string, rank: number, sentiment: number | null = 0): Mention {
  return {
    entityId,
    rank,
    firstOffset: rank * 10,
    count: 1,
    sentiment,
    sentimentLabel: sentiment === null ? null : 'neutral',
    snippet: '',
    spans: [],
  };
}
function cite(domain: string, owner: AnalyzedCitation['owner'], entityId?: string) {
  return { url: `https://${domain}/x`, domain, position: 1, owner, entityId };
}
const answer = (
  mentions: Mention[],
  citations: AnalyzedCitation[] = [],
  discovered: string[] = [],
): AnswerAnalysis => ({
  mentions,
  citations,
  discovered: discovered.map((name, i) => ({ name, firstOffset: i })),
});

// Day 1: 1 answer of 1 mentions acme (rank 1), cited own. Day 2: 1 of 3 mentions acme (rank 3).
const day1 = [answer([mention('acme', 1, 0.5)], [cite('acme.com', 'own', 'acme')])];
const day2 = [
  answer([mention('globex', 1), mention('acme', 3, null)], [cite('news.io', 'third_party')]),
  answer([mention('globex', 1)], [cite('globex.com', 'competitor', 'globex')], ['Zeta']),
  answer([], [cite('news.io', 'third_party'), cite('news.io', 'third_party')], ['Zeta', 'Zeta']),
];

describe('tallies', () => {
  it('counts what the metrics need', () => {
    const t = tallyAnswers(day2);
    expect(t).toEqual({
      answers: 3,
      withCitations: 3,
      citations: 4,
      entityAnswers: 3,
      entities: {
        globex: {
          mentioned: 2,
          positionSum: 2,
          rankSum: 2,
          sentimentSum: 0,
          sentimentCount: 2,
          citing: 1,
        },
        acme: {
          mentioned: 1,
          positionSum: 1 / 3,
          rankSum: 3,
          sentimentSum: 0,
          sentimentCount: 0,
          citing: 0,
        },
      },
      sources: {
        'news.io': { owner: 'third_party', entityId: null, citations: 3, answers: 2 },
        'globex.com': { owner: 'competitor', entityId: 'globex', citations: 1, answers: 1 },
      },
      discovered: { Zeta: 2 },
    });
  });

  it('counts are summed, then turned into rates (never averaged rates)', () => {
    const m = metricsFromTally(mergeTallies([tallyAnswers(day1), tallyAnswers(day2)]), 'acme');
    // 2 of 4 answers mention acme; the mean of the two days' rates (1 and 1/3) would say 2/3.
    expect(m.mentionRate.value).toBe(0.5);
    expect(m.positionWeighted).toBeCloseTo((1 + 1 / 3) / 4, 12);
    // acme in 2 answers, globex in 2: SoV 2/4.
    expect(m.shareOfVoice).toBe(0.5);
    // 1 of 4 answers with citations cites acme.com; day 1 alone says 1, day 2 alone says 0.
    expect(m.citationRate).toBe(0.25);
    expect(m.averageRank).toBe(2);
    // Only the scored mention counts: 50 + 50 × 0.5.
    expect(m.sentiment).toBe(75);
  });

  it('a competitor gets its own numbers from the same tally', () => {
    const m = metricsFromTally(mergeTallies([tallyAnswers(day1), tallyAnswers(day2)]), 'globex');
    expect(m).toMatchObject({ answers: 4, shareOfVoice: 0.5, averageRank: 1, citationRate: 0.25 });
    expect(m.mentionRate.value).toBe(0.5);
  });

  it('an unknown entity or an empty tally gives zeros and the whole interval', () => {
    expect(metricsFromTally(mergeTallies([]), 'acme')).toEqual({
      answers: 0,
      mentionRate: { value: 0, low: 0, high: 1 },
      positionWeighted: 0,
      shareOfVoice: 0,
      citationRate: 0,
      averageRank: null,
      sentiment: null,
      score: 0,
    });
  });

  it('merging the tallies of any split equals the tally of the whole, and computeMetrics', () => {
    const arbMention = fc.record({
      entityId: fc.constantFrom('acme', 'globex', 'initech'),
      rank: fc.integer({ min: 1, max: 3 }),
      sentiment: fc.option(fc.integer({ min: -4, max: 4 }).map((x) => x / 4)),
    });
    const arbAnswer = fc.record({
      mentions: fc.uniqueArray(arbMention, { selector: (x) => x.entityId, maxLength: 3 }),
      cites: fc.array(fc.constantFrom('acme.com', 'globex.com', 'news.io'), { maxLength: 3 }),
      cut: fc.boolean(),
    });
    const owners: Record<string, [AnalyzedCitation['owner'], string | undefined]> = {
      'acme.com': ['own', 'acme'],
      'globex.com': ['competitor', 'globex'],
      'news.io': ['third_party', undefined],
    };
    fc.assert(
      fc.property(fc.array(arbAnswer, { maxLength: 25 }), (raw) => {
        const all = raw.map((r) =>
          answer(
            r.mentions.map((x) => mention(x.entityId, x.rank, x.sentiment)),
            r.cites.map((d) => cite(d, ...owners[d]!)),
          ),
        );
        const a = all.filter((_, i) => raw[i]!.cut);
        const b = all.filter((_, i) => !raw[i]!.cut);
        const merged = mergeTallies([tallyAnswers(a), tallyAnswers(b)]);
        const whole = tallyAnswers(all);
        for (const id of ['acme', 'globex', 'initech']) {
          const x = metricsFromTally(merged, id);
          const y = metricsFromTally(whole, id);
          expect(x.answers).toBe(y.answers);
          expect(x.score).toBe(y.score);
          expect(x.mentionRate.value).toBeCloseTo(y.mentionRate.value, 12);
          expect(x.shareOfVoice).toBeCloseTo(y.shareOfVoice, 12);
          expect(x.citationRate).toBeCloseTo(y.citationRate, 12);
          expect(x.positionWeighted).toBeCloseTo(y.positionWeighted, 12);
        }
        const items = all.map((analysis) => ({
          analysis,
          engine: 'e',
          promptId: 'p',
          branded: false,
        }));
        expect(computeMetrics(items, { brandId: 'acme' }).score).toBe(
          metricsFromTally(merged, 'acme').score,
        );
      }),
    );
  });
});

describe('tally keys from answers', () => {
  it('a name like "constructor" or "__proto__" is a plain key', () => {
    const t = tallyAnswers([
      answer([], [cite('constructor', 'third_party')], ['constructor', '__proto__']),
    ]);
    const round = mergeTallies([JSON.parse(JSON.stringify(t)), t]);
    expect(round.discovered).toEqual(JSON.parse('{"constructor": 2, "__proto__": 2}'));
    expect(round.sources.constructor).toEqual({
      owner: 'third_party',
      entityId: null,
      citations: 2,
      answers: 2,
    });
    expect(Object.getPrototypeOf(round.discovered)).toBe(Object.prototype);
  });
});
