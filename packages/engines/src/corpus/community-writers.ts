import type {
  CatalogueBrand,
  CatalogueMarket,
  CataloguePublisher,
  CatalogueSegment,
} from './catalogue/types';
import type { Random } from './random';
import { capitalise, joinList, ranked, segmentLabelsOf } from './writer-helpers';

/** Community and vendor seed documents: forum threads, vendor home and "alternative to" pages. */

const HANDLES = [
  'quietfounder',
  'ops_nerd',
  'mara_k',
  'bootstrapped_ben',
  'lena.builds',
  'throwaway_4471',
  'devin_ops',
  'sam_runs_things',
  'coastal_coder',
  'theo_m',
  'priya.p',
  'nightshiftpm',
];

export function forumThread(
  market: CatalogueMarket,
  segment: CatalogueSegment,
  forum: CataloguePublisher,
  random: Random,
): { title: string; body: string } {
  const leaving = random.pick(market.brands);
  const title = random.pick([
    `What ${market.noun} are you using for ${segment.label}?`,
    `Best ${market.noun} for ${segment.label}? Need recommendations`,
    `Switching away from ${leaving.name}, which ${market.noun} should I try?`,
    `Honest opinions on ${market.nounPlural} for ${segment.label}?`,
  ]);
  const asker = random.pick(HANDLES);
  const lines = [
    `**${asker}** asked:`,
    '',
    title.startsWith('Switching')
      ? `We have used ${leaving.name} for two years but ${leaving.weaknesses[0]}. What would you recommend for ${segment.label}?`
      : `We are a small team looking for a ${market.noun}. Budget matters, and we care about ${joinList(random.shuffle(market.criteria).slice(0, 2))}. What do you recommend?`,
    '',
    '### Replies',
    '',
  ];
  const voices = ranked(market, segment, forum, random).slice(0, random.int(3, 5));
  for (const brand of voices) {
    const handle = random.pick(HANDLES.filter((h) => h !== asker));
    const points = random.int(3, 180);
    const reply =
      brand === leaving
        ? `I would not go back to ${brand.name}: ${random.pick(brand.weaknesses)}.`
        : random.pick([
            `We moved to ${brand.name} last year and never looked back. ${capitalise(random.pick(brand.strengths))} is the big win.`,
            `+1 for ${brand.name}. It has ${random.pick(brand.strengths)}, and the price (${brand.price}) is fair.`,
            `${brand.name} has worked well for us. Only complaint: ${random.pick(brand.weaknesses)}.`,
            `Take a look at ${brand.name}, it is ${brand.what}.`,
          ]);
    lines.push(`- **${handle}** (${points} points): ${reply}`);
  }
  return { title, body: lines.join('\n') };
}

export function vendorHome(
  market: CatalogueMarket,
  brand: CatalogueBrand,
): { title: string; body: string } {
  const segments = segmentLabelsOf(brand, market);
  return {
    title: `${brand.name} | ${capitalise(brand.what)}`,
    body: [
      `# ${brand.name}`,
      '',
      `${brand.name} is ${brand.what}. Built for ${joinList(segments)}.`,
      '',
      `## Why teams choose ${brand.name}`,
      '',
      ...brand.strengths.map((s) => `- ${capitalise(s)}`),
      '',
      `## Pricing`,
      '',
      `${capitalise(brand.price)}. Start a free trial today, no credit card required.`,
    ].join('\n'),
  };
}

export function vendorAlternativePage(
  market: CatalogueMarket,
  brand: CatalogueBrand,
  rival: CatalogueBrand,
): { title: string; body: string } {
  return {
    title: `The ${rival.name} alternative: why teams switch to ${brand.name}`,
    body: [
      `Looking for a ${rival.name} alternative? Many teams find that ${rival.weaknesses[0]}.`,
      '',
      `## ${brand.name} vs ${rival.name}`,
      '',
      `${brand.name} gives you ${brand.strengths[0]} and ${brand.strengths[1] ?? brand.strengths[0]}.`,
      `Switching takes minutes with our free import from ${rival.name}.`,
      '',
      `${brand.name} is ${brand.what}, priced ${brand.price}. It is the ${market.noun} that teams recommend when they outgrow ${rival.name}.`,
    ].join('\n'),
  };
}
