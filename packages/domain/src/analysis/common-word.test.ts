import { describe, expect, it } from 'vitest';
import type { TrackedEntity } from '../entities/types';
import { createAnalyzer } from './analyze-answer';

const harvest: TrackedEntity = {
  id: 'harvest',
  kind: 'brand',
  name: 'Harvest',
  aliases: [],
  domains: ['getharvest.com'],
  commonWord: true,
};
const toggl: TrackedEntity = {
  id: 'toggl',
  kind: 'competitor',
  name: 'Toggl',
  aliases: [],
  domains: ['toggl.com'],
};
const word = (id: string, name: string, domains: string[] = []): TrackedEntity => ({
  id,
  kind: 'competitor',
  name,
  aliases: [],
  domains,
  commonWord: true,
});
const loom = word('loom', 'Loom', ['loom.com']);
const pitch = word('pitch', 'Pitch', ['pitch.com']);
const ramp = word('ramp', 'Ramp', ['ramp.com']);
const drift = word('drift', 'Drift', ['drift.com']);
const notion = word('notion', 'Notion', ['notion.so']);
const zoom = word('zoom', 'Zoom', ['zoom.us']);
const ENTITIES = [harvest, toggl, loom, pitch, ramp, drift, notion, zoom];

/** Every counted span's text per entity, and the reasons given for each occurrence. */
function run(text: string, entities = ENTITIES, citations: string[] = []) {
  const result = createAnalyzer(entities, { explain: true })({
    text,
    citations: citations.map((url) => ({ url })),
  });
  const counted: Record<string, string[]> = {};
  for (const m of result.mentions) {
    counted[m.entityId] = m.spans.map(([s, e]) => text.slice(s, e));
  }
  const reasons = (result.decisions ?? []).map((d) => `${text.slice(d.start, d.end)}:${d.reason}`);
  return { counted, reasons, mentions: result.mentions };
}

type Case = [name: string, text: string, counted: Record<string, string[]>, reasons: string[]];

const CASES: Case[] = [
  // English: idioms and lowercase prose do not count.
  [
    'en: idiom "loom large" and lowercase harvest',
    'Costs loom large for small farms after the autumn harvest.',
    {},
    ['loom:idiom', 'harvest:idiom'],
  ],
  [
    'en: "ramp up" at the start of a sentence is an idiom',
    'Ramp up hiring slowly; the harvest season was poor.',
    {},
    ['Ramp:idiom', 'harvest:idiom'],
  ],
  [
    'en: a sales pitch',
    'Keep your sales pitch short and avoid drift in scope.',
    {},
    ['pitch:idiom', 'drift:lowercase'],
  ],
  [
    'en: capitalised mid-sentence is the brand',
    'For time tracking we use Harvest and it works.',
    { harvest: ['Harvest'] },
    ['Harvest:capitalised'],
  ],
  [
    'en: a list of tracked names, even in lower case',
    'Try toggl, harvest or clockify for this.',
    { toggl: ['toggl'], harvest: ['harvest'] },
    ['harvest:tracked-neighbour'],
  ],
  [
    'en: comparison with another tracked brand',
    'Harvest vs Toggl: which is better for agencies?',
    { harvest: ['Harvest'], toggl: ['Toggl'] },
    ['Harvest:tracked-neighbour'],
  ],
  [
    'en: possessive',
    "Harvest's invoicing is simple.",
    { harvest: ['Harvest'] },
    ['Harvest:possessive'],
  ],
  [
    'en: possessive after an article is the crop',
    "The harvest's yield was low.",
    {},
    ['harvest:lowercase'],
  ],
  [
    'en: subject of a product verb',
    'Ramp offers corporate cards with built-in limits.',
    { ramp: ['Ramp'] },
    ['Ramp:product-verb'],
  ],
  [
    'en: next to a product noun',
    'The loom app records your screen.',
    { loom: ['loom'] },
    ['loom:product-noun'],
  ],
  [
    'en: next to its domain',
    'See pitch (pitch.com) for decks.',
    { pitch: ['pitch', 'pitch.com'] },
    ['pitch:domain'],
  ],
  [
    'en: bold in a list',
    '1. **Drift** – conversational marketing.',
    { drift: ['Drift'] },
    ['Drift:emphasis'],
  ],
  [
    'en: alone in a table cell',
    '| Tool | Free plan |\n|---|---|\n| Loom | ✓ |',
    { loom: ['Loom'] },
    ['Loom:standalone'],
  ],
  [
    'en: sentence start counts once the brand is established',
    'Harvest is easy to learn. Many agencies pick Harvest.',
    { harvest: ['Harvest', 'Harvest'] },
    ['Harvest:established', 'Harvest:capitalised'],
  ],
  [
    'en: sentence start alone does not count',
    'Harvest is a busy time on farms.',
    {},
    ['Harvest:sentence-start'],
  ],
  [
    'en: title case is not a signal of its own',
    '## The Great Harvest Festival',
    {},
    ['Harvest:title-case'],
  ],
  // German: every noun has a capital.
  [
    'de: a capital says nothing, a product noun does',
    'Die Ernte war gut. Beim Pitch vor Kunden lief es gut. Die Pitch App kostet wenig.',
    { pitch: ['Pitch'] },
    ['Pitch:idiom', 'Pitch:product-noun'],
  ],
  [
    'de: in a list with another tracked brand',
    'Wir nutzen Toggl oder Harvest für die Zeiterfassung.',
    { toggl: ['Toggl'], harvest: ['Harvest'] },
    ['Harvest:tracked-neighbour'],
  ],
  [
    'de: a capitalised noun alone does not count',
    'Ein guter Pitch überzeugt die Investoren sofort und nicht nur einmal.',
    {},
    ['Pitch:capitalised-noun'],
  ],
  // French, Spanish, Italian, Portuguese, Dutch.
  [
    'fr: "la notion de" is the idea',
    'La notion de productivité est floue pour les équipes.',
    {},
    ['notion:idiom'],
  ],
  [
    'fr: Notion as a product',
    "L'équipe utilise Notion pour la documentation et les wikis.",
    { notion: ['Notion'] },
    ['Notion:capitalised'],
  ],
  [
    'es: "hacer zoom" is the gesture',
    'Para ver el detalle hay que hacer zoom.',
    {},
    ['zoom:idiom'],
  ],
  [
    'es: Zoom with a product verb',
    'Zoom ofrece reuniones gratuitas de 40 minutos.',
    { zoom: ['Zoom'] },
    ['Zoom:product-verb'],
  ],
  ['it: "fare zoom" is the gesture', 'Per leggere meglio basta fare zoom.', {}, ['zoom:idiom']],
  [
    'it: Loom next to a product noun',
    'Molti team usano lo strumento Loom per i video.',
    { loom: ['Loom'] },
    ['Loom:product-noun'],
  ],
  ['pt: "dar um zoom" is the gesture', 'É preciso dar um zoom na imagem.', {}, ['zoom:idiom']],
  [
    'pt: Ramp in a comparison',
    'A Brex e a Ramp são comparadas; Toggl e ramp também.',
    { toggl: ['Toggl'], ramp: ['Ramp', 'ramp'] },
    ['Ramp:capitalised', 'ramp:tracked-neighbour'],
  ],
  ['nl: "een ramp" is a disaster', 'De migratie was een ramp voor het team.', {}, ['ramp:idiom']],
  [
    'nl: Ramp with its domain',
    'Bekijk Ramp via ramp.com voor de prijzen.',
    { ramp: ['Ramp', 'ramp.com'] },
    ['Ramp:domain'],
  ],
];

describe('brands that are everyday words', () => {
  it.each(CASES)('%s', (_name, text, counted, reasons) => {
    const result = run(text);
    expect(result.counted).toEqual(counted);
    expect(result.reasons).toEqual(reasons);
  });

  it('the rule decides rank and first offset: an everyday use before the brand is skipped', () => {
    const text = 'Costs loom large. Compare Pitch and Loom: Loom records video.';
    const { mentions } = run(text);
    const loomMention = mentions.find((m) => m.entityId === 'loom')!;
    expect(loomMention.firstOffset).toBe(text.indexOf('Loom'));
    expect(loomMention.count).toBe(2);
    expect(mentions.map((m) => [m.entityId, m.rank])).toEqual([
      ['pitch', 1],
      ['loom', 2],
    ]);
  });

  it('an owned citation establishes the brand, so a sentence-initial capital counts', () => {
    const text = 'Harvest is simple to set up.';
    expect(run(text).counted).toEqual({});
    expect(run(text, ENTITIES, ['https://www.getharvest.com/pricing']).counted).toEqual({
      harvest: ['Harvest'],
    });
  });

  it('without the mark, every whole-word occurrence counts as before', () => {
    const plain = { ...harvest, commonWord: false };
    const text = 'After the autumn harvest we use Harvest.';
    expect(run(text, [plain]).counted).toEqual({ harvest: ['harvest', 'Harvest'] });
    expect(run(text, [plain]).reasons).toEqual([]);
  });

  it('multi-word aliases and domains are never in doubt', () => {
    const entity = { ...harvest, aliases: ['Harvest App'] };
    const text = 'the harvest app and getharvest.com';
    expect(run(text, [entity]).counted).toEqual({ harvest: ['harvest app', 'getharvest.com'] });
  });
});
