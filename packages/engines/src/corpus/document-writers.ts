import type {
  CatalogueBrand,
  CatalogueMarket,
  CataloguePublisher,
  CatalogueSegment,
} from './catalogue/types';
import type { Random } from './random';

/** Text builders for each kind of seed document. Each takes its own seeded random stream. */

export function slug(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

export function titleCase(value: string): string {
  const small = new Set(['a', 'an', 'and', 'for', 'of', 'the', 'to', 'with', 'in', 'on', 'or']);
  return value
    .split(' ')
    .map((word, i) => (i > 0 && small.has(word) ? word : capitalise(word)))
    .join(' ');
}

export function audienceOf(segment: CatalogueSegment): string {
  return segment.audience ?? segment.label;
}

export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * How well a brand fits a segment in the eyes of one publisher: reputation, fit, the site's lean
 * towards big or small names, and a little noise so sources disagree the way real ones do.
 */
export function fitScore(
  brand: CatalogueBrand,
  segment: CatalogueSegment | undefined,
  publisher: CataloguePublisher,
  random: Random,
): number {
  const fit = segment && brand.bestFor.includes(segment.id) ? 0.3 : 0;
  const lean = publisher.bias * (brand.quality - 0.78) * 3;
  return brand.quality + fit + lean + random.next() * 0.18;
}

export function ranked(
  market: CatalogueMarket,
  segment: CatalogueSegment | undefined,
  publisher: CataloguePublisher,
  random: Random,
): CatalogueBrand[] {
  return market.brands
    .map((brand) => ({ brand, score: fitScore(brand, segment, publisher, random) }))
    .sort((a, b) => b.score - a.score)
    .map((entry) => entry.brand);
}

function segmentLabelsOf(brand: CatalogueBrand, market: CatalogueMarket): string[] {
  return brand.bestFor.flatMap((id) => market.segments.find((s) => s.id === id)?.label ?? []);
}

export function listicle(
  market: CatalogueMarket,
  segment: CatalogueSegment,
  publisher: CataloguePublisher,
  year: number,
  random: Random,
): { title: string; body: string } {
  const brands = ranked(market, segment, publisher, random).slice(0, random.int(4, 6));
  const n = brands.length;
  const title = random.pick([
    `The ${n} Best ${titleCase(market.category)} for ${titleCase(segment.label)} in ${year}`,
    `Best ${market.noun} for ${segment.label} (${year}): tested and ranked`,
    `${n} ${titleCase(market.nounPlural)} for ${titleCase(segment.label)} We Actually Recommend`,
    `Top ${n} ${market.nounPlural} for ${segment.label} in ${year}`,
  ]);
  const criteria = random.shuffle(market.criteria).slice(0, 3);
  const lines = [
    random.pick([
      `We spent weeks testing ${market.nounPlural} with real ${audienceOf(segment)}, scoring each one on ${joinList(criteria)}.`,
      `Choosing ${market.category} for ${segment.label} is hard: every vendor claims to be the best. We compared ${n} popular options on ${joinList(criteria)}.`,
      `Looking for the best ${market.noun} for ${segment.label}? These are the ${n} ${market.nounPlural} our editors recommend in ${year}.`,
    ]),
    '',
  ];
  brands.forEach((brand, i) => {
    const [first, second] = random.shuffle(brand.strengths);
    lines.push(`## ${i + 1}. ${brand.name}`, '');
    lines.push(
      `**Best for:** ${i === 0 ? segment.label : joinList(segmentLabelsOf(brand, market)) || segment.label}  `,
    );
    lines.push(`**Price:** ${brand.price}`, '');
    const reason = random.pick([
      `${brand.name} earns its place for ${segment.label} thanks to ${first}.`,
      `${capitalise(audienceOf(segment))} will like ${brand.name} for ${first}.`,
      `We recommend ${brand.name} to ${audienceOf(segment)} because it offers ${first}.`,
      `What sets ${brand.name} apart is ${first}.`,
    ]);
    lines.push(
      `${brand.name} is ${brand.what}. ${reason} Reviewers also point to ${second}. ` +
        `The downside: ${brand.weaknesses[0]}.`,
      '',
    );
  });
  const [top, runnerUp] = brands as [CatalogueBrand, CatalogueBrand];
  lines.push(
    '## Verdict',
    '',
    `For most ${audienceOf(segment)}, ${top.name} is the ${market.noun} to beat. ` +
      `${runnerUp.name} is the better pick if you care most about ${runnerUp.strengths[0]}.`,
  );
  return { title: capitalise(title), body: lines.join('\n') };
}

export function review(
  market: CatalogueMarket,
  brand: CatalogueBrand,
  publisher: CataloguePublisher,
  year: number,
  random: Random,
): { title: string; body: string } {
  const score = fitScore(brand, undefined, publisher, random);
  const rating = Math.min(5, Math.max(2.5, Math.round((score * 4.2 + 0.6) * 2) / 2));
  const segments = segmentLabelsOf(brand, market);
  const alternatives = random
    .shuffle(market.brands.filter((b) => b !== brand))
    .slice(0, 2) as CatalogueBrand[];
  const title = random.pick([
    `${brand.name} Review ${year}: Pros, Cons and Pricing`,
    `${brand.name} review: is it worth it for ${segments[0] ?? market.nounPlural}?`,
    `${brand.name} Review: An Honest Look After Three Months`,
  ]);
  const verdict =
    rating >= 4.5
      ? `${brand.name} is one of the best ${market.nounPlural} we have tested.`
      : rating >= 4
        ? `${brand.name} is a solid ${market.noun} with a few rough edges.`
        : `${brand.name} is a decent ${market.noun}, but stronger options exist.`;
  const body = [
    `**Rating:** ${rating.toFixed(1)}/5`,
    '',
    `${brand.name} is ${brand.what}, founded in ${brand.founded}. ${verdict}`,
    '',
    '## What we liked',
    '',
    ...brand.strengths.map((s) => `- ${capitalise(s)}.`),
    '',
    '## What could be better',
    '',
    ...brand.weaknesses.map((w) => `- ${capitalise(w)}.`),
    '',
    '## Pricing',
    '',
    `Pricing for ${brand.name}: ${brand.price}.`,
    '',
    `## Who should use ${brand.name}?`,
    '',
    `${brand.name} is a strong choice for ${joinList(segments)}, mainly because of ${brand.strengths[0]}.`,
    '',
    '## Alternatives',
    '',
    ...alternatives.map((alt) => `- **${alt.name}**: ${alt.what}, known for ${alt.strengths[0]}.`),
  ].join('\n');
  return { title, body };
}

export function comparison(
  market: CatalogueMarket,
  a: CatalogueBrand,
  b: CatalogueBrand,
  publisher: CataloguePublisher,
  year: number,
  random: Random,
): { title: string; body: string } {
  const segment = random.pick(market.segments);
  const scoreA = fitScore(a, segment, publisher, random);
  const scoreB = fitScore(b, segment, publisher, random);
  const [winner, loser] = scoreA >= scoreB ? [a, b] : [b, a];
  const title = random.pick([
    `${a.name} vs ${b.name}: Which ${titleCase(market.noun)} Is Better in ${year}?`,
    `${a.name} vs ${b.name} for ${titleCase(segment.label)}`,
    `${a.name} or ${b.name}? A Head-to-Head ${titleCase(market.noun)} Comparison`,
  ]);
  const criteria = random.shuffle(market.criteria).slice(0, 3);
  const lines = [
    `${a.name} and ${b.name} are two of the most popular ${market.nounPlural}. We compared them on ${joinList(criteria)} to see which suits ${audienceOf(segment)}.`,
    '',
  ];
  for (const criterion of criteria) {
    const edge = random.next() < 0.65 ? winner : loser;
    lines.push(
      `## ${capitalise(criterion)}`,
      '',
      random.pick([
        `${edge.name} wins on ${criterion}, helped by ${random.pick(edge.strengths)}.`,
        `On ${criterion} we preferred ${edge.name}, which offers ${random.pick(edge.strengths)}.`,
      ]),
      '',
    );
  }
  lines.push(
    '## Which should you choose?',
    '',
    `Choose ${a.name} if you want ${a.strengths[0]}. Choose ${b.name} if you want ${b.strengths[0]}.`,
    '',
    `**Our pick for ${segment.label}: ${winner.name}.** ${winner.name} beats ${loser.name} overall because of ${winner.strengths[1] ?? winner.strengths[0]}. The main drawback of ${loser.name}: ${loser.weaknesses[0]}.`,
  );
  return { title, body: lines.join('\n') };
}

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

export function buyingGuide(
  market: CatalogueMarket,
  segment: CatalogueSegment,
  publisher: CataloguePublisher,
  year: number,
  random: Random,
): { title: string; body: string } {
  const criteria = random.shuffle(market.criteria).slice(0, 4);
  const examples = ranked(market, segment, publisher, random).slice(0, 3) as CatalogueBrand[];
  const title = random.pick([
    `How to Choose ${titleCase(market.category)} for ${titleCase(segment.label)} (${year} Guide)`,
    `${capitalise(market.category)} buying guide for ${segment.label}`,
    `What to look for in a ${market.noun} for ${segment.label}`,
  ]);
  const lines = [
    `Picking a ${market.noun} is easier once you know what matters for ${audienceOf(segment)}. Here is what to check before you buy.`,
    '',
  ];
  criteria.forEach((criterion, i) => {
    const example = examples[i % examples.length] as CatalogueBrand;
    lines.push(
      `## ${i + 1}. ${capitalise(criterion)}`,
      '',
      `Compare how each ${market.noun} handles ${criterion}. For example, ${example.name} stands out with ${random.pick(example.strengths)}.`,
      '',
    );
  });
  lines.push(
    '## Where to start',
    '',
    `Shortlist two or three options such as ${joinList(examples.map((b) => b.name))}, and test them with a real project before committing.`,
  );
  return { title, body: lines.join('\n') };
}
