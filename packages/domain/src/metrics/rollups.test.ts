import { describe, expect, it } from 'vitest';
import { createAnalyzer } from '../analysis/analyze-answer';
import type { TrackedEntity } from '../entities/types';
import { computeMetrics } from './compute-metrics';
import { ALL_ENGINES, ALL_PLACES, buildRollups, type RollupItem } from './rollups';
import { type MetricsTally, mergeTallies, metricsFromTally } from './tally';

const entities: TrackedEntity[] = [
  { id: 'acme', kind: 'brand', name: 'Acme', aliases: [], domains: ['acme.com'] },
  { id: 'hub', kind: 'competitor', name: 'HubSpot', aliases: [], domains: [] },
];
const analyze = createAnalyzer(entities);

function item(
  engine: string,
  keywordId: string | null,
  branded: boolean,
  text: string,
  place: { country: string | null; language: string } = { country: 'US', language: 'en' },
): RollupItem {
  return {
    engine,
    keywordId,
    branded,
    promptId: `${keywordId}-${branded}`,
    analysis: analyze({ text, citations: [] }),
    ...place,
  };
}

const items = [
  item('a', 'k1', false, 'Acme and HubSpot'),
  item('b', 'k1', false, 'HubSpot only'),
  item('a', 'k2', false, 'Acme'),
  item('a', 'k1', true, 'Is Acme good? Acme is fine.'),
];

describe('buildRollups', () => {
  const rows = buildRollups(items, 'acme');
  const find = (engine: string, keywordId: string | null, branded: boolean) =>
    rows.find(
      (r) =>
        r.engine === engine &&
        r.keywordId === keywordId &&
        r.branded === branded &&
        r.country === ALL_PLACES,
    );

  it('has one row per segment: branded apart, every and each engine, every and each keyword', () => {
    const keys = rows
      .filter((r) => r.country === ALL_PLACES)
      .map((r) => `${r.branded ? 'B' : 'N'}/${r.keywordId ?? '*'}/${r.engine}`);
    expect(keys).toEqual([
      'N/*/all',
      'N/*/a',
      'N/*/b',
      'N/k1/all',
      'N/k1/a',
      'N/k1/b',
      'N/k2/all',
      'N/k2/a',
      'B/*/all',
      'B/*/a',
      'B/k1/all',
      'B/k1/a',
    ]);
  });

  it('uses computeMetrics: the headline row is the quick check’s numbers', () => {
    const expected = computeMetrics(items, { brandId: 'acme' });
    expect(find(ALL_ENGINES, null, false)).toMatchObject({
      answers: 3,
      mentioned: 2,
      score: expected.score,
      shareOfVoice: expected.shareOfVoice,
    });
    expect(find('b', null, false)).toMatchObject({ answers: 1, mentioned: 0, avgRank: null });
    expect(find(ALL_ENGINES, null, true)).toMatchObject({ answers: 1, mentioned: 1 });
  });

  it('keeps the counts behind each row, so rows combine into the same metrics', () => {
    const perEngine = ['a', 'b'].map((e) => find(e, null, false)!.detail.tally as MetricsTally);
    const merged = metricsFromTally(mergeTallies(perEngine), 'acme');
    const headline = find(ALL_ENGINES, null, false)!;
    expect(merged.score).toBe(headline.score);
    expect(merged.answers).toBe(headline.answers);
    expect(headline.detail.tally).toEqual(mergeTallies(perEngine));
  });

  it('repeats every segment for each country × language pair; one place equals every place', () => {
    const place = rows.filter((r) => r.country !== ALL_PLACES);
    expect(place.every((r) => r.country === 'US' && r.language === 'en')).toBe(true);
    const strip = ({ country: _c, language: _l, ...r }: (typeof rows)[number]) => r;
    expect(place.map(strip)).toEqual(rows.filter((r) => r.country === ALL_PLACES).map(strip));
  });

  it('pairs are disjoint: a country’s rows add up to the headline', () => {
    const mixed = [
      item('a', 'k1', false, 'Acme and HubSpot', { country: 'DE', language: 'de' }),
      item('a', 'k1', false, 'HubSpot only', { country: 'DE', language: 'en' }),
      item('a', 'k1', false, 'Acme', { country: null, language: 'fr' }),
    ];
    const built = buildRollups(mixed, 'acme');
    const headline = (c: string, l: string) =>
      built.find(
        (r) =>
          r.engine === ALL_ENGINES &&
          r.keywordId === null &&
          !r.branded &&
          r.country === c &&
          r.language === l,
      );
    expect(headline('DE', 'de')).toMatchObject({ answers: 1, mentioned: 1 });
    expect(headline('DE', 'en')).toMatchObject({ answers: 1, mentioned: 0 });
    expect(headline('', 'fr')).toMatchObject({ answers: 1, mentioned: 1 });
    const merged = mergeTallies(
      [headline('DE', 'de'), headline('DE', 'en'), headline('', 'fr')].map(
        (r) => r!.detail.tally as MetricsTally,
      ),
    );
    expect(merged).toEqual(headline(ALL_PLACES, ALL_PLACES)!.detail.tally);
  });

  it('no answers, no rows', () => {
    expect(buildRollups([], 'acme')).toEqual([]);
  });
});
