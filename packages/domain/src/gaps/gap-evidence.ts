import type { Mention } from '../entities/types';
import type { GapAnswer, GapEvidence, GapPrompt } from './gap-types';

export const MAX_SOURCES = 5;

export type PromptContext = {
  prompt: GapPrompt;
  brandId: string;
  brandName: string;
  names: Map<string, string>;
  competitorIds: Set<string>;
  totalEngines: number;
};

export function brandMention(a: GapAnswer, brandId: string): Mention | undefined {
  return a.analysis.mentions.find((m) => m.entityId === brandId);
}

export function competitorMentions(a: GapAnswer, ctx: PromptContext): Mention[] {
  return a.analysis.mentions.filter((m) => ctx.competitorIds.has(m.entityId));
}

export function buildEvidence(
  ctx: PromptContext,
  gap: GapAnswer[],
  keepCompetitor: (m: Mention, a: GapAnswer) => boolean,
  onlyDomains?: Set<string>,
): GapEvidence {
  const competitors = new Map<string, { bestRank: number; engines: Set<string> }>();
  const domains = new Map<string, number>();
  const urls: string[] = [];
  for (const a of gap) {
    for (const m of competitorMentions(a, ctx)) {
      if (!keepCompetitor(m, a)) continue;
      const c = competitors.get(m.entityId) ?? { bestRank: m.rank, engines: new Set<string>() };
      c.bestRank = Math.min(c.bestRank, m.rank);
      c.engines.add(a.engine);
      competitors.set(m.entityId, c);
    }
    for (const c of a.analysis.citations) {
      if (c.owner !== 'third_party' || !c.domain) continue;
      if (onlyDomains && !onlyDomains.has(c.domain)) continue;
      domains.set(c.domain, (domains.get(c.domain) ?? 0) + 1);
      if (!urls.includes(c.url)) urls.push(c.url);
    }
  }
  const brand = gap.flatMap((a) => {
    const m = brandMention(a, ctx.brandId);
    return m
      ? [{ engine: a.engine, rank: m.rank, sentiment: m.sentiment, snippet: m.snippet }]
      : [];
  });
  return {
    engines: [...new Set(gap.map((a) => a.engine))].sort(),
    totalEngines: ctx.totalEngines,
    competitors: [...competitors]
      .map(([entityId, c]) => ({
        entityId,
        name: ctx.names.get(entityId) ?? entityId,
        bestRank: c.bestRank,
        engines: c.engines.size,
      }))
      .sort(
        (a, b) => b.engines - a.engines || a.bestRank - b.bestRank || a.name.localeCompare(b.name),
      ),
    brand,
    citedDomains: sortCounts(domains),
    urls: urls.slice(0, 20),
  };
}

/** Third-party domains cited across the prompt's answers, most cited first. */
export function relySources(answers: readonly GapAnswer[]): string[] {
  const counts = new Map<string, number>();
  for (const a of answers) {
    for (const c of a.analysis.citations) {
      if (c.owner === 'third_party' && c.domain)
        counts.set(c.domain, (counts.get(c.domain) ?? 0) + 1);
    }
  }
  return sortCounts(counts)
    .slice(0, MAX_SOURCES)
    .map((d) => d.domain);
}

function sortCounts(counts: Map<string, number>): { domain: string; count: number }[] {
  return [...counts]
    .map(([domain, count]) => ({ domain, count }))
    .sort((a, b) => b.count - a.count || a.domain.localeCompare(b.domain));
}
