import { describe, expect, it } from 'vitest';
import { type Case, labels } from './sentiment-round3.fixtures';

// Comparisons give each brand its own side (docs/analysis.md, "Comparisons give each brand its
// own side"): the subject gets the clause, the brand after "than" its reverse, and a brand in
// both clauses of a contrast is read mostly by the clause after it.
const COMPARISONS: Case[] = [
  [
    'en',
    'Acme costs less than Globex, though Globex does far more out of the box.',
    { acme: 'positive', globex: 'positive' },
  ],
  ['en', 'Acme is cheaper than Globex.', { acme: 'positive', globex: 'negative' }],
  ['en', 'Acme is better than Globex for small teams.', { acme: 'positive', globex: 'negative' }],
  ['en', 'Acme is more expensive than Globex.', { acme: 'negative', globex: 'positive' }],
  ['en', 'Acme offers fewer integrations than Globex.', { acme: 'negative', globex: 'positive' }],
  [
    'en',
    'Globex is slower than Acme, but Acme costs more.',
    { globex: 'negative', acme: 'negative' },
  ],
  // Quantities are not comparisons.
  ['en', 'Acme has more than 100 integrations.', { acme: 'neutral' }],
  ['en', 'Learn more about Acme in its docs.', { acme: 'neutral' }],
  [
    'de',
    'Acme kostet weniger als Globex, aber Globex kann viel mehr.',
    { acme: 'positive', globex: 'positive' },
  ],
  ['de', 'Acme ist besser als Globex.', { acme: 'positive', globex: 'negative' }],
  ['de', 'Acme ist teurer als Globex.', { acme: 'negative', globex: 'positive' }],
  [
    'fr',
    'Acme coûte moins cher que Globex, mais Globex en fait beaucoup plus.',
    { acme: 'positive', globex: 'positive' },
  ],
  ['fr', 'Acme est meilleur que Globex.', { acme: 'positive', globex: 'negative' }],
  [
    'es',
    'Acme cuesta menos que Globex, aunque Globex hace mucho más.',
    { acme: 'positive', globex: 'positive' },
  ],
  ['es', 'Acme es mejor que Globex.', { acme: 'positive', globex: 'negative' }],
  [
    'it',
    'Acme costa meno di Globex, ma Globex fa molto di più.',
    { acme: 'positive', globex: 'positive' },
  ],
  ['it', 'Acme è migliore di Globex.', { acme: 'positive', globex: 'negative' }],
  [
    'pt',
    'Acme custa menos que o Globex, mas o Globex faz muito mais.',
    { acme: 'positive', globex: 'positive' },
  ],
  ['pt', 'Acme é melhor que o Globex.', { acme: 'positive', globex: 'negative' }],
  [
    'nl',
    'Acme kost minder dan Globex, maar Globex kan veel meer.',
    { acme: 'positive', globex: 'positive' },
  ],
  ['nl', 'Acme is beter dan Globex voor kleine teams.', { acme: 'positive', globex: 'negative' }],
  ['nl', 'Acme is duurder dan Globex voor kleine teams.', { acme: 'negative', globex: 'positive' }],
  ['fr', 'Acme est plus cher que Globex.', { acme: 'negative', globex: 'positive' }],
  ['es', 'Acme es más caro que Globex.', { acme: 'negative', globex: 'positive' }],
  ['es', 'Acme es más barato que Globex.', { acme: 'positive', globex: 'negative' }],
  ['es', 'Acme ofrece menos integraciones que Globex.', { acme: 'negative', globex: 'positive' }],
  ['fr', "Acme propose moins d'intégrations que Globex.", { acme: 'negative', globex: 'positive' }],
  ['it', 'Acme è meno costoso di Globex.', { acme: 'positive', globex: 'negative' }],
  [
    'de',
    'Acme bietet weniger Integrationen als Globex für kleine Teams.',
    { acme: 'negative', globex: 'positive' },
  ],
  [
    'nl',
    'Acme biedt minder integraties dan Globex voor kleine teams.',
    { acme: 'negative', globex: 'positive' },
  ],
  ['pt', 'Acme é mais caro que o Globex.', { acme: 'negative', globex: 'positive' }],
  ['en', 'Acme is far more reliable than Globex.', { acme: 'positive', globex: 'negative' }],
  [
    'en',
    'Acme has more than 100 integrations and Globex has 50.',
    { acme: 'neutral', globex: 'neutral' },
  ],
  // A superlative and "of the" are no comparison against the brand after them.
  [
    'it',
    'Il più grande vantaggio di Globex è il prezzo; Acme è un CRM per il team.',
    { globex: 'positive', acme: 'neutral' },
  ],
  [
    'pt',
    'O melhor plano do Globex é o Pro; o Acme é um CRM para equipes.',
    { globex: 'positive', acme: 'neutral' },
  ],
  ['pt', 'Acme é melhor do que o Globex.', { acme: 'positive', globex: 'negative' }],
  // "cheaper" praises in a comparison only: "the cheaper plans" names plans.
  ['en', "Acme's reporting is limited on the cheaper plans.", { acme: 'negative' }],
];

describe('comparisons give each brand its own side, in seven languages', () => {
  it.each(COMPARISONS)('%s: %s', (lang, text, expected) => {
    expect(labels(lang, text)).toEqual(expected);
  });
});
