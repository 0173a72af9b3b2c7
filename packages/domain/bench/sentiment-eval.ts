/**
 * Compares sentiment lexicon libraries on hand-labelled product sentences and prints the accuracy
 * of each, plus the accuracy of the production scorer. Run: npx tsx bench/sentiment-eval.ts
 */
import { readFileSync } from 'node:fs';
import Sentiment from 'sentiment';
import vader from 'vader-sentiment';
import wink from 'wink-sentiment';
import { createSentenceScorer, labelSentiment, sentenceSentiment } from '../src/analysis/sentiment';

type Label = 'positive' | 'neutral' | 'negative';
type Example = { text: string; label: Label };

const data = JSON.parse(
  readFileSync(new URL('./sentiment-labelled.json', import.meta.url), 'utf8'),
) as { sentences: Example[] };

// Sum-of-valence libraries are squashed into [-1, 1] the way VADER normalises its compound score,
// so every candidate is judged with the same ±0.05 thresholds as DESIGN §5.
const squash = (sum: number): number => sum / Math.sqrt(sum * sum + 15);
const afinn = new Sentiment();

const candidates: Record<string, (text: string) => number> = {
  'sentiment (AFINN-165)': (t) => squash(afinn.analyze(t).score),
  'wink-sentiment (AFINN-165 + 2-grams, negation)': (t) => squash(wink(t).score),
  'vader-sentiment (VADER compound)': (t) =>
    vader.SentimentIntensityAnalyzer.polarity_scores(t).compound,
  'AFINN-165 + VADER rules, no product lexicon': createSentenceScorer({ productLexicon: false })
    .scoreSentence,
  'lumen production scorer (sentenceSentiment)': (t) => sentenceSentiment(t),
};

const labels: Label[] = ['positive', 'neutral', 'negative'];
console.log(`${data.sentences.length} labelled sentences`);
for (const [name, score] of Object.entries(candidates)) {
  let correct = 0;
  const confusion = new Map<string, number>();
  for (const ex of data.sentences) {
    const predicted = labelSentiment(score(ex.text));
    if (predicted === ex.label) correct++;
    const key = `${ex.label}->${predicted}`;
    confusion.set(key, (confusion.get(key) ?? 0) + 1);
  }
  const perClass = labels
    .map((l) => {
      const total = data.sentences.filter((e) => e.label === l).length;
      return `${l} ${confusion.get(`${l}->${l}`) ?? 0}/${total}`;
    })
    .join(', ');
  const pct = ((100 * correct) / data.sentences.length).toFixed(1);
  if (process.argv.includes('--errors') && name.startsWith('lumen')) {
    for (const ex of data.sentences) {
      const predicted = labelSentiment(score(ex.text));
      if (predicted !== ex.label) console.log(`  ${ex.label} -> ${predicted}: ${ex.text}`);
    }
  }
  console.log(
    `${name.padEnd(50)} accuracy ${pct}% (${correct}/${data.sentences.length}; ${perClass})`,
  );
}
