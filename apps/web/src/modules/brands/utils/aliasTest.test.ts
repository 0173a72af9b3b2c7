import type { TrackedEntity } from '@lumen/domain/entities/types';
import { describe, expect, it } from 'vitest';
import { testAliases } from './aliasTest';

const entities: TrackedEntity[] = [
  { id: 'b', kind: 'brand', name: 'Acme', aliases: ['Acme CRM'], domains: ['acme.com'] },
  { id: 'c1', kind: 'competitor', name: 'Globex', aliases: [], domains: [] },
  { id: 'c2', kind: 'competitor', name: 'Initech', aliases: [], domains: [] },
];

describe('testAliases', () => {
  it('highlights what the analyzer counts and ranks entities by first mention', () => {
    const text =
      'Top picks:\n1. **Globex** is popular.\n2. Acme CRM (see https://acme.com/pricing).\n3. Acmeology is not Acme.';
    const result = testAliases(entities, text);
    expect(result.rows).toEqual([
      { id: 'b', name: 'Acme', kind: 'brand', rank: 2, count: 3 },
      { id: 'c1', name: 'Globex', kind: 'competitor', rank: 1, count: 1 },
      { id: 'c2', name: 'Initech', kind: 'competitor', rank: null, count: 0 },
    ]);
    const marked = result.segments.filter((s) => s.entity !== null).map((s) => s.text);
    expect(marked).toEqual(['Globex', 'Acme CRM', 'https://acme.com/pricing', 'Acme']);
    expect(result.segments.map((s) => s.text).join('')).toBe(text);
  });
  it('returns the text as one plain segment when nothing matches', () => {
    expect(testAliases(entities, 'Nothing here.').segments).toEqual([
      { text: 'Nothing here.', entity: null, start: 0 },
    ]);
  });

  it('says why each occurrence of an everyday-word name did or did not count', () => {
    const words: TrackedEntity[] = [
      { ...entities[0]!, id: 'h', name: 'Harvest', aliases: [], commonWord: true },
      entities[1]!,
    ];
    const result = testAliases(
      words,
      'After the autumn harvest, teams compare Harvest and Globex.',
    );
    expect(result.decisions).toEqual([
      { entity: 0, text: 'harvest', start: 17, counted: false, why: 'part of an idiom' },
      {
        entity: 0,
        text: 'Harvest',
        start: 40,
        counted: true,
        why: 'capitalised where the word would not be',
      },
    ]);
    expect(result.rows[0]).toMatchObject({ rank: 1, count: 1 });
  });
});
