import type { TrackedEntity } from '../entities/types';
import { classifyPrompt, contentKindFor } from '../prompts/prompt-kind';
import {
  brandMention,
  buildEvidence,
  competitorMentions,
  MAX_SOURCES,
  type PromptContext,
  relySources,
} from './gap-evidence';
import type { GapEvidence, GapPrompt, Opportunity, OpportunityType } from './gap-types';

export type {
  GapAnswer,
  GapEvidence,
  GapPrompt,
  Opportunity,
  OpportunityType,
} from './gap-types';

export type FindGapsInput = {
  brandId: string;
  entities: readonly TrackedEntity[];
  prompts: readonly GapPrompt[];
};

const LOW_RANK = 3;
// A missing brand costs more than a low rank; the factors keep types comparable on one list.
const TYPE_WEIGHT: Record<Exclude<OpportunityType, 'technical' | 'source_outreach'>, number> = {
  missing_mention: 1,
  negative_sentiment: 0.9,
  citation_gap: 0.8,
  low_rank: 0.7,
};

/** Content gaps per prompt after a run (docs/metrics.md), most impactful first. */
export function findGaps(input: FindGapsInput): Opportunity[] {
  const names = new Map(input.entities.map((e) => [e.id, e.name]));
  const competitorIds = new Set(
    input.entities.filter((e) => e.kind === 'competitor').map((e) => e.id),
  );
  const brandName = names.get(input.brandId) ?? 'Your brand';
  const out: Opportunity[] = [];
  for (const prompt of input.prompts) {
    const ctx: PromptContext = {
      prompt,
      brandId: input.brandId,
      brandName,
      names,
      competitorIds,
      totalEngines: new Set(prompt.answers.map((a) => a.engine)).size,
    };
    if (ctx.totalEngines === 0) continue;
    for (const find of [missingMention, lowRank, citationGap, negativeSentiment]) {
      const opportunity = find(ctx);
      if (opportunity) out.push(opportunity);
    }
  }
  return out.sort((a, b) => b.impact - a.impact || a.promptId.localeCompare(b.promptId));
}

function missingMention(ctx: PromptContext): Opportunity | null {
  const gap = ctx.prompt.answers.filter(
    (a) => !brandMention(a, ctx.brandId) && competitorMentions(a, ctx).length > 0,
  );
  if (gap.length === 0) return null;
  // Prominence: how high the best competitor stands in each answer that leaves the brand out.
  const prominence = mean(
    gap.map((a) => 1 / Math.min(...competitorMentions(a, ctx).map((m) => m.rank))),
  );
  const evidence = buildEvidence(ctx, gap, () => true);
  return opportunity(
    ctx,
    'missing_mention',
    evidence,
    prominence,
    `${ctx.brandName} is missing from '${quote(ctx.prompt.text)}' on`,
  );
}

function lowRank(ctx: PromptContext): Opportunity | null {
  const gap = ctx.prompt.answers.filter(
    (a) => (brandMention(a, ctx.brandId)?.rank ?? 0) > LOW_RANK,
  );
  if (gap.length === 0) return null;
  const ranks = gap.map((a) => brandMention(a, ctx.brandId)!.rank);
  const prominence = mean(ranks.map((r) => 1 - 1 / r));
  const best = Math.min(...ranks);
  const worst = Math.max(...ranks);
  const range = worst > best ? `#${best}–#${worst}` : `#${best}`;
  const evidence = buildEvidence(ctx, gap, (m, a) => m.rank < brandMention(a, ctx.brandId)!.rank);
  return opportunity(
    ctx,
    'low_rank',
    evidence,
    prominence,
    `${ctx.brandName} ranks outside the top ${LOW_RANK} (${range}) for '${quote(ctx.prompt.text)}' on`,
  );
}

function citationGap(ctx: PromptContext): Opportunity | null {
  // Third-party domains cited where competitors are mentioned, never where the brand is.
  const forCompetitors = new Map<string, Set<string>>();
  const withBrand = new Set<string>();
  for (const a of ctx.prompt.answers) {
    const hasBrand = Boolean(brandMention(a, ctx.brandId));
    const hasCompetitor = competitorMentions(a, ctx).length > 0;
    for (const c of a.analysis.citations) {
      if (c.owner !== 'third_party' || !c.domain) continue;
      if (hasBrand) withBrand.add(c.domain);
      if (hasCompetitor) {
        const engines = forCompetitors.get(c.domain) ?? new Set<string>();
        engines.add(a.engine);
        forCompetitors.set(c.domain, engines);
      }
    }
  }
  const gapDomains = [...forCompetitors.keys()].filter((d) => !withBrand.has(d));
  if (gapDomains.length === 0) return null;
  const gapSet = new Set(gapDomains);
  const gap = ctx.prompt.answers.filter(
    (a) =>
      competitorMentions(a, ctx).length > 0 &&
      a.analysis.citations.some((c) => gapSet.has(c.domain)),
  );
  const prominence = mean(
    gap.map((a) => 1 / Math.min(...competitorMentions(a, ctx).map((m) => m.rank))),
  );
  const evidence = buildEvidence(ctx, gap, () => true, gapSet);
  const domains = evidence.citedDomains.map((d) => d.domain);
  const shown =
    domains.slice(0, 3).join(', ') + (domains.length > 3 ? ` and ${domains.length - 3} more` : '');
  const result = opportunity(
    ctx,
    'citation_gap',
    evidence,
    prominence,
    `${shown} ${domains.length === 1 ? 'is' : 'are'} cited for competitors but never with ${ctx.brandName} for '${quote(ctx.prompt.text)}' on`,
  );
  // The gap domains are the sources to get into: list them first.
  result.sources = [...domains, ...result.sources.filter((s) => !gapSet.has(s))].slice(
    0,
    MAX_SOURCES,
  );
  return result;
}

function negativeSentiment(ctx: PromptContext): Opportunity | null {
  const gap = ctx.prompt.answers.filter(
    (a) => brandMention(a, ctx.brandId)?.sentimentLabel === 'negative',
  );
  if (gap.length === 0) return null;
  const prominence = mean(gap.map((a) => Math.abs(brandMention(a, ctx.brandId)?.sentiment ?? 0)));
  const evidence = buildEvidence(ctx, gap, () => true);
  const result = opportunity(
    ctx,
    'negative_sentiment',
    evidence,
    prominence,
    `Answers about ${ctx.brandName} are negative for '${quote(ctx.prompt.text)}' on`,
  );
  // Objections are best answered where engines look for direct answers.
  result.recommendedKind = 'faq';
  return result;
}

function opportunity(
  ctx: PromptContext,
  type: Exclude<OpportunityType, 'technical' | 'source_outreach'>,
  evidence: GapEvidence,
  prominence: number,
  titleStart: string,
): Opportunity {
  const share = evidence.engines.length / ctx.totalEngines;
  const impact = Math.round(100 * TYPE_WEIGHT[type] * (0.6 * share + 0.4 * clamp01(prominence)));
  return {
    type,
    promptId: ctx.prompt.promptId,
    title: `${titleStart} ${evidence.engines.length} of ${ctx.totalEngines} ${ctx.totalEngines === 1 ? 'engine' : 'engines'}`,
    evidence,
    impact: Math.min(100, Math.max(0, impact)),
    recommendedKind: contentKindFor(classifyPrompt(ctx.prompt.text)),
    sources: relySources(ctx.prompt.answers),
  };
}

function quote(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 60 ? `${t.slice(0, 57)}…` : t;
}

function mean(xs: number[]): number {
  return xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length;
}

function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}

/**
 * Whether a later run resolves an opportunity (docs/metrics.md): the brand is present in every
 * answer to the prompt and the gap of that type no longer shows.
 */
export function opportunityResolved(
  opportunity: { type: OpportunityType; promptId: string },
  later: { brandId: string; entities: readonly TrackedEntity[]; prompt: GapPrompt },
): boolean {
  const { answers } = later.prompt;
  if (answers.length === 0) return false;
  if (!answers.every((a) => brandMention(a, later.brandId))) return false;
  return !findGaps({
    brandId: later.brandId,
    entities: later.entities,
    prompts: [later.prompt],
  }).some((o) => o.type === opportunity.type);
}
