import { describe, expect, it } from 'vitest';
import { type Case, labels } from './sentiment-round3.fixtures';

// A question restated at the top of the answer is not its opinion (docs/analysis.md).
const RESTATED: Case[] = [
  ['en', 'Is Acme the best CRM for startups?\nAcme is a CRM for small teams.', { acme: 'neutral' }],
  ['en', '## Is Acme the best CRM for startups?\n\nAcme is a CRM.', { acme: 'neutral' }],
  [
    'en',
    'Great question! Is Acme the best CRM for startups?\nAcme is a CRM for small teams.',
    { acme: 'neutral' },
  ],
  [
    'en',
    'You asked whether Acme is the best CRM for startups. Acme is a CRM for small teams.',
    { acme: 'neutral' },
  ],
  [
    'en',
    "You're asking if Acme is excellent value. Acme is a CRM for small teams.",
    { acme: 'neutral' },
  ],
  ['en', 'Good question. Acme is excellent.', { acme: 'positive' }],
  [
    'de',
    'Gute Frage! Ist Acme das beste CRM für Startups?\nAcme ist ein CRM für kleine Teams.',
    { acme: 'neutral' },
  ],
  [
    'de',
    'Du fragst, ob Acme das beste CRM für Startups ist. Acme ist ein CRM für kleine Teams.',
    { acme: 'neutral' },
  ],
  [
    'fr',
    'Bonne question ! Acme est-il le meilleur CRM pour les startups ?\nAcme est un CRM pour les équipes.',
    { acme: 'neutral' },
  ],
  [
    'fr',
    'Vous demandez si Acme est le meilleur CRM pour les startups. Acme est un CRM pour les équipes.',
    { acme: 'neutral' },
  ],
  [
    'es',
    '¡Buena pregunta! ¿Es Acme el mejor CRM para startups?\nAcme es un CRM para equipos.',
    { acme: 'neutral' },
  ],
  [
    'es',
    'Preguntas si Acme es el mejor CRM para startups. Acme es un CRM para equipos.',
    { acme: 'neutral' },
  ],
  [
    'it',
    'Ottima domanda! Acme è il miglior CRM per le startup?\nAcme è un CRM per i team.',
    { acme: 'neutral' },
  ],
  [
    'it',
    'Mi chiedi se Acme è il miglior CRM per le startup. Acme è un CRM per i team.',
    { acme: 'neutral' },
  ],
  [
    'pt',
    'Boa pergunta! O Acme é o melhor CRM para startups?\nO Acme é um CRM para equipes.',
    { acme: 'neutral' },
  ],
  [
    'pt',
    'Você pergunta se o Acme é o melhor CRM para startups. O Acme é um CRM para equipes.',
    { acme: 'neutral' },
  ],
  [
    'nl',
    'Goede vraag! Is Acme het beste CRM voor startups?\nAcme is een CRM voor teams.',
    { acme: 'neutral' },
  ],
  [
    'nl',
    'Je vraagt of Acme het beste CRM voor startups is. Acme is een CRM voor teams.',
    { acme: 'neutral' },
  ],
  ['de', 'Ist Acme das beste CRM?\nAcme ist ein CRM für Teams.', { acme: 'neutral' }],
  ['fr', 'Acme est-il le meilleur CRM ?\nAcme est un CRM pour les équipes.', { acme: 'neutral' }],
  ['es', '¿Es Acme el mejor CRM?\nAcme es un CRM para equipos.', { acme: 'neutral' }],
  ['it', 'Acme è il miglior CRM?\nAcme è un CRM per i team.', { acme: 'neutral' }],
  ['pt', 'O Acme é o melhor CRM?\nO Acme é um CRM para equipes.', { acme: 'neutral' }],
  ['nl', 'Is Acme het beste CRM?\nAcme is een CRM voor teams.', { acme: 'neutral' }],
  // The answer's own opinion after the restated question still counts.
  ['en', 'You asked whether Acme is the best CRM. Acme is slow and buggy.', { acme: 'negative' }],
  [
    'de',
    'Du fragst, ob Acme das beste CRM ist. Acme ist langsam und fehlerhaft.',
    { acme: 'negative' },
  ],
  [
    'es',
    'Preguntas si Acme es el mejor CRM. Acme es excelente para equipos.',
    { acme: 'positive' },
  ],
  ['fr', 'Vous demandez si Acme est le meilleur CRM. Acme est lent et cher.', { acme: 'negative' }],
  ['it', 'Mi chiedi se Acme è il miglior CRM. Acme è lento e costoso.', { acme: 'negative' }],
  ['pt', 'Você pergunta se o Acme é o melhor CRM. O Acme é lento e caro.', { acme: 'negative' }],
  [
    'nl',
    'Je vraagt of Acme het beste CRM voor teams is. Acme is traag en duur voor kleine teams.',
    { acme: 'negative' },
  ],
];

describe('a question restated at the top is not an opinion, in seven languages', () => {
  it.each(RESTATED)('%s: %s', (lang, text, expected) => {
    expect(labels(lang, text)).toEqual(expected);
  });
});
