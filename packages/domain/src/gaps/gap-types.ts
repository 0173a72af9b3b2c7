import type { AnswerAnalysis } from '../entities/types';
import type { ContentKind } from '../prompts/prompt-kind';

export type OpportunityType =
  | 'missing_mention'
  | 'low_rank'
  | 'citation_gap'
  | 'negative_sentiment'
  // A site audit's finding (docs/site-audit.md); never produced by a run's gap analysis.
  | 'technical'
  // A cited page naming competitors but not the brand (docs/sources.md); never from a run's gaps.
  | 'source_outreach';

export type GapAnswer = { engine: string; analysis: AnswerAnalysis };

export type GapPrompt = { promptId: string; text: string; answers: GapAnswer[] };

export type GapEvidence = {
  /** Engines whose answer shows the gap. */
  engines: string[];
  /** Engines that answered the prompt. */
  totalEngines: number;
  /** Competitors in the answers that show the gap, most prominent first. */
  competitors: { entityId: string; name: string; bestRank: number; engines: number }[];
  /** The brand's rank or sentiment per engine, where it was mentioned. */
  brand: { engine: string; rank: number; sentiment: number | null; snippet: string }[];
  citedDomains: { domain: string; count: number }[];
  urls: string[];
};

export type Opportunity = {
  type: OpportunityType;
  promptId: string;
  title: string;
  evidence: GapEvidence;
  /** 0–100: how many engines show the gap and how prominent the competitors are. */
  impact: number;
  recommendedKind: ContentKind;
  /** Third-party domains the engines rely on for this prompt, most cited first. */
  sources: string[];
};
