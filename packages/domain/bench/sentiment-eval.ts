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

const load = (file: string) =>
  (JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as { sentences: Example[] })
    .sentences;
// The labelled set guided the product lexicon; the held-out set was written after it was fixed.
const sets: [string, Example[]][] = [
  ['labelled set', load('./sentiment-labelled.json')],
  ['held-out set', load('./sentiment-heldout.json')],
];

// Sum-of-valence libraries are squashed into [-1, 1] the way VADER normalises its compound score,
// so every candidate is judged with the same ±0.05 thresholds as the analyzer (docs/analysis.md).
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

function evaluate(score: (text: string) => number, examples: Example[]) {
  let correct = 0;
  const perClass = new Map<Label, number>();
  const errors: string[] = [];
  for (const ex of examples) {
    const predicted = labelSentiment(score(ex.text));
    if (predicted === ex.label) {
      correct++;
      perClass.set(ex.label, (perClass.get(ex.label) ?? 0) + 1);
    } else errors.push(`  ${ex.label} -> ${predicted}: ${ex.text}`);
  }
  const detail = labels
    .map((l) => `${l} ${perClass.get(l) ?? 0}/${examples.filter((e) => e.label === l).length}`)
    .join(', ');
  const pct = ((100 * correct) / examples.length).toFixed(1);
  return { text: `${pct}% (${correct}/${examples.length}; ${detail})`, errors };
}

/** Microseconds per sentence: the analysis budget leaves a few per sentence. */
function speed(score: (text: string) => number, examples: Example[]): string {
  const texts = examples.map((e) => e.text);
  for (let i = 0; i < 2_000; i++) score(texts[i % texts.length]!);
  const started = process.cpuUsage();
  const n = 20_000;
  for (let i = 0; i < n; i++) score(texts[i % texts.length]!);
  const used = process.cpuUsage(started);
  return `${((used.user + used.system) / n).toFixed(1)} µs/sentence`;
}

for (const [setName, examples] of sets) console.log(`${setName}: ${examples.length} sentences`);
for (const [name, score] of Object.entries(candidates)) {
  console.log(`\n${name} (${speed(score, sets[0]![1])})`);
  for (const [setName, examples] of sets) {
    const result = evaluate(score, examples);
    console.log(`  ${setName.padEnd(13)} accuracy ${result.text}`);
    if (process.argv.includes('--errors') && name.startsWith('lumen')) {
      for (const line of result.errors) console.log(`  ${line}`);
    }
  }
}
