import { sentimentScore } from '../analysis/sentiment';
import type { AnswerAnalysis, CitationOwner } from '../entities/types';
import { visibilityScore } from './score';
import { wilson } from './wilson';

/** What one tracked entity (the brand or a competitor) adds up to over a set of answers. */
export type EntityTally = {
  /** Answers that mention the entity. */
  mentioned: number;
  /** Σ 1/rank over those answers. */
  positionSum: number;
  rankSum: number;
  /** Σ mention sentiment (-1..1) over the scored ones, and how many were scored. */
  sentimentSum: number;
  sentimentCount: number;
  /** Answers citing one of the entity's domains. */
  citing: number;
};

export type SourceTally = {
  owner: CitationOwner;
  entityId: string | null;
  /** Citations of the domain. */
  citations: number;
  /** Answers citing the domain at least once. */
  answers: number;
};

/**
 * Counts over a set of answers from which every metric of docs/metrics.md follows. Counts add
 * up across disjoint sets (days, engines, keywords), rates do not: combine tallies with
 * `mergeTallies`, then turn them into rates with `metricsFromTally`. Plain JSON, so the daily
 * rollups store it as is.
 */
export type MetricsTally = {
  answers: number;
  /** Answers with at least one citation. */
  withCitations: number;
  /** All citations (share of a source = its citations / this). */
  citations: number;
  /** Σ over tracked entities of answers mentioning that entity (share-of-voice denominator). */
  entityAnswers: number;
  entities: Record<string, EntityTally>;
  sources: Record<string, SourceTally>;
  /** Untracked brand-like names: answers naming each. */
  discovered: Record<string, number>;
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

export const emptyTally = (): MetricsTally => ({
  answers: 0,
  withCitations: 0,
  citations: 0,
  entityAnswers: 0,
  entities: {},
  sources: {},
  discovered: {},
});

const emptyEntity = (): EntityTally => ({
  mentioned: 0,
  positionSum: 0,
  rankSum: 0,
  sentimentSum: 0,
  sentimentCount: 0,
  citing: 0,
});

// Keys come from answers (domains, discovered names): "constructor" or "__proto__" must be a plain
// key of its own, never an inherited property.
function slot<T>(record: Record<string, T>, key: string, make: () => T): T {
  if (!Object.hasOwn(record, key)) {
    Object.defineProperty(record, key, {
      value: make(),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return record[key] as T;
}

function bump(record: Record<string, number>, key: string, n: number): void {
  const current = Object.hasOwn(record, key) ? (record[key] as number) : 0;
  Object.defineProperty(record, key, {
    value: current + n,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Adds one analysed answer to a tally (in place). */
export function addAnswer(tally: MetricsTally, analysis: AnswerAnalysis): MetricsTally {
  tally.answers++;
  const seen = new Set<string>();
  for (const m of analysis.mentions) {
    if (seen.has(m.entityId)) continue;
    seen.add(m.entityId);
    tally.entityAnswers++;
    const e = slot(tally.entities, m.entityId, emptyEntity);
    e.mentioned++;
    e.positionSum += 1 / Math.max(1, m.rank);
    e.rankSum += m.rank;
    // Mentions in a language that is not scored do not count (docs/analysis.md).
    if (m.sentiment !== null) {
      e.sentimentSum += m.sentiment;
      e.sentimentCount++;
    }
  }
  if (analysis.citations.length > 0) {
    tally.withCitations++;
    tally.citations += analysis.citations.length;
    const citingEntities = new Set<string>();
    const citedDomains = new Set<string>();
    for (const c of analysis.citations) {
      if (c.entityId && c.owner !== 'third_party') citingEntities.add(c.entityId);
      const s = slot(tally.sources, c.domain, () => ({
        owner: c.owner,
        entityId: c.entityId ?? null,
        citations: 0,
        answers: 0,
      }));
      s.citations++;
      if (!citedDomains.has(c.domain)) {
        citedDomains.add(c.domain);
        s.answers++;
      }
    }
    for (const id of citingEntities) slot(tally.entities, id, emptyEntity).citing++;
  }
  const names = new Set(analysis.discovered.map((d) => d.name));
  for (const name of names) bump(tally.discovered, name, 1);
  return tally;
}

/** The tally of a set of analysed answers. */
export function tallyAnswers(analyses: Iterable<AnswerAnalysis>): MetricsTally {
  const tally = emptyTally();
  for (const a of analyses) addAnswer(tally, a);
  return tally;
}

/** The tally of the union of disjoint answer sets: every count summed. */
export function mergeTallies(tallies: Iterable<MetricsTally>): MetricsTally {
  const out = emptyTally();
  for (const t of tallies) {
    out.answers += t.answers;
    out.withCitations += t.withCitations;
    out.citations += t.citations;
    out.entityAnswers += t.entityAnswers;
    for (const [id, e] of Object.entries(t.entities)) {
      const o = slot(out.entities, id, emptyEntity);
      o.mentioned += e.mentioned;
      o.positionSum += e.positionSum;
      o.rankSum += e.rankSum;
      o.sentimentSum += e.sentimentSum;
      o.sentimentCount += e.sentimentCount;
      o.citing += e.citing;
    }
    for (const [domain, s] of Object.entries(t.sources)) {
      const o = slot(out.sources, domain, () => ({ ...s, citations: 0, answers: 0 }));
      o.citations += s.citations;
      o.answers += s.answers;
    }
    for (const [name, n] of Object.entries(t.discovered)) {
      bump(out.discovered, name, n);
    }
  }
  return out;
}

/** The metrics of docs/metrics.md for one tracked entity (usually the brand) from a tally. */
export function metricsFromTally(tally: MetricsTally, entityId: string): CoreMetrics {
  const n = tally.answers;
  const e = Object.hasOwn(tally.entities, entityId) ? tally.entities[entityId]! : emptyEntity();
  const mentionRate = n === 0 ? 0 : e.mentioned / n;
  const positionWeighted = n === 0 ? 0 : e.positionSum / n;
  const shareOfVoice = tally.entityAnswers === 0 ? 0 : e.mentioned / tally.entityAnswers;
  const citationRate = tally.withCitations === 0 ? 0 : e.citing / tally.withCitations;
  return {
    answers: n,
    mentionRate: { value: mentionRate, ...wilson(e.mentioned, n) },
    positionWeighted,
    shareOfVoice,
    citationRate,
    averageRank: e.mentioned === 0 ? null : e.rankSum / e.mentioned,
    sentiment: e.sentimentCount === 0 ? null : sentimentScore(e.sentimentSum / e.sentimentCount),
    score: visibilityScore({ mentionRate, positionWeighted, citationRate, shareOfVoice }),
  };
}
