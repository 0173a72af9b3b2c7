import type { CommonWordReason } from '../analysis/common-word';

/** A brand or competitor the user tracks. Aliases and domains are exactly what the user gave. */
export type TrackedEntity = {
  id: string;
  kind: 'brand' | 'competitor';
  name: string;
  aliases: string[];
  domains: string[];
  /**
   * The name is an everyday word ("Harvest", "Loom"): its one-word aliases count only in brand
   * context (docs/analysis.md, "Brands that are everyday words").
   */
  commonWord?: boolean;
};

export type Citation = { url: string; title?: string };

export type AnswerInput = { text: string; citations: Citation[] };

export type SentimentLabel = 'positive' | 'neutral' | 'negative';

/** [start, end) indices into the original answer text, in UTF-16 code units. */
export type Span = [start: number, end: number];

export type Mention = {
  entityId: string;
  /** 1 + number of tracked entities first mentioned earlier. */
  rank: number;
  firstOffset: number;
  count: number;
  /** -1..1; null when the answer's language is not scored (docs/analysis.md). */
  sentiment: number | null;
  sentimentLabel: SentimentLabel | null;
  snippet: string;
  spans: Span[];
};

export type CitationOwner = 'own' | 'competitor' | 'third_party';

export type AnalyzedCitation = {
  url: string;
  domain: string;
  /** 1-based position among the answer's distinct cited URLs. */
  position: number;
  owner: CitationOwner;
  entityId?: string;
  /** UTF-16 offsets of the numbered markers ("[1]") in the text that cite it. */
  markers?: number[];
};

export type DiscoveredEntity = { name: string; firstOffset: number };

/** Why an occurrence of a common-word brand did or did not count (common-word.ts). */
export type ContextDecision = {
  entityId: string;
  start: number;
  end: number;
  counted: boolean;
  reason: CommonWordReason;
};

export type AnswerAnalysis = {
  mentions: Mention[];
  citations: AnalyzedCitation[];
  discovered: DiscoveredEntity[];
  /** Only with the analyzer's `explain` option: every common-word occurrence and its reason. */
  decisions?: ContextDecision[];
};
