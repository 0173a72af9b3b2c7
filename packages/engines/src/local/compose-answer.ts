import type { CorpusHit } from '@lumen/db/repositories/corpus.repository';
import { seededRandom } from '../corpus/random';
import type { Citation } from '../engine';
import { mentionTester } from './brand-extraction';
import { belongsToAnswer, inMarket, questionMarket } from './market';
import type { Persona } from './personas';
import {
  bestReason,
  promptKeyWeights,
  type RankedBrand,
  rankBrands,
  selectDocuments,
} from './rank-brands';
import { sentencesOf } from './text';

export interface ComposedAnswer {
  text: string;
  citations: Citation[];
}

interface ListedBrand {
  name: string;
  reason: string;
  /** Documents that back the item, strongest first. */
  sources: CorpusHit[];
}

/**
 * Writes a persona's answer from the documents it retrieved: a short intro, the brands those
 * documents name as a numbered list (bold name, a reason sentence quoted from the best document),
 * a closing line and the citations in the persona's habit. Pure and deterministic.
 */
export function composeAnswer(
  prompt: string,
  persona: Persona,
  hits: readonly CorpusHit[],
  /** Which of a run's samples (docs/metrics.md, "Samples"); 1 reads the pages as they rank. */
  sample = 1,
): ComposedAnswer {
  // Keep to the question's market (market.ts): the pages of other markets are not read.
  const market = questionMarket(prompt, selectDocuments(hits, persona));
  const documents = selectDocuments(inMarket(hits, market), persona, sample);
  const topic = topicOf(prompt);
  if (documents.length === 0) {
    return {
      text: `I couldn't find sources in my index that answer "${prompt.trim()}". Try rephrasing the question or naming the product category.`,
      citations: [],
    };
  }
  const ranked = rankBrands(documents).filter(
    (brand) =>
      !isExcludedByPrompt(prompt, brand.name) && belongsToAnswer(brand.name, market, documents),
  );
  const chosen = ranked.slice(0, persona.listSize);
  // A question about one brand talks about that brand, even when others outrank it.
  const asked = YES_NO.test(prompt) ? brandNamedIn(prompt, ranked) : undefined;
  if (asked && !chosen.includes(asked) && chosen.length > 0) chosen[chosen.length - 1] = asked;
  const weights = promptKeyWeights(
    prompt,
    documents.map((d) => d.hit),
  );
  const listed = chosen.map((brand) => toListed(brand, weights, persona));
  if (listed.length === 0)
    return summarise(
      topic,
      persona,
      documents.map((d) => d.hit),
    );
  return render(topic, persona, listed, prompt, verdictFor(prompt, ranked));
}

function brandNamedIn(prompt: string, ranked: readonly RankedBrand[]): RankedBrand | undefined {
  const folded = prompt.toLowerCase();
  return ranked.find((b) => mentionTester(b.name.toLowerCase()).test(folded));
}

const YES_NO = /^\s*(?:is|are|does|do|can|should|would|will)\s+/i;

/**
 * "Is Northwind CRM good for startups?" deserves a direct answer before the list: yes when the
 * sources rank the brand near the top, a hedge when they rank it lower or not at all.
 */
export function verdictFor(prompt: string, ranked: readonly RankedBrand[]): string | undefined {
  if (!YES_NO.test(prompt)) return undefined;
  const named =
    brandNamedIn(prompt, ranked)?.name ??
    /^\s*\w+\s+((?:[A-Z][\p{L}\p{N}&'.-]*)(?:\s+[A-Z][\p{L}\p{N}&'.-]*){0,3})/u.exec(prompt)?.[1];
  if (!named) return undefined;
  const position = ranked.findIndex((b) => b.name === named);
  const [first, second] = ranked.filter((b) => b.name !== named);
  if (position === 0) {
    return `Yes. ${named} is the option the sources I found recommend most often.`;
  }
  if (position > 0 && position <= 2) {
    return `Yes, ${named} is among the most recommended options, although ${first?.name} comes up more often.`;
  }
  if (position > 2) {
    return `${named} is a reasonable option, but reviewers recommend ${first?.name}${second ? ` and ${second.name}` : ''} more often.`;
  }
  return `${named} doesn't come up much in the sources I found; other options are recommended more often.`;
}

function toListed(
  brand: RankedBrand,
  weights: ReadonlyMap<string, number>,
  persona: Persona,
): ListedBrand {
  const perItem = persona.citationStyle === 'bracket-markers' ? 2 : 1;
  const strongest = brand.evidence[0]?.document.hit as CorpusHit;
  const found = bestReason(brand, weights);
  const best = found?.hit ?? strongest;
  const reason =
    found?.reason ?? `${brand.name} is highlighted by ${best.domain} in "${best.title}".`;
  const others = brand.evidence.map((e) => e.document.hit).filter((hit) => hit !== best);
  return { name: brand.name, reason, sources: [best, ...others].slice(0, perItem) };
}

/** "alternatives to Relaymark", "instead of Relaymark": the asker wants the others. */
export function isExcludedByPrompt(prompt: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `(?:alternatives? (?:to|for)|instead of|other than|besides|replac\\w*|switch\\w* (?:from|away from)|leav\\w*|cheaper than)\\s+${escaped}(?![\\p{L}\\p{N}])`,
    'iu',
  ).test(prompt);
}

const QUESTION_HEAD =
  /^(?:(?:what|which|who)(?:'s| is| are)?(?: the)?|can you|could you|please|recommend(?: me)?|suggest|tell me|give me|list|i need|looking for)\s+/i;

/** "What is the best CRM for startups?" → "the best CRM for startups". */
export function topicOf(prompt: string): string {
  let topic = prompt.trim().replace(/[?!.\s]+$/, '');
  const how =
    /^how (?:do|should|can|would) (?:i|we|you) (choose|pick|select|find|compare)\s+(.+)$/i.exec(
      topic,
    );
  if (how?.[1] && how[2]) {
    const verb = how[1].toLowerCase();
    const gerund = verb === 'compare' ? 'comparing' : `${verb.replace(/e$/, '')}ing`;
    return `${gerund} ${how[2]}`;
  }
  for (let i = 0; i < 3; i++) topic = topic.replace(QUESTION_HEAD, '');
  topic = topic.replace(/^(?:a|an|some|the)\s+/i, '');
  if (!/^(?:best|top|good|leading|most)\b/i.test(topic)) return topic;
  return `the ${topic}`;
}

class CitationIndex {
  readonly citations: Citation[] = [];
  private readonly byUrl = new Map<string, number>();

  /** 1-based number of the document, adding it on first use. */
  cite(hit: CorpusHit): number {
    const known = this.byUrl.get(hit.url);
    if (known !== undefined) return known;
    this.citations.push({ url: hit.url, title: hit.title });
    this.byUrl.set(hit.url, this.citations.length);
    return this.citations.length;
  }
}

function render(
  topic: string,
  persona: Persona,
  listed: ListedBrand[],
  prompt: string,
  verdict: string | undefined,
): ComposedAnswer {
  const random = seededRandom(`${persona.id}:${prompt}`);
  const index = new CitationIndex();
  const limit = persona.maxCitations;
  const withinLimit = (hit: CorpusHit) =>
    index.citations.some((c) => c.url === hit.url) || index.citations.length < limit;
  const [first, second, third] = listed;
  const lines: string[] = [];

  switch (persona.citationStyle) {
    case 'inline-links': {
      lines.push(
        verdict ??
          random.pick([
            `Here are the options that come up most often for ${topic}, based on recent reviews and comparisons:`,
            `Based on current reviews and buyer guides, these are the strongest picks for ${topic}:`,
          ]),
        '',
      );
      listed.forEach((item, i) => {
        const source = item.sources[0] as CorpusHit;
        const link = withinLimit(source) ? ` ([${source.domain}](${citeUrl(index, source)}))` : '';
        lines.push(`${i + 1}. **${item.name}** — ${item.reason}${link}`);
      });
      lines.push(
        '',
        `**Bottom line:** ${first?.name} is the most frequently recommended choice${second ? `, with ${second.name}${third ? ` and ${third.name}` : ''} as strong alternatives` : ''}. The right pick depends on your budget and requirements.`,
      );
      break;
    }
    case 'sources-list': {
      lines.push(
        verdict ??
          random.pick([
            `Based on the reviews and comparisons I found, a few options stand out for ${topic}:`,
            `There's no single right answer, but the sources I found point to these options for ${topic}:`,
          ]),
        '',
      );
      listed.forEach((item, i) => {
        const source = item.sources[0] as CorpusHit;
        const marker = withinLimit(source) ? ` [${index.cite(source)}]` : '';
        lines.push(`${i + 1}. **${item.name}**: ${item.reason}${marker}`);
      });
      lines.push(
        '',
        `I'd suggest trialling two or three of these, starting with ${first?.name}, since the best fit depends on your workflow and budget.`,
        '',
        'Sources:',
        ...index.citations.map((c, i) => `${i + 1}. [${c.title}](${c.url})`),
      );
      break;
    }
    case 'top-sources': {
      lines.push(verdict ?? `For ${topic}, these are strong options to consider:`, '');
      listed.forEach((item, i) => {
        lines.push(`${i + 1}. **${item.name}:** ${item.reason}`);
      });
      lines.push(
        '',
        `${first?.name} is a popular starting point, but compare pricing and features against your own needs.`,
      );
      const top = [...new Set(listed.map((item) => item.sources[0] as CorpusHit))].slice(0, limit);
      for (const hit of top) index.cite(hit);
      lines.push(
        '',
        `**Sources:** ${index.citations.map((c) => `[${domainOf(c.url)}](${c.url})`).join(', ')}`,
      );
      break;
    }
    case 'bracket-markers': {
      const opening = listed.slice(0, 2).map((item) => item.sources[0] as CorpusHit);
      const openingMarkers = markersFor(index, opening);
      const opener = `the most recommended options are ${first?.name}${second ? ` and ${second.name}` : ''} ${openingMarkers}.`;
      lines.push(verdict ? `${verdict} Overall, ${opener}` : `For ${topic}, ${opener}`, '');
      listed.forEach((item, i) => {
        const markers = markersFor(index, item.sources.filter(withinLimit));
        lines.push(`${i + 1}. **${item.name}** – ${item.reason}${markers ? ` ${markers}` : ''}`);
      });
      lines.push(
        '',
        `Reviewers and users generally agree on ${first?.name}, but the best choice depends on your specific needs.`,
      );
      break;
    }
  }
  return { text: lines.join('\n'), citations: index.citations };
}

function markersFor(index: CitationIndex, hits: readonly CorpusHit[]): string {
  const numbers = [...new Set(hits.map((hit) => index.cite(hit)))].sort((a, b) => a - b);
  return numbers.map((n) => `[${n}]`).join('');
}

function citeUrl(index: CitationIndex, hit: CorpusHit): string {
  index.cite(hit);
  return hit.url;
}

function domainOf(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}

/** No brand in the sources (a how-to question): quote the most relevant sentences instead. */
function summarise(topic: string, persona: Persona, hits: CorpusHit[]): ComposedAnswer {
  const index = new CitationIndex();
  const picked = hits.slice(0, Math.min(3, persona.maxCitations));
  const lines = [`Here is what the sources I found say about ${topic}:`, ''];
  for (const hit of picked) {
    const sentence = sentencesOf(hit.body).find((s) => s.length >= 40) ?? hit.title;
    const n = index.cite(hit);
    lines.push(
      persona.citationStyle === 'inline-links'
        ? `- ${sentence} ([${hit.domain}](${hit.url}))`
        : `- ${sentence} [${n}]`,
    );
  }
  if (persona.citationStyle === 'sources-list' || persona.citationStyle === 'top-sources') {
    lines.push(
      '',
      'Sources:',
      ...index.citations.map((c, i) => `${i + 1}. [${c.title}](${c.url})`),
    );
  }
  return { text: lines.join('\n'), citations: index.citations };
}
