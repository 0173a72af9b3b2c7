import type {
  AnswerAnalysis,
  AnswerInput,
  Citation,
  Mention,
  Span,
  TrackedEntity,
} from '../entities/types';
import { analyzeCitations, citationKey } from './citations';
import type { CommonWordDecision } from './common-word';
import { discoverEntities } from './discover';
import { hostOf } from './hosts';
import { canonicalHost } from './idn';
import { verdictKey } from './judge';
import { detectLanguage, type LanguageHint } from './language';
import { createEntityMatcher, type EntityMatcher, matchEntities } from './match-entities';
import { MentionSentiment } from './mention-sentiment';
import { quotedTitles } from './quoted-titles';
import type { ScanBuffers, TextScan } from './scan-text';
import { snippetAround } from './sentences';
import { labelSentiment } from './sentiment';
import { attachMarkers, chipSources, hasInlineMarker, numberedSources } from './source-markers';
import { normalizeName, originalOffset } from './text-normalize';

/**
 * `verdicts`: the optional judge's verdicts on ambiguous occurrences of common-word names, keyed
 * by `verdictKey` (entity id and start offset; docs/analysis.md, "The optional judge"). Without
 * them every occurrence follows the deterministic rule.
 */
export type Analyzer = (
  answer: AnswerInput,
  verdicts?: ReadonlyMap<string, boolean>,
) => AnswerAnalysis;

export type AnalyzerOptions = {
  /**
   * The language the answers are expected in (the brand's language, or the prompts' language
   * for a quick check), used only when an answer's own words do not tell: a short answer with
   * no function word. Without it such an answer is not scored.
   */
  languageHint?: LanguageHint;
  /** Report why each occurrence of a common-word brand counted or not (the alias tester). */
  explain?: boolean;
};

/**
 * Answers are analysed up to this many UTF-16 units; the rest is ignored. Engines' answers are a
 * few KB; the cap bounds the work one stored answer can cost (docs/analysis.md).
 */
export const MAX_ANSWER_LENGTH = 100_000;
/** Citations listed with an answer beyond this many are ignored. */
export const MAX_CITATIONS = 200;

/** The text the analyzer reads: cut at MAX_ANSWER_LENGTH, never inside a surrogate pair. */
export function truncateAnswer(text: string): string {
  if (text.length <= MAX_ANSWER_LENGTH) return text;
  const c = text.charCodeAt(MAX_ANSWER_LENGTH - 1);
  const cut = c >= 0xd800 && c <= 0xdbff ? MAX_ANSWER_LENGTH - 1 : MAX_ANSWER_LENGTH;
  return text.slice(0, cut);
}

/**
 * Compiles the entities' matchers once and returns the analysis function (docs/analysis.md).
 * Use it when analysing many answers for one brand.
 */
export function createAnalyzer(
  entities: readonly TrackedEntity[],
  options: AnalyzerOptions = {},
): Analyzer {
  const matcher = createEntityMatcher(entities);
  const trackedNames = new Set<string>();
  for (const e of entities) {
    for (const alias of [e.name, ...e.aliases]) trackedNames.add(normalizeName(alias));
  }

  // Analyses run one at a time and the scan does not outlive one: reuse its token arrays.
  const buffers: ScanBuffers = {
    starts: new Int32Array(0),
    ends: new Int32Array(0),
    hashes: new Int32Array(0),
  };
  let originalStarts = new Int32Array(64);
  // Each entity's first offset (-1: not mentioned), for the ranks.
  let firsts = new Int32Array(entities.length);
  const sentiments = new MentionSentiment();

  return (answer, verdicts) => {
    const text = typeof answer.text === 'string' ? truncateAnswer(answer.text) : '';
    const listed = Array.isArray(answer.citations) ? answer.citations.slice(0, MAX_CITATIONS) : [];
    const decisions: CommonWordDecision[] | undefined = options.explain ? [] : undefined;
    const commonWord = matcher.commonWords
      ? {
          language: (s: TextScan) => detectLanguage(s, options.languageHint),
          cited: citedEntities(matcher, listed),
          decisions,
          verdict:
            verdicts && verdicts.size > 0
              ? (entityIndex: number, start: number) =>
                  verdicts.get(verdictKey({ entityId: entities[entityIndex]!.id, start }))
              : undefined,
        }
      : undefined;
    const matched = matchEntities(matcher, text, buffers, commonWord);
    const { spans, urls, folded, scan } = matched;
    // Sentence starts in original offsets (the folded → original map never decreases).
    let starts = scan.sentenceStarts;
    if (folded.map !== null) {
      const count = scan.sentenceStarts.length;
      if (originalStarts.length < count) originalStarts = new Int32Array(count * 2);
      for (let k = 0; k < count; k++) {
        originalStarts[k] = originalOffset(folded, scan.sentenceStarts[k]!, text.length);
      }
      starts = originalStarts.subarray(0, count);
    }
    const names: Span[] = [];
    for (const u of urls) {
      names.push([u.start, u.end]);
      // The text of a markdown link is the title of the cited page.
      if (u.linkTextStart !== -1) names.push([u.linkTextStart, u.start]);
    }
    for (const list of spans) for (const span of list) names.push(span);
    if (scan.quotes) for (const span of quotedTitles(text)) names.push(span);
    sentiments.reset({
      text,
      folded,
      scan,
      starts,
      language: matched.language ?? detectLanguage(scan, options.languageHint),
      names,
      spans,
    });

    const mentions: Mention[] = [];
    if (firsts.length < entities.length) firsts = new Int32Array(entities.length);
    for (let i = 0; i < entities.length; i++) firsts[i] = spans[i]![0]?.[0] ?? -1;
    for (let i = 0; i < entities.length; i++) {
      const list = spans[i]!;
      const first = firsts[i]!;
      if (first === -1) continue;
      let rank = 1;
      for (let j = 0; j < entities.length; j++) {
        const f = firsts[j]!;
        if (f !== -1 && f < first) rank++;
      }
      const sentiment = sentiments.of(i);
      mentions.push({
        entityId: entities[i]!.id,
        rank,
        firstOffset: first,
        count: list.length,
        sentiment,
        sentimentLabel: sentiment === null ? null : labelSentiment(sentiment),
        snippet: snippetAround(text, starts, first),
        spans: list,
      });
    }
    // A stable insertion sort: at most one mention per entity.
    for (let i = 1; i < mentions.length; i++) {
      const m = mentions[i]!;
      let j = i - 1;
      for (; j >= 0 && mentions[j]!.firstOffset > m.firstOffset; j--)
        mentions[j + 1] = mentions[j]!;
      mentions[j + 1] = m;
    }

    const inline: string[] = [];
    for (const u of urls) if (u.hasScheme) inline.push(text.slice(u.start, u.end));
    for (const chip of chipSources(text)) inline.push(chip);
    const citations = analyzeCitations(listed, inline, matcher.domains);
    // Most answers have no "[1]" marker: then nothing would be attached (docs/analysis.md, "Speed").
    if (hasInlineMarker(text))
      attachMarkers(text, numberedSources(text, listed), citations, citationKey);
    const allSpans: Span[] = [];
    for (const list of spans) for (const span of list) allSpans.push(span);
    const discovered = discoverEntities(text, allSpans, trackedNames);
    if (!decisions) return { mentions, citations, discovered };
    const explained = decisions.map(({ entityIndex, ...d }) => ({
      entityId: entities[entityIndex]!.id,
      ...d,
    }));
    return { mentions, citations, discovered, decisions: explained };
  };
}

/** Entities that own one of the answer's listed citations. */
function citedEntities(matcher: EntityMatcher, citations: readonly Citation[]): Set<number> {
  const cited = new Set<number>();
  for (const c of citations) {
    if (!c || typeof c.url !== 'string') continue;
    const owner = matcher.domains.ownerOf(canonicalHost(hostOf(c.url.trim())));
    if (owner) cited.add(matcher.entities.indexOf(owner));
  }
  return cited;
}

const cache = new WeakMap<readonly TrackedEntity[], { signature: string; analyzer: Analyzer }>();

/**
 * Analyses one answer. The compiled matcher is cached per entities array (and recompiled if the
 * array's content changed since), so callers that pass the same array pay compilation once. For
 * many answers, `createAnalyzer` skips even the change check.
 */
export function analyzeAnswer(
  answer: AnswerInput,
  entities: readonly TrackedEntity[],
): AnswerAnalysis {
  const signature = JSON.stringify(entities);
  let entry = cache.get(entities);
  if (!entry || entry.signature !== signature) {
    entry = { signature, analyzer: createAnalyzer(entities) };
    cache.set(entities, entry);
  }
  return entry.analyzer(answer);
}
