import type { ComposeDraftInput } from './compose-draft';
import { composeTitle } from './compose-draft';
import { finishDraft, type WrittenDraft } from './draft-meta';

// The LLM writer's brief and the reading of its answer (docs/publishing.md, "Orders and
// drafts"). The brief asks for what raised visibility in generative engines in the GEO study
// (Aggarwal et al., 2024): statistics, quotations and cited sources, fluent and authoritative
// prose, and no keyword stuffing. Only evidence goes in; the model is told not to invent facts.

export function draftPrompt(input: ComposeDraftInput): string {
  const competitors = input.competitors
    .map(
      (c) =>
        `- ${c.name}: named by ${c.engines} of ${input.totalEngines} engines, best position ${c.bestRank}`,
    )
    .join('\n');
  const sources = input.sources
    .slice(0, 10)
    .map(
      (s) =>
        `- ${s.domain} (${s.count} citations${s.ownerName ? `, ${s.ownerName}` : ''})${s.urls.length ? `: ${s.urls.slice(0, 3).join(' ')}` : ''}`,
    )
    .join('\n');
  const excerpts = input.excerpts
    .slice(0, 6)
    .map((e) => `- ${e.engineLabel}: “${e.text.replace(/\s+/g, ' ').trim()}”`)
    .join('\n');
  const sections = input.template.sections
    .map((s, i) => `${i + 1}. ${s.heading}${s.guidance ? ` — ${s.guidance}` : ''}`)
    .join('\n');
  return [
    `Write a ${input.kind} article in Markdown that answers the question: “${input.prompt}”.`,
    `It is published on the website of ${input.brand.name}${input.brand.domains[0] ? ` (${input.brand.domains[0]})` : ''}${input.brand.industry ? `, a ${input.brand.industry} company` : ''}.`,
    input.brand.description ? `The brand describes itself as: ${input.brand.description}` : '',
    'AI assistants currently answer this question without naming the brand. They name:',
    competitors || '- (no competitor named)',
    'Sources they cite:',
    sources || '- (none recorded)',
    'Excerpts of their answers:',
    excerpts || '- (none recorded)',
    '',
    'Structure, one "## " heading per section, in this order:',
    sections,
    'End with a "## Frequently asked questions" section of "### " questions with direct answers, and a "## Sources" list of the URLs you cite.',
    input.template.instructions ? `Instructions: ${input.template.instructions}` : '',
    '',
    'How to write it:',
    '- Start with a single "# " line holding the title, then answer the question in the first two sentences.',
    '- Include concrete statistics and numbers from the evidence above; attribute each one.',
    '- Quote relevant sources directly, with who said it.',
    '- Cite the sources above inline as Markdown links.',
    '- Fluent, authoritative and fair to competitors; no keyword stuffing, no filler.',
    '- Do not invent facts, prices, customers or figures that are not in the evidence or the brand description.',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * The model's Markdown as a draft: the first "# " line is the title (the fallback title when it
 * wrote none), the rest the body; a code fence around the whole answer is dropped.
 */
export function draftFromMarkdown(markdown: string, input: ComposeDraftInput): WrittenDraft {
  let text = markdown.trim();
  const fenced = /^```(?:markdown|md)?\s*\n([\s\S]*?)\n```$/.exec(text);
  if (fenced) text = (fenced[1] ?? '').trim();
  const heading = /^#\s+(.+?)\s*#*\s*$/m.exec(text);
  const before = heading ? text.slice(0, heading.index).trim() : '';
  const title = heading && before === '' ? (heading[1] ?? '') : composeTitle(input);
  const body = heading && before === '' ? text.slice(heading.index + heading[0].length) : text;
  return finishDraft({ title, body });
}
