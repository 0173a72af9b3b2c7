import type { Brand } from '@lumen/db/repositories/brand.repository';
import type { CitedUrlFilter } from '@lumen/db/repositories/cited-page.repository';
import { listConnections } from '@lumen/db/repositories/engine-connection.repository';
import type { TallyQuery, TallyRow } from '@lumen/db/repositories/metrics-query.repository';
import { normalizeName } from '@lumen/domain/analysis/text-normalize';
import { ENGINE_KIND_SPECS } from '@lumen/domain/engines/engine-connection';
import {
  discoveredNames,
  entityMetrics,
  type MetricsWithChange,
  sumBy,
  topSources,
  withChange,
} from '@lumen/domain/metrics/breakdown';
import {
  type MetricsFilter,
  MetricsFilterSchema,
  resolvePeriod,
} from '@lumen/domain/metrics/metrics-filter';
import {
  bucketStart,
  bucketsOf,
  type DayRange,
  previousPeriod,
  type TrendInterval,
} from '@lumen/domain/metrics/periods';
import {
  type CoreMetrics,
  emptyTally,
  type MetricsTally,
  mergeTallies,
  metricsFromTally,
} from '@lumen/domain/metrics/tally';
import { listEngines } from '@lumen/engines/registry';
import type { Context } from '../context';
import { badInput } from '../errors';
import { brandLoaders } from '../loaders/brand-loaders';
import { metricsLoaders } from '../loaders/metrics-loaders';
import { runLoaders } from '../loaders/run-loaders';
import { engineEnv } from './brand-rules';

// A brand's numbers read from the daily rollups (docs/metrics.md, "Reading the numbers"): rows
// are picked so they cover disjoint answers, their tallies summed, and only the sums turned into
// rates by the domain's metricsFromTally — the function the quick check uses.

export type ParsedFilter = MetricsFilter & DayRange;

/** The filter checked, its period as days of the brand (`lastDays` ends at the brand's today). */
export function parseFilter(input: unknown, brand: Pick<Brand, 'schedule'> | null): ParsedFilter {
  const r = MetricsFilterSchema.safeParse(input);
  if (!r.success) throw badInput(r.error.issues);
  return resolvePeriod(r.data, brand?.schedule.timezone ?? 'UTC');
}

/** `parseFilter` for a field of one of the brand's keywords or prompts. */
export async function parseBrandFilter(
  ctx: Context,
  brandId: string,
  input: unknown,
): Promise<ParsedFilter> {
  const brand = await runLoaders(ctx).brand.load(brandId);
  return parseFilter(input, brand);
}

type Split = { engines?: 'each'; keywords?: 'each'; parts?: TallyQuery['parts'] };

/** The rollup rows a filter reads: its engines and keywords, or one row per engine or keyword. */
export function query(f: ParsedFilter, range: DayRange, split: Split = {}): TallyQuery {
  return {
    parts: split.parts ?? 'brand',
    from: range.from,
    to: range.to,
    engines: f.engines?.length ? [...f.engines].sort() : (split.engines ?? 'all'),
    keywords: f.keywordIds?.length ? [...f.keywordIds].sort() : (split.keywords ?? 'all'),
    includeBranded: f.includeBranded ?? false,
    country: f.country ?? null,
    language: f.language ?? null,
  };
}

/**
 * The filter as the reads of stored answers and citations take it (the Sources page's prompts,
 * the cited pages): the brand, the period's local days, engines, keywords, place, branded.
 */
export function answerFilter(brand: Brand, f: ParsedFilter): CitedUrlFilter {
  return {
    workspaceId: brand.workspaceId,
    brandId: brand.id,
    from: f.from,
    to: f.to,
    engines: f.engines ?? undefined,
    keywordIds: f.keywordIds ?? undefined,
    country: f.country,
    language: f.language,
    includeBranded: f.includeBranded ?? false,
  };
}

/** The rows of the period and of the one before it, in one read. */
async function periods(
  ctx: Context,
  brand: Brand,
  f: ParsedFilter,
  split?: Split,
): Promise<{ current: TallyRow[]; previous: TallyRow[] }> {
  const prev = previousPeriod(f);
  const rows = await metricsLoaders(ctx).tallies.load({
    brandId: brand.id,
    query: query(f, { from: prev.from, to: f.to }, split),
  });
  return {
    current: rows.filter((r) => r.day >= f.from),
    previous: rows.filter((r) => r.day < f.from),
  };
}

const total = (rows: readonly TallyRow[]) => mergeTallies(rows.map((r) => r.tally));

export async function brandMetrics(
  ctx: Context,
  brand: Brand,
  f: ParsedFilter,
): Promise<MetricsWithChange> {
  const { current, previous } = await periods(ctx, brand, f);
  return withChange(total(current), total(previous), brand.id);
}

export type TrendPoint = CoreMetrics & { date: string };

export async function brandTrend(
  ctx: Context,
  brand: Brand,
  f: ParsedFilter,
  interval: TrendInterval,
): Promise<TrendPoint[]> {
  const rows = await metricsLoaders(ctx).tallies.load({ brandId: brand.id, query: query(f, f) });
  const byBucket = sumBy(rows, (r) => bucketStart(r.day, interval));
  return bucketsOf(f, interval).map((date) => ({
    date,
    ...metricsFromTally(byBucket.get(date) ?? emptyTally(), brand.id),
  }));
}

export function engineLabels(ctx: Context): Map<string, string> {
  return new Map(listEngines(engineEnv(ctx.deps)).map((e) => [e.id, e.label]));
}

/**
 * Engine labels as the workspace names them: the server's, then each workspace connection's own
 * label for its engine, so an engine only the workspace connects (an OpenAI-compatible server)
 * reads as "Our vLLM", not as its id.
 */
export async function workspaceEngineLabels(ctx: Context): Promise<Map<string, string>> {
  const labels = engineLabels(ctx);
  const workspace = await ctx.workspace();
  for (const c of await listConnections(ctx.deps.db, workspace.id)) {
    const engineId = ENGINE_KIND_SPECS[c.kind].engineId;
    if (engineId && c.label) labels.set(engineId, c.label);
  }
  return labels;
}

export type EngineMetrics = MetricsWithChange & { engine: string; label: string };

export async function brandByEngine(
  ctx: Context,
  brand: Brand,
  f: ParsedFilter,
): Promise<EngineMetrics[]> {
  const { current, previous } = await periods(ctx, brand, f, { engines: 'each' });
  const now = sumBy(current, (r) => r.engine);
  const before = sumBy(previous, (r) => r.engine);
  const labels = engineLabels(ctx);
  return [...now.keys()].sort().map((engine) => ({
    engine,
    label: labels.get(engine) ?? engine,
    ...withChange(now.get(engine)!, before.get(engine) ?? emptyTally(), brand.id),
  }));
}

export type KeywordMetrics = MetricsWithChange & { keywordId: string; text: string };

/** Every keyword of the brand (unmeasured ones with no answers), most answers first. */
export async function brandByKeyword(
  ctx: Context,
  brand: Brand,
  f: ParsedFilter,
): Promise<KeywordMetrics[]> {
  const [{ current, previous }, keywords] = await Promise.all([
    periods(ctx, brand, f, { keywords: 'each' }),
    brandLoaders(ctx).keywords.load(brand.id),
  ]);
  const now = sumBy(current, (r) => r.keywordId);
  const before = sumBy(previous, (r) => r.keywordId);
  const wanted = f.keywordIds?.length ? new Set(f.keywordIds) : null;
  return keywords
    .filter((k) => !wanted || wanted.has(k.id))
    .map((k) => ({
      keywordId: k.id,
      text: k.text,
      ...withChange(now.get(k.id) ?? emptyTally(), before.get(k.id) ?? emptyTally(), brand.id),
    }))
    .sort((a, b) => b.answers - a.answers || a.text.localeCompare(b.text));
}

export type EntityEngineMetrics = CoreMetrics & { engine: string; label: string };
export type EntityMetrics = CoreMetrics & {
  entityId: string;
  name: string;
  kind: 'BRAND' | 'COMPETITOR';
  byEngine: EntityEngineMetrics[];
};

/** The brand and each competitor over the same answers, largest share of voice first. */
export async function brandCompetitorMetrics(
  ctx: Context,
  brand: Brand,
  f: ParsedFilter,
): Promise<EntityMetrics[]> {
  const [rows, competitors] = await Promise.all([
    metricsLoaders(ctx).tallies.load({
      brandId: brand.id,
      query: query(f, f, { engines: 'each', parts: 'entities' }),
    }),
    brandLoaders(ctx).competitors.load(brand.id),
  ]);
  const perEngine = sumBy(rows, (r) => r.engine);
  const all = mergeTallies(perEngine.values());
  const labels = engineLabels(ctx);
  const entities = [
    { id: brand.id, name: brand.name, kind: 'BRAND' as const },
    ...competitors.map((c) => ({ id: c.id, name: c.name, kind: 'COMPETITOR' as const })),
  ];
  return entityMetrics(all, entities).map((e) => ({
    ...e.metrics,
    entityId: e.id,
    name: e.name,
    kind: e.kind,
    byEngine: [...perEngine.keys()].sort().map((engine) => ({
      engine,
      label: labels.get(engine) ?? engine,
      ...metricsFromTally(perEngine.get(engine)!, e.id),
    })),
  }));
}

async function periodTally(ctx: Context, brand: Brand, f: ParsedFilter): Promise<MetricsTally> {
  return total(
    await metricsLoaders(ctx).tallies.load({
      brandId: brand.id,
      query: query(f, f, { parts: 'all' }),
    }),
  );
}

export async function brandSources(ctx: Context, brand: Brand, f: ParsedFilter, first: number) {
  return topSources(await periodTally(ctx, brand, f), first);
}

/** Names the engines mention that the brand does not track (as brand or competitor). */
export async function brandDiscovered(ctx: Context, brand: Brand, f: ParsedFilter, first: number) {
  const [tally, competitors] = await Promise.all([
    periodTally(ctx, brand, f),
    brandLoaders(ctx).competitors.load(brand.id),
  ]);
  const tracked = new Set(
    [brand.name, ...brand.aliases, ...competitors.flatMap((c) => [c.name, ...c.aliases])].map(
      normalizeName,
    ),
  );
  return discoveredNames(tally, Number.MAX_SAFE_INTEGER)
    .filter((d) => !tracked.has(normalizeName(d.name)))
    .slice(0, first);
}
