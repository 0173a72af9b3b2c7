import type { ChangeVerdict } from '../metrics/periods';
import type { EvidenceVerdict } from '../publishing/evidence';

// What a report holds (docs/reports.md). It is computed once, when the report is made, and kept
// as a snapshot: the web page, the share page and the PDF all draw this same object, so a report
// read a month later still shows the numbers it was made with.

export const REPORT_CONTENT_VERSION = 1;

export type Interval = { value: number; low: number; high: number };

export type ReportChange = {
  /** Score points, now − before. */
  score: number;
  /** Mention-rate points (0–1), now − before. */
  mentionRate: number;
  verdict: ChangeVerdict;
};

export type ReportKpis = {
  answers: number;
  score: number;
  mentionRate: Interval;
  shareOfVoice: number;
  citationRate: number;
  averageRank: number | null;
  sentiment: number | null;
  change: ReportChange | null;
  previous: { answers: number; score: number; mentionRate: Interval };
};

export type ReportMove = {
  /** What moved: the brand overall, one engine or one keyword. */
  scope: 'BRAND' | 'ENGINE' | 'KEYWORD';
  name: string;
  verdict: ChangeVerdict;
  before: Interval;
  after: Interval;
  scoreChange: number;
  /** Plain words: what moved and what the period holds that may explain it. */
  why: string;
};

export type ReportContent = {
  version: typeof REPORT_CONTENT_VERSION;
  brand: { id: string; name: string };
  workspaceName: string;
  period: { from: string; to: string; previousFrom: string; previousTo: string; timezone: string };
  generatedAt: string;
  kpis: ReportKpis;
  engines: (ReportKpis & { engine: string; label: string })[];
  moves: ReportMove[];
  shareOfVoice: {
    entityId: string;
    name: string;
    kind: 'BRAND' | 'COMPETITOR';
    shareOfVoice: number;
    mentionRate: Interval;
    answers: number;
  }[];
  sources: { domain: string; kind: string; citations: number; answers: number; share: number }[];
  opportunities: {
    byStatus: Record<string, number>;
    open: number;
    resolvedInPeriod: number;
    top: { title: string; impact: number; status: string }[];
  };
  published: {
    title: string;
    url: string;
    publishedAt: string;
    enoughData: boolean;
    verdict: EvidenceVerdict;
    before: Interval | null;
    after: Interval | null;
    note: string | null;
  }[];
  cost: {
    usd: number;
    unpricedAnswers: number;
    byEngine: {
      engine: string;
      label: string;
      answers: number;
      costUsd: number;
      unpriced: number;
    }[];
  };
};

const pct = (v: number) => `${Math.round(v * 1000) / 10} %`;

type MoveInput = {
  scope: ReportMove['scope'];
  name: string;
  change: ReportChange | null;
  before: Interval;
  after: Interval;
};

/**
 * The moves worth a line: every scope whose change is not within noise (the Wilson intervals of
 * the two periods do not overlap), largest score change first, each with a plain "why". A
 * publication in the period is named as a possible cause of an upward move, not as its proof.
 */
export function reportMoves(inputs: readonly MoveInput[], publishedTitles: readonly string[]) {
  const moves: ReportMove[] = [];
  for (const m of inputs) {
    if (!m.change || m.change.verdict === 'WITHIN_NOISE') continue;
    const up = m.change.verdict === 'MOVED_UP';
    const what =
      m.scope === 'BRAND' ? 'Overall' : m.scope === 'ENGINE' ? `On ${m.name}` : `For “${m.name}”`;
    let why = `${what}, the mention rate ${up ? 'rose' : 'fell'} from ${pct(m.before.value)} to ${pct(m.after.value)}; the intervals do not overlap, so this is more than noise.`;
    if (up && publishedTitles.length > 0) {
      why += ` Published in the period: ${publishedTitles.slice(0, 3).join(', ')}.`;
    }
    moves.push({
      scope: m.scope,
      name: m.name,
      verdict: m.change.verdict,
      before: m.before,
      after: m.after,
      scoreChange: m.change.score,
      why,
    });
  }
  return moves.sort(
    (a, b) =>
      Math.abs(b.scoreChange) - Math.abs(a.scoreChange) ||
      Math.abs(b.after.value - b.before.value) - Math.abs(a.after.value - a.before.value),
  );
}
