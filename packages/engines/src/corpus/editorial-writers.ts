import type {
  CatalogueBrand,
  CatalogueMarket,
  CataloguePublisher,
  CatalogueSegment,
} from './catalogue/types';
import type { Random } from './random';
import {
  audienceOf,
  capitalise,
  fitScore,
  joinList,
  ranked,
  segmentLabelsOf,
  titleCase,
} from './writer-helpers';

/** Editorial seed documents: listicles, reviews, comparisons and buying guides. */

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
