import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createGatewayMetrics } from '@lumen/gateway/http/operator-metrics';
import type { Queues } from '@lumen/jobs/queues';
import { createWorkerMetrics } from '@lumen/worker/worker-metrics';
import { describe, expect, it } from 'vitest';

// docs/grafana-dashboard.json (docs/observability.md, "Grafana dashboard") may only chart series
// that a gateway's or a worker's /metrics exports: each PromQL expression's metric names are
// checked against the two real registries' exposition, and every lumen_* metric is charted.

type Panel = { type: string; title: string; panels?: Panel[]; targets?: { expr?: string }[] };
type Dashboard = {
  panels: Panel[];
  templating: { list: { query?: { query?: string } }[] };
};

const dashboard = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../docs/grafana-dashboard.json'), 'utf8'),
) as Dashboard;

const allPanels = (panels: Panel[]): Panel[] =>
  panels.flatMap((p) => [p, ...allPanels(p.panels ?? [])]);

const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'and',
  'or',
  'unless',
  'offset',
  'inf',
  'nan',
]);

/** The metric names a PromQL expression reads (not functions, label names, keywords). */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/\[[^\]]*\]/g, '[]')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\b\d+(?:\.\d+)?(?:ms|s|m|h|d|w|y)?\b/g, ' ');
  const names: string[] = [];
  for (const match of bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const name = match[0];
    const after = bare.slice((match.index ?? 0) + name.length).trimStart();
    if (after.startsWith('(') || KEYWORDS.has(name.toLowerCase())) continue;
    names.push(name);
  }
  return names;
}

/** Every series name a registry's scrape can hold: histograms as their _bucket, _sum, _count. */
async function exported(
  registry: ReturnType<typeof createWorkerMetrics>['registry'],
): Promise<Set<string>> {
  const text = await registry.metrics();
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    if (!name) continue;
    if (type === 'histogram' || type === 'summary') {
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
      if (type === 'summary') names.add(name);
    } else names.add(name);
  }
  return names;
}

// The queue gauges read Redis on each scrape; an empty answer stands in for it here.
const noQueues = new Proxy({} as Queues, {
  get: () => ({ getJobCounts: async () => ({}) }),
});
const pool = { max: 10, inUse: () => 0, waiting: () => 0 };

describe('docs/grafana-dashboard.json', () => {
  const exprs = allPanels(dashboard.panels).flatMap((p) =>
    (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr ?? '' })),
  );
  const queries = dashboard.templating.list.map((v) => v.query?.query ?? '');

  it('reads only series the gateway or the worker exports', async () => {
    const known = new Set([
      ...(await exported(createGatewayMetrics(noQueues, pool).registry)),
      ...(await exported(createWorkerMetrics(pool).registry)),
    ]);
    expect(exprs.length).toBeGreaterThan(20);
    const unknown = [
      ...exprs.flatMap(({ panel, expr }) =>
        metricNames(expr)
          .filter((name) => !known.has(name))
          .map((name) => `${panel}: ${name}`),
      ),
      ...queries.flatMap((q) =>
        (/label_values\(([A-Za-z_:][A-Za-z0-9_:]*)/.exec(q)?.[1] ?? 'none') === 'none'
          ? []
          : [/label_values\(([A-Za-z_:][A-Za-z0-9_:]*)/.exec(q)![1]!].filter((n) => !known.has(n)),
      ),
    ];
    expect(unknown).toEqual([]);
  });

  it("charts every one of Lumen's own metrics", async () => {
    const ours = new Set(
      [
        ...(await exported(createGatewayMetrics(noQueues, pool).registry)),
        ...(await exported(createWorkerMetrics(pool).registry)),
      ]
        .filter((n) => n.startsWith('lumen_'))
        .map((n) => n.replace(/_(bucket|sum|count)$/, '')),
    );
    const charted = new Set(
      exprs.flatMap(({ expr }) =>
        metricNames(expr).map((n) => n.replace(/_(bucket|sum|count)$/, '')),
      ),
    );
    expect([...ours].filter((n) => !charted.has(n))).toEqual([]);
  });

  it('finds metric names in PromQL and nothing else', () => {
    expect(
      metricNames(
        'sum(rate(a_total{job=~"x|y",result="hit"}[5m])) / sum by (le, route) (rate(b_bucket[$__rate_interval])) offset 5m',
      ),
    ).toEqual(['a_total', 'b_bucket']);
    expect(metricNames('histogram_quantile(0.95, sum by (le) (rate(c_bucket[1m])))')).toEqual([
      'c_bucket',
    ]);
  });
});
