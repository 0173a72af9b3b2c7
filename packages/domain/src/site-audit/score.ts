import type { AgentAccess } from './robots';

/** Weights of the site score (docs/site-audit.md); they add up to 1. */
export const SITE_SCORE_WEIGHTS = {
  access: 0.4,
  pages: 0.35,
  sitemap: 0.15,
  llms: 0.1,
} as const;

export type SiteScoreInputs = Record<keyof typeof SITE_SCORE_WEIGHTS, number>;

export const siteFormulaText =
  'Site score = round(100 × (0.40 × AI access + 0.35 × page readiness + 0.15 × sitemap + 0.10 × llms.txt))';

export const SITE_TERM_LABELS: Record<keyof SiteScoreInputs, string> = {
  access:
    'AI access: share of search crawlers and user fetchers × checked pages allowed by robots.txt',
  pages: 'Page readiness: mean share of page checks passed',
  sitemap: 'Sitemap: found, fresh, lists the key pages (thirds)',
  llms: 'llms.txt: 1 valid with live links, 0.5 with problems, 0 missing',
};

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

export type SiteScoreTerm = {
  key: keyof SiteScoreInputs;
  label: string;
  weight: number;
  value: number;
  points: number;
};

export function siteScore(inputs: SiteScoreInputs): { score: number; terms: SiteScoreTerm[] } {
  const terms = (Object.keys(SITE_SCORE_WEIGHTS) as (keyof SiteScoreInputs)[]).map((key) => {
    const value = clamp01(inputs[key]);
    const weight = SITE_SCORE_WEIGHTS[key];
    return { key, label: SITE_TERM_LABELS[key], weight, value, points: 100 * weight * value };
  });
  const raw = terms.reduce((sum, t) => sum + t.weight * t.value, 0);
  return { score: Math.round(100 * raw + 1e-9), terms };
}

/**
 * Share of (search crawler or user fetcher) × page pairs robots.txt allows. Training crawlers
 * are left out: blocking them is a choice that costs no visibility in today's answers.
 */
export function accessShare(access: readonly AgentAccess[]): number {
  let allowed = 0;
  let total = 0;
  for (const a of access) {
    if (a.kind === 'training') continue;
    for (const p of a.pages) {
      total += 1;
      if (p.allowed) allowed += 1;
    }
  }
  return total === 0 ? 1 : allowed / total;
}
