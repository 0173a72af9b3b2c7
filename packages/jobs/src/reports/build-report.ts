import type { Tx } from '@lumen/db/client';
import type { Brand } from '@lumen/db/repositories/brand.repository';
import {
  findOwnedPublishedTarget,
  listImpactAnswers,
} from '@lumen/db/repositories/closed-loop.repository';
import { listCompetitorsOfBrands } from '@lumen/db/repositories/competitor.repository';
import { listKeywordsOfBrands } from '@lumen/db/repositories/keyword.repository';
import {
  listTallies,
  type TallyQuery,
  type TallyRow,
} from '@lumen/db/repositories/metrics-query.repository';
import {
  countOpportunitiesByStatus,
  listOpportunities,
} from '@lumen/db/repositories/opportunity-query.repository';
import {
  countResolvedInPeriod,
  listPublishedInPeriod,
} from '@lumen/db/repositories/report.repository';
import { listSourceCorrections } from '@lumen/db/repositories/source.repository';
import { brandCostByEngine } from '@lumen/db/repositories/usage.repository';
import { roundUsd } from '@lumen/domain/costs/answer-cost';
import {
  entityMetrics,
  type MetricsWithChange,
  sumBy,
  topSources,
  withChange,
} from '@lumen/domain/metrics/breakdown';
import { type DayRange, previousPeriod } from '@lumen/domain/metrics/periods';
import { emptyTally, mergeTallies } from '@lumen/domain/metrics/tally';
import { computeImpact } from '@lumen/domain/publishing/impact';
import {
  REPORT_CONTENT_VERSION,
  type ReportContent,
  type ReportKpis,
  reportMoves,
} from '@lumen/domain/reports/report-content';
import { brandSourceClassifier } from '@lumen/domain/sources/source-kinds';
import { OPEN_OPPORTUNITY_STATUSES } from '@lumen/domain/status/opportunity-status';

// One report's content (docs/reports.md, "What a report holds"). The gateway (a person's
// "Create report") and the worker (a schedule) both build it here. The numbers are the metrics
// API's: the same rollup rows (`listTallies`, the query `Brand.metrics` makes for a period with
// no engine, keyword or place filter and without branded prompts), summed and turned into rates
// by the same domain functions (`withChange`, `entityMetrics`, `topSources`). The gateway's
// services take a request context, which the worker has none of; a test holds the two equal.

export type ReportSources = {
  db: Tx;
  workspaceId: string;
  workspaceName: string;
  brand: Brand;
  range: DayRange;
  /** Engine id → the name the workspace reads. */
  labels: ReadonlyMap<string, string>;
  /** Rollup rows of the brand: the gateway passes its per-request loader, the worker the read. */
  tallies?: (q: TallyQuery) => Promise<TallyRow[]>;
  now?: Date;
};

const TOP_SOURCES = 10;
const TOP_OPPORTUNITIES = 5;

/** The query `Brand.metrics` makes for a period without filters (brand-metrics.service.ts). */
function metricsQuery(range: DayRange, split: Partial<TallyQuery> = {}): TallyQuery {
  return {
    parts: 'brand',
    from: range.from,
    to: range.to,
    engines: 'all',
    keywords: 'all',
    includeBranded: false,
    country: null,
    language: null,
    ...split,
  };
}

function kpis(m: MetricsWithChange): ReportKpis {
  return {
    answers: m.answers,
    score: m.score,
    mentionRate: m.mentionRate,
    shareOfVoice: m.shareOfVoice,
    citationRate: m.citationRate,
    averageRank: m.averageRank,
    sentiment: m.sentiment,
    change: m.change,
    previous: {
      answers: m.previous.answers,
      score: m.previous.score,
      mentionRate: m.previous.mentionRate,
    },
  };
}

export async function buildReportContent(src: ReportSources): Promise<ReportContent> {
  const { db, workspaceId, brand, range } = src;
  const read = src.tallies ?? ((q: TallyQuery) => listTallies(db, workspaceId, [brand.id], q));
  const prev = previousPeriod(range);
  const both = { from: prev.from, to: range.to };
  const timezone = brand.schedule.timezone;
  const local = { ...range, timezone };
  const split = (rows: TallyRow[]) => ({
    current: rows.filter((r) => r.day >= range.from),
    previous: rows.filter((r) => r.day < range.from),
  });
  const label = (engine: string) => src.labels.get(engine) ?? engine;

  const [
    brandRows,
    engineRows,
    keywordRows,
    entityRows,
    sourceRows,
    competitors,
    keywords,
    corrections,
    byStatus,
    topOpen,
    resolvedInPeriod,
    published,
    costRows,
  ] = await Promise.all([
    read(metricsQuery(both)),
    read(metricsQuery(both, { engines: 'each' })),
    read(metricsQuery(both, { keywords: 'each' })),
    read(metricsQuery(range, { engines: 'each', parts: 'entities' })),
    read(metricsQuery(range, { parts: 'all' })),
    listCompetitorsOfBrands(db, workspaceId, [brand.id]),
    listKeywordsOfBrands(db, workspaceId, [brand.id]),
    listSourceCorrections(db, workspaceId),
    countOpportunitiesByStatus(db, workspaceId, { brandId: brand.id }),
    listOpportunities(
      db,
      workspaceId,
      { brandId: brand.id, statuses: OPEN_OPPORTUNITY_STATUSES },
      { limit: TOP_OPPORTUNITIES, after: null },
    ),
    countResolvedInPeriod(db, workspaceId, brand.id, local),
    listPublishedInPeriod(db, workspaceId, brand.id, local),
    brandCostByEngine(db, workspaceId, brand.id, local),
  ]);

  // KPIs: Brand.metrics.
  const b = split(brandRows);
  const overall = withChange(
    mergeTallies(b.current.map((r) => r.tally)),
    mergeTallies(b.previous.map((r) => r.tally)),
    brand.id,
  );

  // Per engine: Brand.metricsByEngine.
  const e = split(engineRows);
  const engNow = sumBy(e.current, (r) => r.engine);
  const engBefore = sumBy(e.previous, (r) => r.engine);
  const engines = [...engNow.keys()].sort().map((engine) => ({
    engine,
    label: label(engine),
    ...kpis(withChange(engNow.get(engine)!, engBefore.get(engine) ?? emptyTally(), brand.id)),
  }));

  // Per keyword, only to find what moved.
  const k = split(keywordRows);
  const kwNow = sumBy(k.current, (r) => r.keywordId);
  const kwBefore = sumBy(k.previous, (r) => r.keywordId);
  const keywordMoves = keywords.map((kw) => {
    const m = withChange(
      kwNow.get(kw.id) ?? emptyTally(),
      kwBefore.get(kw.id) ?? emptyTally(),
      brand.id,
    );
    return {
      scope: 'KEYWORD' as const,
      name: kw.text,
      change: m.change,
      before: m.previous.mentionRate,
      after: m.mentionRate,
    };
  });

  // Share of voice: Brand.competitorMetrics.
  const entities = entityMetrics(mergeTallies(entityRows.map((r) => r.tally)), [
    { id: brand.id, name: brand.name, kind: 'BRAND' as const },
    ...competitors.map((c) => ({ id: c.id, name: c.name, kind: 'COMPETITOR' as const })),
  ]);

  // Top sources: Brand.sources, with the kind the Sources page gives them.
  const classify = brandSourceClassifier(brand, competitors, corrections);
  const sources = topSources(mergeTallies(sourceRows.map((r) => r.tally)), TOP_SOURCES).map(
    (s) => ({
      domain: s.domain,
      kind: classify(s.domain).kind,
      citations: s.citations,
      answers: s.answers,
      share: s.share,
    }),
  );

  // What was published and what it changed: the impact panel's rule (published-impact.service).
  const publishedRows = [];
  for (const item of published) {
    const target = await findOwnedPublishedTarget(db, workspaceId, item.id);
    const answers = target?.promptId
      ? await listImpactAnswers(db, workspaceId, brand.id, [target.promptId])
      : [];
    const impact = computeImpact({
      publishedAt: item.publishedAt,
      ingestedAt: target?.ingestedAt ?? null,
      engines: brand.engines,
      answers,
    });
    const enough = impact.enoughData && Boolean(target?.promptId);
    publishedRows.push({
      title: item.title,
      url: item.url,
      publishedAt: item.publishedAt.toISOString(),
      enoughData: enough,
      verdict: enough ? impact.evidence.verdict : ('NOT_ENOUGH_DATA' as const),
      before: impact.evidence.before.answers > 0 ? impact.evidence.before.rate : null,
      after: impact.evidence.after.answers > 0 ? impact.evidence.after.rate : null,
      note: enough
        ? null
        : (impact.reason ??
          'Not enough data: the prompt this page was written for is no longer measured.'),
    });
  }

  const statusCounts = Object.fromEntries(byStatus);
  const moves = reportMoves(
    [
      {
        scope: 'BRAND',
        name: brand.name,
        change: overall.change,
        before: overall.previous.mentionRate,
        after: overall.mentionRate,
      },
      ...engines.map((en) => ({
        scope: 'ENGINE' as const,
        name: en.label,
        change: en.change,
        before: en.previous.mentionRate,
        after: en.mentionRate,
      })),
      ...keywordMoves,
    ],
    publishedRows.map((p) => p.title),
  );

  return {
    version: REPORT_CONTENT_VERSION,
    brand: { id: brand.id, name: brand.name },
    workspaceName: src.workspaceName,
    period: { ...range, previousFrom: prev.from, previousTo: prev.to, timezone },
    generatedAt: (src.now ?? new Date()).toISOString(),
    kpis: kpis(overall),
    engines,
    moves,
    shareOfVoice: entities.map((en) => ({
      entityId: en.id,
      name: en.name,
      kind: en.kind,
      shareOfVoice: en.metrics.shareOfVoice,
      mentionRate: en.metrics.mentionRate,
      answers: en.metrics.answers,
    })),
    sources,
    opportunities: {
      byStatus: statusCounts,
      open: OPEN_OPPORTUNITY_STATUSES.reduce((n, s) => n + (byStatus.get(s) ?? 0), 0),
      resolvedInPeriod,
      top: topOpen.map((o) => ({ title: o.title, impact: o.impact, status: o.status })),
    },
    published: publishedRows,
    cost: {
      usd: roundUsd(costRows.reduce((sum, r) => sum + r.costUsd, 0)),
      unpricedAnswers: costRows.reduce((sum, r) => sum + r.unpriced, 0),
      byEngine: costRows.map((r) => ({ ...r, label: label(r.engine) })),
    },
  };
}
