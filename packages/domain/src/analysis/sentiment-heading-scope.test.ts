import { describe, expect, it } from 'vitest';
import { type Case, labels } from './sentiment-round3.fixtures';

// Pros and cons under a heading, or nested under a list item, that names one brand belong to
// that brand (docs/analysis.md, "Pros and cons under a heading"). The labels judge nothing.
const SCOPED: Case[] = [
  [
    'en',
    '## Acme\n**Pros**\n- Fast setup\n- Great reports\n\n## Globex\n**Cons**\n- Clunky interface\n- Slow support',
    { acme: 'positive', globex: 'negative' },
  ],
  [
    'en',
    '1. **Acme**\n   - Pros: excellent reports, intuitive\n2. **Globex**\n   - Cons: buggy and slow',
    { acme: 'positive', globex: 'negative' },
  ],
  [
    'en',
    '**Acme**\nExcellent, reliable reporting.\n\n**Globex**\nBuggy and slow.',
    { acme: 'positive', globex: 'negative' },
  ],
  ['en', '- **Acme**: a CRM. Clunky and buggy, though.', { acme: 'negative' }],
  ['en', '## Acme\n### Cons\n- Steep learning curve', { acme: 'negative' }],
  ['en', '## Acme\nCons:\n- Integrations\n- Reporting', { acme: 'neutral' }],
  [
    'en',
    '## Acme vs Globex\n- Great reports\n\nAcme is a CRM. Globex is a CRM.',
    { acme: 'neutral', globex: 'neutral' },
  ],
  ['en', '## Acme\nA CRM.\n\n## Verdict\n- Clunky and buggy', { acme: 'neutral' }],
  [
    'de',
    '## Acme\n**Vorteile**\n- Sehr gute Berichte\n- Schnelle Einrichtung\n\n## Globex\n**Nachteile**\n- Langsam und teuer',
    { acme: 'positive', globex: 'negative' },
  ],
  [
    'de',
    '1. **Acme**\n   - Vorteile: sehr gute Berichte\n2. **Globex**\n   - Nachteile: langsam und teuer',
    { acme: 'positive', globex: 'negative' },
  ],
  ['de', '## Acme\nNachteile:\n- Integrationen', { acme: 'neutral' }],
  [
    'fr',
    '## Acme\n**Avantages**\n- Excellents rapports\n\n## Globex\n**Inconvénients**\n- Lent et cher',
    { acme: 'positive', globex: 'negative' },
  ],
  [
    'fr',
    '1. **Acme**\n   - Avantages : excellents rapports\n2. **Globex**\n   - Inconvénients : lent et cher',
    { acme: 'positive', globex: 'negative' },
  ],
  [
    'es',
    '## Acme\n**Ventajas**\n- Informes excelentes\n\n## Globex\n**Desventajas**\n- Lento y caro',
    { acme: 'positive', globex: 'negative' },
  ],
  [
    'es',
    '- **Acme**\n  - Ventajas: excelente soporte\n- **Globex**\n  - Desventajas: lento y caro',
    { acme: 'positive', globex: 'negative' },
  ],
  [
    'it',
    '## Acme\n**Pro**\n- Report eccellenti\n\n## Globex\n**Contro**\n- Lento e costoso',
    { acme: 'positive', globex: 'negative' },
  ],
  [
    'it',
    '1. **Acme**\n   - Pro: report eccellenti\n2. **Globex**\n   - Contro: lento e costoso',
    { acme: 'positive', globex: 'negative' },
  ],
  [
    'pt',
    '## Acme\n**Vantagens**\n- Relatórios excelentes\n\n## Globex\n**Desvantagens**\n- Lento e caro',
    { acme: 'positive', globex: 'negative' },
  ],
  [
    'pt',
    '1. **Acme**\n   - Vantagens: relatórios excelentes\n2. **Globex**\n   - Desvantagens: lento e caro',
    { acme: 'positive', globex: 'negative' },
  ],
  [
    'nl',
    '## Acme\n**Voordelen**\n- Uitstekende rapporten\n\n## Globex\n**Nadelen**\n- Traag en duur',
    { acme: 'positive', globex: 'negative' },
  ],
  [
    'nl',
    '1. **Acme**\n   - Voordelen: uitstekende rapporten\n2. **Globex**\n   - Nadelen: traag en duur',
    { acme: 'positive', globex: 'negative' },
  ],
  // Under a bold name, and labels alone, in each language.
  [
    'de',
    '**Acme**\nHervorragende, zuverlässige Berichte.\n\n**Globex**\nLangsam und teuer.',
    { acme: 'positive', globex: 'negative' },
  ],
  [
    'fr',
    "**Acme**\nD'excellents rapports, très fiables.\n\n**Globex**\nLent et cher.",
    { acme: 'positive', globex: 'negative' },
  ],
  [
    'es',
    '**Acme**\nInformes excelentes y fiables.\n\n**Globex**\nLento y caro.',
    { acme: 'positive', globex: 'negative' },
  ],
  [
    'it',
    '**Acme**\nReport eccellenti e affidabili.\n\n**Globex**\nLento e costoso.',
    { acme: 'positive', globex: 'negative' },
  ],
  [
    'pt',
    '**Acme**\nRelatórios excelentes e confiáveis.\n\n**Globex**\nLento e caro.',
    { acme: 'positive', globex: 'negative' },
  ],
  [
    'nl',
    '**Acme**\nUitstekende, betrouwbare rapporten.\n\n**Globex**\nTraag en duur.',
    { acme: 'positive', globex: 'negative' },
  ],
  ['fr', '## Acme\nInconvénients :\n- Intégrations\n- Rapports', { acme: 'neutral' }],
  ['es', '## Acme\nDesventajas:\n- Integraciones\n- Informes', { acme: 'neutral' }],
  ['it', '## Acme\nContro:\n- Integrazioni\n- Report', { acme: 'neutral' }],
  ['pt', '## Acme\nDesvantagens:\n- Integrações\n- Relatórios', { acme: 'neutral' }],
  ['nl', '## Acme\nNadelen:\n- Integraties\n- Rapportages', { acme: 'neutral' }],
  // A line naming another entity stays that entity's.
  [
    'en',
    '## Acme\n- Excellent reports\n- Globex is buggy and slow',
    { acme: 'positive', globex: 'negative' },
  ],
];

describe('pros and cons under a heading or a parent item belong to its brand, in seven languages', () => {
  it.each(SCOPED)('%s: %s', (lang, text, expected) => {
    expect(labels(lang, text)).toEqual(expected);
  });
});
