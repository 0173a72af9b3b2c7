import type { EvidenceSource } from '../opportunities/evidence-sources';
import { finishDraft, type WrittenDraft } from './draft-meta';
import { placeholder } from './draft-placeholders';
import type { TemplateKind, TemplateSection } from './template';

// The deterministic writer (docs/publishing.md, "Orders and drafts"): without an LLM, a draft
// is composed from what Lumen knows for certain (the opportunity's evidence, the template and
// the brand's own description). Every sentence names an option, points to a source, or is the
// brand's own words; nothing is invented. What Lumen measured (how many engines named whom, at
// which position, "not yet") is the brief, never public copy: it would argue against the brand
// on its own page. A section that needs facts Lumen lacks (prices) is a placeholder
// (`placeholder`, draft-placeholders.ts) that blocks approval until a person fills it. The same
// input gives the same draft.

export type ComposeCompetitor = {
  name: string;
  /** Engines (of `totalEngines`) that named it for the prompt. */
  engines: number;
  /** Its best position in those answers (1 = named first). */
  bestRank: number;
};

export type ComposeDraftInput = {
  /** The question people ask the engines (the opportunity's prompt, else its title). */
  prompt: string;
  kind: TemplateKind;
  template: { sections: readonly TemplateSection[]; instructions: string };
  brand: {
    name: string;
    description: string | null;
    domains: readonly string[];
    industry: string | null;
  };
  competitors: readonly ComposeCompetitor[];
  /** Labels of the engines where the gap shows. */
  engines: readonly string[];
  totalEngines: number;
  sources: readonly EvidenceSource[];
  /** Short excerpts of the answers that name competitors, with the engine that wrote each. */
  excerpts: readonly { engineLabel: string; text: string }[];
};

type Role =
  | 'answer'
  | 'table'
  | 'options'
  | 'pricing'
  | 'choose'
  | 'steps'
  | 'faq'
  | 'sources'
  | 'other';

const ROLES: [RegExp, Role][] = [
  [/\b(faq|questions?)\b/i, 'faq'],
  [/\b(comparison|compare|table|feature|at a glance)\b/i, 'table'],
  [/\b(pric\w*|plans?|cost)\b/i, 'pricing'],
  [/\b(sources?|references?|related|further reading)\b/i, 'sources'],
  [/\b(steps?|step by step|process)\b/i, 'steps'],
  [/\b(choose|choosing|criteria|mistakes|why it matters|when to)\b/i, 'choose'],
  [/\b(list|options|tools|alternatives|products|vs\.?|example)\b/i, 'options'],
  [
    /\b(intro\w*|overview|summary|verdict|definition|what you will|short answer|tl;?dr)\b/i,
    'answer',
  ],
];

/** What a template section is for, from its heading (then its guidance). */
export function sectionRole(section: TemplateSection): Role {
  for (const text of [section.heading, section.guidance]) {
    for (const [pattern, role] of ROLES) if (pattern.test(text)) return role;
  }
  return 'other';
}

const topicOf = (prompt: string) => prompt.replace(/[?.!\s]+$/, '').trim();
const sentenceCase = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
const list = (names: readonly string[]) =>
  names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
const brandSite = (input: ComposeDraftInput) => input.brand.domains[0] ?? null;
const link = (domain: string) => `[${domain}](https://${domain})`;

/** A question as a title's topic: "What is the best CRM for X?" → "The best CRM for X". */
function titleTopic(prompt: string): string {
  const topic = topicOf(prompt);
  const best = /^(?:what|which) (?:is|are) the (best|top|leading) (.+)$/i.exec(topic);
  return best ? `The ${best[1]?.toLowerCase()} ${best[2]}` : topic;
}

export function composeTitle(
  input: Pick<ComposeDraftInput, 'prompt' | 'kind' | 'brand' | 'competitors'>,
): string {
  const topic = sentenceCase(titleTopic(input.prompt));
  const brand = input.brand.name;
  const rival = input.competitors[0]?.name;
  switch (input.kind) {
    case 'comparison':
      return rival ? `${brand} vs ${rival}: ${topic}` : `${topic}: how ${brand} compares`;
    case 'faq':
      return `${topic}: questions and answers`;
    case 'how-to':
      return `${topic}: a practical guide`;
    case 'glossary':
      return `${topic}: a definition with examples`;
    default: {
      const n = input.competitors.length + 1;
      return `${topic}: ${n} options compared`;
    }
  }
}

function brandParagraph(input: ComposeDraftInput): string {
  const { brand } = input;
  const site = brandSite(input);
  const own = brand.description?.trim();
  const what = own
    ? own
    : `${brand.name} is ${brand.industry ? `a ${brand.industry} provider` : 'one of the options'}${site ? ` (${link(site)})` : ''}.`;
  return own && site ? `${what} More at ${link(site)}.` : what;
}

function answerSection(input: ComposeDraftInput): string {
  const topic = topicOf(input.prompt);
  const named = input.competitors.map((c) => c.name);
  const parts = [
    named.length > 0
      ? `${sentenceCase(topic)}? This page sets out the options, ${list([input.brand.name, ...named])}, who each one is built for, and where to read more.`
      : `${sentenceCase(topic)}? This page answers it directly, with the sources behind each statement.`,
    brandParagraph(input),
  ];
  return parts.join('\n\n');
}

/** A competitor's own site, when the engines cited it. */
const siteOf = (input: ComposeDraftInput, name: string) =>
  input.sources.find((s) => s.owner === 'COMPETITOR' && s.ownerName === name)?.domain ?? null;

function tableSection(input: ComposeDraftInput): string {
  const site = brandSite(input);
  const rows = [
    '| Option | Website |',
    '|---|---|',
    `| ${input.brand.name} | ${site ? link(site) : '–'} |`,
    ...input.competitors.map((c) => {
      const own = siteOf(input, c.name);
      return `| ${c.name} | ${own ? link(own) : '–'} |`;
    }),
  ];
  return rows.join('\n');
}

function optionsSection(input: ComposeDraftInput): string {
  const blocks = [`### ${input.brand.name}\n\n${brandParagraph(input)}`];
  for (const c of input.competitors) {
    const own = siteOf(input, c.name);
    blocks.push(
      `### ${c.name}\n\n${c.name} is another option for this need${own ? `: more at ${link(own)}` : ''}.`,
    );
  }
  return blocks.join('\n\n');
}

function pricingSection(input: ComposeDraftInput): string {
  const sites = [
    ...input.brand.domains.slice(0, 1).map((d) => `- ${input.brand.name}: ${link(d)}`),
    ...input.sources
      .filter((s) => s.owner === 'COMPETITOR' && s.ownerName)
      .map((s) => `- ${s.ownerName}: ${link(s.domain)}`),
  ];
  return [
    placeholder(
      `the prices and plans of ${list([input.brand.name, ...input.competitors.map((c) => c.name)])}, from each vendor’s own pricing page, with the date you read them`,
    ),
    'Prices and plans change often, so each vendor’s own page is the one to trust:',
    sites.join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n');
}

function chooseSection(input: ComposeDraftInput): string {
  const third = input.sources.filter((s) => s.owner === 'THIRD_PARTY').slice(0, 3);
  const points = [
    'Write down what the tool must do for your team, and your budget, before comparing anything.',
    input.competitors.length > 0
      ? `Compare the shortlist (${list([input.brand.name, ...input.competitors.map((c) => c.name)])}) on exactly those points: who each one is built for, what it costs, and what independent reviews say.`
      : `Compare ${input.brand.name} with the alternatives on exactly those points.`,
    third.length > 0
      ? `Read independent reviews: ${list(third.map((s) => link(s.domain)))}.`
      : null,
  ].filter((p): p is string => p !== null);
  return points.map((p) => `- ${p}`).join('\n');
}

function stepsSection(input: ComposeDraftInput): string {
  const steps = [
    `Write down what “${topicOf(input.prompt)}” means for your team: the must-haves and the budget.`,
    input.competitors.length > 0
      ? `Shortlist the options (${list([input.brand.name, ...input.competitors.map((c) => c.name)])}).`
      : `Shortlist the options, including ${input.brand.name}.`,
    'Compare them on the same criteria, using the sources below.',
    brandSite(input)
      ? `Try ${input.brand.name} at ${link(brandSite(input) ?? '')} and decide.`
      : `Try ${input.brand.name} and decide.`,
  ];
  return steps.map((s, i) => `${i + 1}. ${s}`).join('\n');
}

function faqSection(input: ComposeDraftInput): string {
  const topic = topicOf(input.prompt);
  const named = input.competitors.map((c) => c.name);
  const first = input.competitors[0];
  const items: [string, string][] = [
    [
      `${sentenceCase(topic)}?`,
      named.length > 0
        ? `The options to compare are ${list([input.brand.name, ...named])}. ${brandParagraph(input)}`
        : brandParagraph(input),
    ],
    [`What is ${input.brand.name}?`, brandParagraph(input)],
  ];
  if (first) {
    items.push([
      `How does ${input.brand.name} compare with ${first.name}?`,
      `${brandParagraph(input)} Put ${input.brand.name} and ${first.name} side by side on the same criteria: who each one is built for, what it costs, and what independent reviews say.`,
    ]);
  }
  const reviews = input.sources.filter((s) => s.owner === 'THIRD_PARTY').slice(0, 3);
  if (reviews.length > 0) {
    items.push([
      'Where can I read independent reviews?',
      `For example on ${list(reviews.map((s) => link(s.domain)))}.`,
    ]);
  }
  return items.map(([q, a]) => `### ${q}\n\n${a}`).join('\n\n');
}

function sourcesSection(input: ComposeDraftInput): string {
  const lines = input.sources.flatMap((s) =>
    s.urls.length > 0
      ? s.urls.slice(0, 3).map((u) => `- <${u}>${s.ownerName ? ` (${s.ownerName})` : ''}`)
      : [`- ${link(s.domain)}${s.ownerName ? ` (${s.ownerName})` : ''}`],
  );
  return lines.length > 0
    ? `Further reading on “${topicOf(input.prompt)}”:\n\n${lines.join('\n')}`
    : `${input.brand.name}’s own site: ${brandSite(input) ? link(brandSite(input) ?? '') : '–'}.`;
}

function otherSection(input: ComposeDraftInput): string {
  // A custom section the composer cannot fill from facts: the brand's own words and its site,
  // never invented text. The editor shows the template's guidance next to the draft.
  return brandParagraph(input);
}

function sectionBody(input: ComposeDraftInput, section: TemplateSection): string {
  switch (sectionRole(section)) {
    case 'answer':
      return answerSection(input);
    case 'table':
      return tableSection(input);
    case 'options':
      return optionsSection(input);
    case 'pricing':
      return pricingSection(input);
    case 'choose':
      return chooseSection(input);
    case 'steps':
      return stepsSection(input);
    case 'faq':
      return faqSection(input);
    case 'sources':
      return sourcesSection(input);
    default:
      return otherSection(input);
  }
}

/**
 * A structured, factual markdown draft: the template's sections in order, each filled from the
 * evidence by what its heading asks for; a FAQ and a sources section are added when the template
 * has none, because engines quote both.
 */
export function composeDraft(input: ComposeDraftInput): WrittenDraft {
  const sections = [...input.template.sections];
  if (sections.length === 0 || sectionRole(sections[0] as TemplateSection) !== 'answer') {
    sections.unshift({ heading: 'The short answer', guidance: '' });
  }
  if (!sections.some((s) => sectionRole(s) === 'faq')) {
    sections.push({ heading: 'Frequently asked questions', guidance: '' });
  }
  if (!sections.some((s) => sectionRole(s) === 'sources') && input.sources.length > 0) {
    sections.push({ heading: 'Sources', guidance: '' });
  }
  const faqHeading = (s: TemplateSection) =>
    sectionRole(s) === 'faq' ? 'Frequently asked questions' : s.heading;
  const body = sections.map((s) => `## ${faqHeading(s)}\n\n${sectionBody(input, s)}`).join('\n\n');
  return finishDraft({ title: composeTitle(input), body });
}
