/** What a finished quick check shows; stored as JSON on the quick score row. */
export type QuickScoreResult = {
  score: number;
  mentionRate: { value: number; low: number; high: number };
  positionWeighted: number;
  shareOfVoice: number;
  citationRate: number;
  averageRank: number | null;
  sentiment: number | null;
  answers: number;
  engines: { engine: string; label: string; score: number; mentionRate: number; answers: number }[];
  /** The brand first, then its competitors, for the share-of-voice chart. */
  competitors: {
    name: string;
    isBrand: boolean;
    shareOfVoice: number;
    mentionRate: number;
    discovered: boolean;
  }[];
  topSources: { domain: string; citations: number; owner: 'own' | 'competitor' | 'third_party' }[];
  opportunities: { title: string; type: string; impact: number; recommendedKind: string | null }[];
  sampleAnswers: {
    engine: string;
    label: string;
    prompt: string;
    excerpt: string;
    /** [start, end) offsets of the brand's mentions inside `excerpt`. */
    highlights: { start: number; end: number }[];
    mentioned: boolean;
  }[];
  prompts: string[];
};
