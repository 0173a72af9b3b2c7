import { describe, expect, it } from 'vitest';
import type { TrackedEntity } from '../entities/types';
import { analysisRows } from './analysis-rows';
import { createAnalyzer } from './analyze-answer';

const acme: TrackedEntity = {
  id: 'acme',
  kind: 'brand',
  name: 'Acme',
  aliases: [],
  domains: ['acme.com'],
};
const gridwork: TrackedEntity = {
  id: 'gridwork',
  kind: 'competitor',
  name: 'Gridwork',
  aliases: [],
  domains: ['gridwork.io'],
};

const answer = {
  text: '1. **Acme**: simple and fast.\n2. **Gridwork**: great reports.\n3. **Plainplan**: cheap.\nSee https://gridwork.io/pricing and https://g2.com/x.',
  citations: [
    { url: 'https://acme.com/docs', title: 'Acme docs' },
    { url: 'https://acme.com/docs', title: 'A second title' },
  ],
};

function rowsFor(entities: TrackedEntity[]) {
  const analysis = createAnalyzer(entities, { languageHint: 'en' })(answer);
  return analysisRows('answer-1', analysis, entities, answer.citations);
}

describe('analysisRows', () => {
  it.each([
    {
      tracked: [acme],
      named: [
        ['brand', 'acme', 'Acme', 1],
        ['discovered', null, 'Gridwork', null],
        ['discovered', null, 'Plainplan', null],
      ],
      owners: ['own', 'third_party', 'third_party'],
    },
    {
      tracked: [acme, gridwork],
      named: [
        ['brand', 'acme', 'Acme', 1],
        ['competitor', 'gridwork', 'Gridwork', 2],
        ['discovered', null, 'Plainplan', null],
      ],
      owners: ['own', 'competitor', 'third_party'],
    },
  ])(
    'shapes one row per mention, discovered name and citation ($tracked.length tracked)',
    ({ tracked, named, owners }) => {
      const rows = rowsFor(tracked);
      expect(rows.mentions.map((m) => [m.entity, m.entityId, m.name, m.rank])).toEqual(named);
      expect(rows.mentions.every((m) => m.answerId === 'answer-1')).toBe(true);
      expect(rows.citations.map((c) => c.owner)).toEqual(owners);
      expect(rows.citations.map((c) => c.position)).toEqual([1, 2, 3]);
    },
  );

  it('keeps the first listed title of a URL and null for links written in the text', () => {
    const rows = rowsFor([acme, gridwork]);
    expect(rows.citations.map((c) => c.title)).toEqual(['Acme docs', null, null]);
    expect(rows.citations[1]).toMatchObject({ domain: 'gridwork.io', entityId: 'gridwork' });
  });

  it('gives discovered names no entity, rank, sentiment or spans', () => {
    const discovered = rowsFor([acme]).mentions.filter((m) => m.entity === 'discovered');
    for (const d of discovered) {
      expect(d).toMatchObject({ entityId: null, rank: null, count: 1, sentiment: null, spans: [] });
    }
  });
});
