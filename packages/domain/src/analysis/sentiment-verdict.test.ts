import { describe, expect, it } from 'vitest';
import { type Case, labels } from './sentiment-round3.fixtures';

// Praise for a feature does not outweigh "I wouldn't choose it" (docs/analysis.md, "Reading the
// verdict"), whether the verdict is its own sentence or a clause of the praise's.
const VERDICTS: Case[] = [
  [
    'en',
    "Acme has excellent reports and a lovely interface, but I wouldn't choose it.",
    { acme: 'negative' },
  ],
  ['en', "Acme has a great, lovely interface. I wouldn't recommend it.", { acme: 'negative' }],
  [
    'de',
    'Acme hat tolle Berichte und eine schöne Oberfläche. Ich würde es aber nicht wählen.',
    { acme: 'negative' },
  ],
  [
    'de',
    'Acme hat tolle Berichte und eine schöne Oberfläche, aber ich würde es nicht wählen.',
    { acme: 'negative' },
  ],
  ['de', 'Acme hat tolle Berichte. Ich würde es trotzdem nicht empfehlen.', { acme: 'negative' }],
  ['de', 'Acme ist etwas teuer. Ich würde es trotzdem wählen.', { acme: 'positive' }],
  [
    'fr',
    "Acme a d'excellents rapports et une belle interface. Je ne le choisirais pas, cependant.",
    { acme: 'negative' },
  ],
  [
    'fr',
    "Acme a d'excellents rapports et une belle interface, mais je ne le choisirais pas.",
    { acme: 'negative' },
  ],
  ['fr', 'Acme a une belle interface. Je ne le recommande pas.', { acme: 'negative' }],
  [
    'es',
    'Acme tiene informes excelentes y una interfaz preciosa. Sin embargo, no lo elegiría.',
    { acme: 'negative' },
  ],
  ['es', 'Acme tiene una interfaz preciosa, pero no lo elegiría.', { acme: 'negative' }],
  ['es', 'Acme tiene una interfaz preciosa. No lo recomiendo.', { acme: 'negative' }],
  ['es', 'Acme es algo caro. Aun así, lo elegiría.', { acme: 'positive' }],
  [
    'it',
    "Acme ha report eccellenti e un'interfaccia molto bella per il team. Però non lo sceglierei.",
    { acme: 'negative' },
  ],
  ['it', "Acme ha un'interfaccia bellissima, ma non lo sceglierei.", { acme: 'negative' }],
  ['it', "Acme ha un'interfaccia bellissima. Non lo consiglierei.", { acme: 'negative' }],
  [
    'pt',
    'Acme tem relatórios excelentes e uma interface linda. Mas eu não o escolheria.',
    { acme: 'negative' },
  ],
  ['pt', 'Acme tem uma interface linda, mas não o escolheria.', { acme: 'negative' }],
  ['pt', 'Acme tem uma interface linda. Não o recomendo.', { acme: 'negative' }],
  [
    'nl',
    'Acme heeft uitstekende rapporten en een mooie interface. Toch zou ik het niet kiezen.',
    { acme: 'negative' },
  ],
  ['nl', 'Acme heeft een mooie interface, maar ik zou het niet kiezen.', { acme: 'negative' }],
  ['nl', 'Acme heeft een mooie interface. Ik zou het niet aanraden.', { acme: 'negative' }],
  ['nl', 'Acme is wat duur. Toch zou ik het kiezen.', { acme: 'positive' }],
  ['en', 'Acme has a polished interface. We would still avoid it.', { acme: 'negative' }],
  ['en', "Acme is a bit pricey. I'd still choose it.", { acme: 'positive' }],
  ['fr', 'Acme est un peu cher. Je le choisirais quand même.', { acme: 'positive' }],
  ['it', "Acme è un po' costoso per il team. Lo sceglierei comunque.", { acme: 'positive' }],
  ['pt', 'Acme é um pouco caro. Mesmo assim, eu o escolheria.', { acme: 'positive' }],
];

describe('a first-person verdict outweighs feature praise, in seven languages', () => {
  it.each(VERDICTS)('%s: %s', (lang, text, expected) => {
    expect(labels(lang, text)).toEqual(expected);
  });
});
