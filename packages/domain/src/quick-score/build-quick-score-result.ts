import { createAnalyzer } from '../analysis/analyze-answer';
import type { AnswerAnalysis, Citation, TrackedEntity } from '../entities/types';
import { computeMetrics } from '../metrics/compute-metrics';
import { QUICK_SCORE_PROMPT_LANGUAGE } from './quick-score-input';
import type { QuickScoreResult } from './quick-score-result';

export type QuickScoreAnswer = {
  engine: string;
  label: string;
  prompt: string;
  text: string;
  citations: Citation[];
};

export type QuickScoreSubject = {
  brandName: string;
  domain: string;
  competitors: { name: string; website: string | null }[];
};

export type AnalyzedQuickScore = {
  entities: TrackedEntity[];
  analyses: { answer: QuickScoreAnswer; analysis: AnswerAnalysis }[];
  discoveredCompetitors: boolean;
};

const BRAND_ID = 'brand';
const MAX_DISCOVERED = 3;

/**
 * Analyses every answer against the brand and its competitors. When the guest named no
 * competitors, the brands the answers mention most (discovered entities) stand in for them.
 */
export function analyzeQuickScore(
  subject: QuickScoreSubject,
  answers: QuickScoreAnswer[],
): AnalyzedQuickScore {
  const brand: TrackedEntity = {
    id: BRAND_ID,
    kind: 'brand',
    name: subject.brandName,
    aliases: [],
    domains: [subject.domain],
  };
  let competitors: TrackedEntity[] = subject.competitors.map((c, i) => ({
    id: `competitor-${i + 1}`,
    kind: 'competitor',
    name: c.name,
    aliases: [],
    domains: c.website ? [c.website] : [],
  }));
  const discoveredCompetitors = competitors.length === 0;
  if (discoveredCompetitors) {
    const brandOnly = createAnalyzer([brand]);
    const answersPerName = new Map<string, { name: string; answers: number; first: number }>();
    answers.forEach((answer, index) => {
      const seen = new Set<string>();
      for (const d of brandOnly(answer).discovered) {
        const key = d.name.toLowerCase();
        if (seen.has(key) || key === subject.brandName.toLowerCase()) continue;
        seen.add(key);
        const entry = answersPerName.get(key) ?? { name: d.name, answers: 0, first: index };
        entry.answers += 1;
        answersPerName.set(key, entry);
      }
    });
    competitors = [...answersPerName.values()]
      .sort((a, b) => b.answers - a.answers || a.first - b.first || a.name.localeCompare(b.name))
      .slice(0, MAX_DISCOVERED)
      .map((d, i) => ({
        id: `competitor-${i + 1}`,
        kind: 'competitor',
        name: d.name,
        aliases: [],
        domains: [],
      }));
  }
  const entities = [brand, ...competitors];
  const analyze = createAnalyzer(entities, { languageHint: QUICK_SCORE_PROMPT_LANGUAGE });
  return {
    entities,
    analyses: answers.map((answer) => ({ answer, analysis: analyze(answer) })),
    discoveredCompetitors,
  };
}

/** The numbers and evidence a quick check shows (everything but opportunities, added by the caller). */
export function buildQuickScoreResult(
  analyzed: AnalyzedQuickScore,
  prompts: string[],
  opportunities: QuickScoreResult['opportunities'],
): QuickScoreResult {
  const { entities, analyses } = analyzed;
  const metrics = computeMetrics(
    analyses.map(({ answer, analysis }) => ({
      analysis,
      engine: answer.engine,
      promptId: answer.prompt,
      branded: false,
    })),
    { brandId: BRAND_ID },
  );
  const labels = new Map(analyses.map(({ answer }) => [answer.engine, answer.label]));
  const n = analyses.length;

  const mentionsPerEntity = new Map<string, number>();
  for (const { analysis } of analyses) {
    for (const m of analysis.mentions)
      mentionsPerEntity.set(m.entityId, (mentionsPerEntity.get(m.entityId) ?? 0) + 1);
  }
  const totalMentions = [...mentionsPerEntity.values()].reduce((a, b) => a + b, 0);

  const sources = new Map<
    string,
    { domain: string; citations: number; owner: 'own' | 'competitor' | 'third_party' }
  >();
  for (const { analysis } of analyses) {
    for (const c of analysis.citations) {
      const entry = sources.get(c.domain) ?? { domain: c.domain, citations: 0, owner: c.owner };
      entry.citations += 1;
      sources.set(c.domain, entry);
    }
  }

  return {
    score: metrics.score,
    mentionRate: metrics.mentionRate,
    positionWeighted: metrics.positionWeighted,
    shareOfVoice: metrics.shareOfVoice,
    citationRate: metrics.citationRate,
    averageRank: metrics.averageRank,
    sentiment: metrics.sentiment,
    answers: metrics.answers,
    engines: Object.entries(metrics.byEngine).map(([engine, m]) => ({
      engine,
      label: labels.get(engine) ?? engine,
      score: m.score,
      mentionRate: m.mentionRate.value,
      answers: m.answers,
    })),
    competitors: entities.map((e) => {
      const mentioned = mentionsPerEntity.get(e.id) ?? 0;
      return {
        name: e.name,
        isBrand: e.kind === 'brand',
        discovered: e.kind === 'competitor' && analyzed.discoveredCompetitors,
        shareOfVoice: totalMentions === 0 ? 0 : mentioned / totalMentions,
        mentionRate: n === 0 ? 0 : mentioned / n,
      };
    }),
    topSources: [...sources.values()]
      .sort((a, b) => b.citations - a.citations || a.domain.localeCompare(b.domain))
      .slice(0, 8),
    opportunities: [...opportunities].sort((a, b) => b.impact - a.impact).slice(0, 5),
    sampleAnswers: sampleAnswers(analyses),
    prompts,
  };
}

const EXCERPT = 700;

/** One answer per engine, preferring one that mentions the brand, cut around the first mention. */
function sampleAnswers(
  analyses: AnalyzedQuickScore['analyses'],
): QuickScoreResult['sampleAnswers'] {
  const byEngine = new Map<string, AnalyzedQuickScore['analyses'][number]>();
  for (const item of analyses) {
    const current = byEngine.get(item.answer.engine);
    const mentions = (x: typeof item) => x.analysis.mentions.some((m) => m.entityId === BRAND_ID);
    if (!current || (!mentions(current) && mentions(item))) byEngine.set(item.answer.engine, item);
  }
  return [...byEngine.values()].slice(0, 4).map(({ answer, analysis }) => {
    const brand = analysis.mentions.find((m) => m.entityId === BRAND_ID);
    const text = answer.text;
    let start = 0;
    if (brand && brand.firstOffset > EXCERPT - 200) {
      start = Math.max(0, brand.firstOffset - 200);
      const space = text.lastIndexOf('\n', start);
      start = space > start - 120 && space >= 0 ? space + 1 : start;
    }
    let end = Math.min(text.length, start + EXCERPT);
    if (end < text.length) {
      const cut = text.lastIndexOf(' ', end);
      if (cut > start + EXCERPT / 2) end = cut;
    }
    const excerpt =
      (start > 0 ? '…' : '') + text.slice(start, end) + (end < text.length ? '…' : '');
    const shift = start > 0 ? 1 - start : 0;
    const highlights = (brand?.spans ?? [])
      .filter(([s, e]) => s >= start && e <= end)
      .map(([s, e]) => ({ start: s + shift, end: e + shift }));
    return {
      engine: answer.engine,
      label: answer.label,
      prompt: answer.prompt,
      excerpt,
      highlights,
      mentioned: Boolean(brand),
    };
  });
}
