import type { SentimentLabel, TrackedEntity } from '../entities/types';
import { createAnalyzer } from './analyze-answer';

/** Shared by the round-3 rule tests (docs/analysis.md, "Reading the verdict"). */
export const ENTITIES: TrackedEntity[] = [
  { id: 'acme', kind: 'brand', name: 'Acme', aliases: [], domains: ['acme.com'] },
  { id: 'globex', kind: 'competitor', name: 'Globex', aliases: [], domains: [] },
];

export type Lang = 'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'nl';
export type Labels = Record<string, SentimentLabel | null>;
export type Case = [lang: Lang, text: string, expected: Labels];

// The brand's language is the hint, as in brand runs: short answers are read in it.
const analyzers = new Map<Lang, ReturnType<typeof createAnalyzer>>();

export function labels(lang: Lang, text: string): Labels {
  let analyze = analyzers.get(lang);
  if (!analyze) {
    analyze = createAnalyzer(ENTITIES, { languageHint: lang });
    analyzers.set(lang, analyze);
  }
  const out: Labels = {};
  for (const m of analyze({ text, citations: [] }).mentions) out[m.entityId] = m.sentimentLabel;
  return out;
}
