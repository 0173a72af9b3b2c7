/** A brand or competitor the user tracks. Aliases and domains are exactly what the user gave. */
export type TrackedEntity = {
  id: string;
  kind: 'brand' | 'competitor';
  name: string;
  aliases: string[];
  domains: string[];
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
};

export type DiscoveredEntity = { name: string; firstOffset: number };

export type AnswerAnalysis = {
  mentions: Mention[];
  citations: AnalyzedCitation[];
  discovered: DiscoveredEntity[];
};
