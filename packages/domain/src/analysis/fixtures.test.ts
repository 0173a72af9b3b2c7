import { describe, expect, it } from 'vitest';
import { createAnalyzer } from './analyze-answer';
import type { AnalysisFixture } from './fixtures/fixture-types';
import { HOST_FIXTURES } from './fixtures/hosts.fixtures';
import { OVERLAP_FIXTURES } from './fixtures/overlap.fixtures';
import { SENTENCE_FIXTURES } from './fixtures/sentences.fixtures';
import {
  LANGUAGE_FIXTURES,
  NAME_FIXTURES,
  NEGATION_FIXTURES,
  SHORT_ANSWER_FIXTURES,
  WEIGHTING_FIXTURES,
} from './fixtures/sentiment.fixtures';
import { splitSentences } from './sentences';

/**
 * Hand-written answers labelled by the rules in docs/analysis.md. Each fixture states every
 * mention (entity, rank, span texts, first offset, sentiment label) and every citation owner.
 */
const ANALYSIS_SETS: [string, AnalysisFixture[]][] = [
  ['internationalised hosts', HOST_FIXTURES],
  ['overlapping aliases', OVERLAP_FIXTURES],
  ['scoped negation and contrast', NEGATION_FIXTURES],
  ['names, titles and URLs carry no sentiment', NAME_FIXTURES],
  ['per-entity sentence weighting', WEIGHTING_FIXTURES],
  ['languages', LANGUAGE_FIXTURES],
  ['short answers: language from the words, else the hint, else not scored', SHORT_ANSWER_FIXTURES],
];

describe.each(ANALYSIS_SETS)('fixtures: %s', (_set, fixtures) => {
  it.each(fixtures.map((f) => [f.name, f] as const))('%s', (_name, fixture) => {
    const result = createAnalyzer(fixture.entities, { languageHint: fixture.languageHint })({
      text: fixture.text,
      citations: fixture.citations ?? [],
    });
    const actual = result.mentions.map((m) => {
      const expected = fixture.mentions.find((e) => e.entity === m.entityId);
      return {
        entity: m.entityId,
        ...(expected?.rank !== undefined && { rank: m.rank }),
        ...(expected?.spans && { spans: m.spans.map(([s, e]) => fixture.text.slice(s, e)) }),
        ...(expected?.firstOffset !== undefined && { firstOffset: m.firstOffset }),
        ...(expected?.sentiment !== undefined && { sentiment: m.sentimentLabel }),
      };
    });
    expect(actual).toEqual(fixture.mentions);
    if (fixture.expectedCitations) {
      expect(
        result.citations.map((c) => ({
          domain: c.domain,
          owner: c.owner,
          ...(c.entityId && { entity: c.entityId }),
        })),
      ).toEqual(fixture.expectedCitations);
    }
  });
});

describe('fixtures: sentences', () => {
  it.each(SENTENCE_FIXTURES.map((f) => [f.name, f] as const))('%s', (_name, fixture) => {
    expect(splitSentences(fixture.text)).toEqual(fixture.sentences);
  });
});
