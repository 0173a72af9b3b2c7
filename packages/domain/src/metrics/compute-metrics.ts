import { sentimentScore } from '../analysis/sentiment';
import type { AnswerAnalysis } from '../entities/types';
import { visibilityScore } from './score';
import { wilson } from './wilson';

export type MetricsItem = {
  analysis: AnswerAnalysis;
  engine: string;
  promptId: string;
  branded: boolean;
};

export type MetricsOptions = {
  brandId: string;
  /** Branded prompts ("is Acme good for …") inflate visibility; excluded unless asked. */
  includeBranded?: boolean;
};

export type CoreMetrics = {
  answers: number;
  mentionRate: { value: number; low: number; high: number };
  positionWeighted: number;
  shareOfVoice: number;
  citationRate: number;
  averageRank: number | null;
  /** 0–100: 50 + 50 × mean mention sentiment; null without scored mentions. */
  sentiment: number | null;
  score: number;
};

export type Metrics = CoreMetrics & { byEngine: Record<string, CoreMetrics> };

/** The metrics of docs/metrics.md over a set of answers, overall and per engine. */
export function computeMetrics(items: readonly MetricsItem[], options: MetricsOptions): Metrics {
  const included = options.includeBranded ? items : items.filter((i) => !i.branded);
  const engines = new Map<string, MetricsItem[]>();
  for (const item of included) {
    const list = engines.get(item.engine);
    if (list) list.push(item);
    else engines.set(item.engine, [item]);
  }
  const byEngine: Record<string, CoreMetrics> = {};
  for (const engine of [...engines.keys()].sort()) {
    byEngine[engine] = coreMetrics(engines.get(engine)!, options.brandId);
  }
  return { ...coreMetrics(included, options.brandId), byEngine };
}

function coreMetrics(items: readonly MetricsItem[], brandId: string): CoreMetrics {
  const n = items.length;
  let mentioned = 0;
  let positionSum = 0;
  let rankSum = 0;
  let sentimentSum = 0;
  let sentimentCount = 0;
  let withCitations = 0;
  let citingOwn = 0;
  const answersPerEntity = new Map<string, number>();

  for (const { analysis } of items) {
    const seen = new Set<string>();
    for (const m of analysis.mentions) {
      if (seen.has(m.entityId)) continue;
      seen.add(m.entityId);
      answersPerEntity.set(m.entityId, (answersPerEntity.get(m.entityId) ?? 0) + 1);
      if (m.entityId === brandId) {
        mentioned++;
        positionSum += 1 / Math.max(1, m.rank);
        rankSum += m.rank;
        // Mentions in a language that is not scored do not count (docs/analysis.md).
        if (m.sentiment !== null) {
          sentimentSum += m.sentiment;
          sentimentCount++;
        }
      }
    }
    if (analysis.citations.length > 0) {
      withCitations++;
      if (analysis.citations.some((c) => c.owner === 'own' && c.entityId === brandId)) citingOwn++;
    }
  }

  let allEntityAnswers = 0;
  for (const count of answersPerEntity.values()) allEntityAnswers += count;
  const mentionRate = n === 0 ? 0 : mentioned / n;
  const positionWeighted = n === 0 ? 0 : positionSum / n;
  const shareOfVoice = allEntityAnswers === 0 ? 0 : mentioned / allEntityAnswers;
  const citationRate = withCitations === 0 ? 0 : citingOwn / withCitations;
  return {
    answers: n,
    mentionRate: { value: mentionRate, ...wilson(mentioned, n) },
    positionWeighted,
    shareOfVoice,
    citationRate,
    averageRank: mentioned === 0 ? null : rankSum / mentioned,
    sentiment: sentimentCount === 0 ? null : sentimentScore(sentimentSum / sentimentCount),
    score: visibilityScore({ mentionRate, positionWeighted, citationRate, shareOfVoice }),
  };
}
