import { describe, expect, it } from 'vitest';
import type { SentimentLabel, TrackedEntity } from '../entities/types';
import { createAnalyzer } from './analyze-answer';

const ENTITIES: TrackedEntity[] = [
  { id: 'acme', kind: 'brand', name: 'Acme', aliases: [], domains: ['acme.com'] },
  { id: 'globex', kind: 'competitor', name: 'Globex', aliases: [], domains: [] },
];
const analyze = createAnalyzer(ENTITIES);

function labels(text: string): Record<string, SentimentLabel | null> {
  const out: Record<string, SentimentLabel | null> = {};
  for (const m of analyze({ text, citations: [] }).mentions) out[m.entityId] = m.sentimentLabel;
  return out;
}

type Case = [name: string, text: string, expected: Record<string, SentimentLabel | null>];

const CASES: Case[] = [
  // Read the verdict, not the words.
  [
    'en: litotes "never once let us down"',
    'In our tests Acme never once let us down.',
    { acme: 'positive' },
  ],
  ['en: "goes the extra mile"', 'Acme goes the extra mile for support.', { acme: 'positive' }],
  ['en: "misses the mark"', 'Acme misses the mark on reporting.', { acme: 'negative' }],
  ['en: "falls short"', 'Acme falls short on integrations.', { acme: 'negative' }],
  [
    'en: the question restated at the top is not an opinion',
    'Is Acme the best CRM for startups?\nAcme is a CRM for small teams.',
    { acme: 'neutral' },
  ],
  [
    'en: "I wouldn\'t choose it" outweighs feature praise',
    "Acme has great reports and a lovely interface. I wouldn't choose it, though.",
    { acme: 'negative' },
  ],
  [
    'en: the verdict in the same sentence after "but"',
    "Acme has great features, but I wouldn't choose it.",
    { acme: 'negative' },
  ],
  // Scope.
  [
    'en: contrast gives each brand its own clause',
    'Acme is great, but Globex is slow.',
    { acme: 'positive', globex: 'negative' },
  ],
  [
    'en: negation ends at the clause boundary',
    'Acme is not cheap, but the support is excellent.',
    { acme: 'positive' },
  ],
  // Domain words.
  [
    'en: "zero downtime" in hosting is praise',
    'For hosting, Acme offers zero downtime and the team is quick.',
    { acme: 'positive' },
  ],
  ['en: "no downtime" is praise', 'Acme had no downtime for the whole year.', { acme: 'positive' }],
  // Languages: litotes and negated negatives.
  [
    'de: "nie enttäuscht", "nicht schlecht"',
    'Acme nie enttäuscht und ist nicht schlecht.',
    { acme: 'positive' },
  ],
  ['de: contrast', 'Acme ist teuer, aber der Support ist sehr gut.', { acme: 'positive' }],
  [
    'fr: "ne déçoit jamais", "pas mauvais"',
    "Acme ne déçoit jamais et n'est pas mauvais.",
    { acme: 'positive' },
  ],
  [
    'fr: "n\'est pas bon"',
    "Acme n'est pas bon pour les grandes entreprises.",
    { acme: 'negative' },
  ],
  [
    'es: "nunca decepciona", "no es malo"',
    'Acme nunca decepciona y no es malo.',
    { acme: 'positive' },
  ],
  ['es: contrast', 'Acme es caro, pero el soporte es excelente.', { acme: 'positive' }],
  ['it: praise', 'Acme è la scelta migliore per i piccoli team.', { acme: 'positive' }],
  ['it: complaint', 'Acme è lento e il supporto è pessimo.', { acme: 'negative' }],
  ['it: "non è buono"', 'Il supporto di Acme non è buono.', { acme: 'negative' }],
  ['it: contrast', 'Acme è costoso, ma il supporto è eccellente.', { acme: 'positive' }],
  ['it: litotes "non delude mai"', 'Acme non delude mai e non è cattivo.', { acme: 'positive' }],
  ['pt: complaint', 'Acme é lento e o suporte é péssimo.', { acme: 'negative' }],
  ['pt: "não é bom"', 'O suporte da Acme não é bom.', { acme: 'negative' }],
  ['pt: contrast', 'Acme é caro, mas o suporte é excelente.', { acme: 'positive' }],
  ['pt: litotes', 'Acme nunca decepciona e não é ruim.', { acme: 'positive' }],
  ['nl: praise', 'Acme is een goede keuze voor kleine teams.', { acme: 'positive' }],
  ['nl: complaint', 'Acme is traag en de support van het team is slecht.', { acme: 'negative' }],
  ['nl: "niet goed"', 'De support van Acme is niet goed.', { acme: 'negative' }],
  [
    'nl: contrast',
    'Acme is duur, maar de support van het team is uitstekend.',
    { acme: 'positive' },
  ],
  ['nl: litotes', 'Acme stelt nooit teleur en is niet slecht.', { acme: 'positive' }],
  // A language without a lexicon says "not scored".
  ['sv: not scored', 'Acme är ett utmärkt verktyg och det är enkelt att använda.', { acme: null }],
];

describe('sentiment rules', () => {
  it.each(CASES)('%s', (_name, text, expected) => {
    expect(labels(text)).toEqual(expected);
  });
});
