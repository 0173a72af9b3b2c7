import { sentenceRanges } from '../analysis/sentences';
import type { Span } from '../entities/types';

// The GEO paper's "position-adjusted word count" (Aggarwal et al., "GEO: Generative Engine
// Optimization", KDD 2024), turned into the brand's share of one answer (docs/closed-loop.md,
// "Position-adjusted share"):
//
//   weight(s) = words(s) · exp(−pos(s) / |S|)        pos counted from 0, |S| = sentences
//   share     = Σ weight(s) over sentences naming or citing the brand / Σ weight(s) over all
//
// so a sentence early in the answer counts more than the same sentence at the end, and long
// sentences about the brand count more than a passing mention. 0 when the answer has no words.

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
const MARKER = /\[(\d{1,3})\]/g;

function countWords(text: string): number {
  let n = 0;
  WORD.lastIndex = 0;
  while (WORD.exec(text) !== null) n++;
  return n;
}

export type ShareInput = {
  text: string;
  /** Where the analyzer found the brand (its mention spans, owned URLs included). */
  brandSpans: readonly Span[];
  /**
   * 1-based positions of citations that belong to the brand: a sentence carrying the marker
   * `[n]` of one of them cites the brand.
   */
  ownCitationPositions?: readonly number[];
};

export type ShareSentence = { start: number; end: number; words: number; brand: boolean };

/** The answer's sentences, their word counts and whether each names or cites the brand. */
export function brandSentences(input: ShareInput): ShareSentence[] {
  const spans = [...input.brandSpans].sort((a, b) => a[0] - b[0]);
  const own = new Set(input.ownCitationPositions ?? []);
  let next = 0;
  return sentenceRanges(input.text).map(([start, end]) => {
    const sentence = input.text.slice(start, end);
    // Spans are sorted and sentences come in order: one pass over both.
    while (next < spans.length && (spans[next] as Span)[1] <= start) next++;
    let brand = next < spans.length && (spans[next] as Span)[0] < end;
    if (!brand && own.size > 0) {
      MARKER.lastIndex = 0;
      for (let m = MARKER.exec(sentence); m !== null; m = MARKER.exec(sentence)) {
        if (own.has(Number(m[1]))) {
          brand = true;
          break;
        }
      }
    }
    return { start, end, words: countWords(sentence), brand };
  });
}

/** The brand's position-adjusted word share of an answer, in [0, 1]. */
export function positionAdjustedShare(input: ShareInput): number {
  const sentences = brandSentences(input);
  const total = sentences.length;
  let all = 0;
  let brand = 0;
  sentences.forEach((s, pos) => {
    const weight = s.words * Math.exp(-pos / total);
    all += weight;
    if (s.brand) brand += weight;
  });
  return all > 0 ? brand / all : 0;
}
