import type { Brand } from '@lumen/db/repositories/brand.repository';
import { listSourceCorrections, listSourcePrompts } from '@lumen/db/repositories/source.repository';
import { topSources } from '@lumen/domain/metrics/breakdown';
import { type MetricsTally, mergeTallies } from '@lumen/domain/metrics/tally';
import {
  brandSourceClassifier,
  type SourceClassification,
  type SourceKind,
} from '@lumen/domain/sources/source-kinds';
import type { Context } from '../context';
import { brandLoaders } from '../loaders/brand-loaders';
import { metricsLoaders } from '../loaders/metrics-loaders';
import { answerFilter, engineLabels, type ParsedFilter, query } from './brand-metrics.service';

// A brand's cited domains with their kind (docs/sources.md, "The Sources page"): the shares come
// from the same daily rollups as the metrics, so they equal `Brand.sources`; which prompts cited
// a domain comes from the stored citations of the same runs and days.

/** Prompts listed per domain: the most citing first. */
const PROMPTS_PER_SOURCE = 5;

export type SourceRow = {
  domain: string;
  classification: SourceClassification;
  citations: number;
  answers: number;
  share: number;
  engines: { engine: string; label: string; citations: number; answers: number }[];
  prompts: { text: string; citations: number; engines: string[] }[];
  trend: { day: string; citations: number }[];
};

function add(map: Map<string, MetricsTally[]>, key: string, tally: MetricsTally) {
  const list = map.get(key);
  if (list) list.push(tally);
  else map.set(key, [tally]);
}

/** Every domain the brand's answers cited in the period, most citations first; `kind` filters. */
export async function brandSourceRows(
  ctx: Context,
  brand: Brand,
  f: ParsedFilter,
  kind: SourceKind | null,
): Promise<SourceRow[]> {
  const [rows, competitors, corrections] = await Promise.all([
    // One row per engine and day: disjoint answers, so they add up to the period's tally.
    metricsLoaders(ctx).tallies.load({
      brandId: brand.id,
      query: query(f, f, { engines: 'each', parts: 'all' }),
    }),
    brandLoaders(ctx).competitors.load(brand.id),
    listSourceCorrections(ctx.deps.db, brand.workspaceId),
  ]);
  const byEngine = new Map<string, MetricsTally[]>();
  const byDay = new Map<string, MetricsTally[]>();
  for (const r of rows) {
    add(byEngine, r.engine, r.tally);
    add(byDay, r.day, r.tally);
  }
  const engineTallies = [...byEngine].map(([engine, ts]) => [engine, mergeTallies(ts)] as const);
  const dayTallies = [...byDay]
    .map(([day, ts]) => [day, mergeTallies(ts)] as const)
    .sort((a, b) => a[0].localeCompare(b[0]));
  const classify = brandSourceClassifier(brand, competitors, corrections);
  const total = mergeTallies(rows.map((r) => r.tally));
  const sources = topSources(total, Number.MAX_SAFE_INTEGER)
    .map((s) => ({ ...s, classification: classify(s.domain) }))
    .filter((s) => kind === null || s.classification.kind === kind);

  const prompts = await listSourcePrompts(ctx.deps.db, {
    ...answerFilter(brand, f),
    domains: sources.map((s) => s.domain),
  });
  type PromptCount = { citations: number; engines: Set<string> };
  const promptsOf = new Map<string, Map<string, PromptCount>>();
  for (const p of prompts) {
    const perDomain = promptsOf.get(p.domain) ?? new Map<string, PromptCount>();
    promptsOf.set(p.domain, perDomain);
    const entry = perDomain.get(p.promptText) ?? { citations: 0, engines: new Set<string>() };
    perDomain.set(p.promptText, entry);
    entry.citations += p.citations;
    entry.engines.add(p.engine);
  }
  const labels = engineLabels(ctx);

  return sources.map((s) => ({
    domain: s.domain,
    classification: s.classification,
    citations: s.citations,
    answers: s.answers,
    share: s.share,
    engines: engineTallies
      .flatMap(([engine, t]) => {
        const cited = t.sources[s.domain];
        return cited
          ? [
              {
                engine,
                label: labels.get(engine) ?? engine,
                citations: cited.citations,
                answers: cited.answers,
              },
            ]
          : [];
      })
      .sort((a, b) => b.citations - a.citations || a.engine.localeCompare(b.engine)),
    prompts: [...(promptsOf.get(s.domain) ?? new Map<string, PromptCount>())]
      .map(([text, p]) => ({ text, citations: p.citations, engines: [...p.engines].sort() }))
      .sort((a, b) => b.citations - a.citations || a.text.localeCompare(b.text))
      .slice(0, PROMPTS_PER_SOURCE),
    trend: dayTallies.map(([day, t]) => ({ day, citations: t.sources[s.domain]?.citations ?? 0 })),
  }));
}
