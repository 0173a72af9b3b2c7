import type { ContentKind } from '../prompts/prompt-kind';

export type OutlineSection = { heading: string; points: string[] };
export type Outline = { title: string; sections: OutlineSection[] };

export type OutlineInput = {
  prompt: string;
  kind: ContentKind | null;
  brandName: string;
  /** Competitors named where the brand is missing or behind, most prominent first. */
  competitors: readonly string[];
  /** Domains the engines cite for this prompt, most cited first. */
  sources: readonly string[];
  /** The texts of the answers that show the gap (markdown). */
  answers: readonly string[];
};

const MAX_FACTS_PER_COMPETITOR = 2;
const MAX_QUESTIONS = 6;
const MAX_SENTENCE = 220;

/** Markdown to plain sentences: links keep their label, emphasis and list markers go. */
function plainSentences(markdown: string): string[] {
  const text = markdown
    .replace(/\[([^\]\n]+)\]\([^)\s]+\)/g, '$1')
    .replace(/\*\*|__|`/g, '')
    .replace(/^\s{0,3}(#{1,6}|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/https?:\/\/\S+/g, '');
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length >= 12 && s.length <= MAX_SENTENCE);
}

function headings(markdown: string): string[] {
  return [...markdown.matchAll(/^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) =>
    (m[1] ?? '').replace(/\*\*|__|`/g, '').trim(),
  );
}

const containsName = (sentence: string, name: string) =>
  sentence.toLocaleLowerCase().includes(name.toLocaleLowerCase());

function unique(xs: string[]): string[] {
  const seen = new Set<string>();
  return xs.filter((x) => {
    const key = x.toLocaleLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A suggested outline built from the evidence (docs/opportunities.md, "Outline"): what the
 * answers that leave the brand out actually say (the facts they give about each competitor and
 * the sub-questions they cover), arranged for the recommended content kind. Deterministic: the
 * same evidence gives the same outline.
 */
export function suggestOutline(input: OutlineInput): Outline {
  const sentences = input.answers.flatMap(plainSentences);
  const facts = new Map<string, string[]>();
  for (const name of input.competitors) {
    facts.set(
      name,
      unique(sentences.filter((s) => containsName(s, name))).slice(0, MAX_FACTS_PER_COMPETITOR),
    );
  }
  const questions = unique([
    ...sentences.filter((s) => s.endsWith('?')),
    ...input.answers.flatMap(headings),
  ])
    .filter((q) => q.toLocaleLowerCase() !== input.prompt.toLocaleLowerCase())
    .slice(0, MAX_QUESTIONS);

  const topic = input.prompt.replace(/\?+\s*$/, '').trim();
  const brand = input.brandName;
  const named = input.competitors.slice(0, 5);
  const sections: OutlineSection[] = [
    {
      heading: 'The short answer',
      points: [
        `Answer “${topic}” in the first two sentences and say where ${brand} fits.`,
        named.length > 0
          ? `Engines currently name ${named.join(', ')} here: say plainly how ${brand} compares.`
          : `Give the facts an engine can quote: who ${brand} is for, and why.`,
      ],
    },
  ];
  const perCompetitor = named.map((name) => ({
    heading: headingFor(input.kind, brand, name),
    points: facts.get(name)?.length
      ? (facts.get(name) ?? []).map((f) => `Engines say: “${f}”`)
      : [`What ${name} is known for, and where ${brand} does better.`],
  }));
  switch (input.kind) {
    case 'comparison':
      sections.push(...perCompetitor.slice(0, 3), {
        heading: 'Feature-by-feature table',
        points: [`${brand} and ${named.join(', ') || 'the alternatives'}: price, fit, strengths.`],
      });
      break;
    case 'faq':
      sections.push({
        heading: 'Questions buyers ask',
        points:
          questions.length > 0
            ? questions
            : [`${topic}?`, `Is ${brand} a good choice for this?`, `How does ${brand} compare?`],
      });
      break;
    case 'how-to':
      sections.push(
        { heading: 'Step by step', points: [`The steps, with ${brand} where it helps.`] },
        ...perCompetitor.slice(0, 2),
      );
      break;
    default:
      sections.push(
        {
          heading: `${brand}: why it belongs on this list`,
          points: [
            `Lead with the reason an engine would pick ${brand}: a specific, checkable fact.`,
          ],
        },
        ...perCompetitor,
      );
  }
  if (input.kind !== 'faq' && questions.length > 0) {
    sections.push({ heading: 'Questions the answers also cover', points: questions });
  }
  if (input.sources.length > 0) {
    sections.push({
      heading: 'Sources to cite and get into',
      points: input.sources.map((d) => `${d}: engines cite it for this prompt.`),
    });
  }
  return { title: titleFor(input.kind, topic, brand, named[0]), sections };
}

function headingFor(kind: ContentKind | null, brand: string, competitor: string): string {
  return kind === 'comparison' ? `${brand} vs ${competitor}` : competitor;
}

function titleFor(
  kind: ContentKind | null,
  topic: string,
  brand: string,
  first: string | undefined,
): string {
  switch (kind) {
    case 'comparison':
      return first ? `${brand} vs ${first}: ${topic}` : `${topic}: how ${brand} compares`;
    case 'faq':
      return `${topic}: questions and answers`;
    case 'how-to':
      return `${topic}: a practical guide`;
    default:
      return `${topic}: the options compared`;
  }
}
