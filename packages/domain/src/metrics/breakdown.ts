import type { CitationOwner } from '../entities/types';
import { type MetricsChange, metricsChange } from './periods';
import { type CoreMetrics, type MetricsTally, mergeTallies, metricsFromTally } from './tally';

// Reading rollups: tallies are grouped and summed, and only then turned into rates
// (docs/metrics.md, "Reading the numbers").

/** Sums the tallies of rows that share a key (a day, an engine, a keyword), keys in first-seen order. */
export function sumBy<R extends { tally: MetricsTally }, K>(
  rows: readonly R[],
  key: (row: R) => K,
): Map<K, MetricsTally> {
  const groups = new Map<K, MetricsTally[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row.tally);
    else groups.set(k, [row.tally]);
  }
  return new Map([...groups].map(([k, list]) => [k, mergeTallies(list)]));
}

export type MetricsWithChange = CoreMetrics & {
  change: MetricsChange | null;
  /** The previous period's numbers the change is measured from. */
  previous: CoreMetrics;
};

/** An entity's metrics over a period with the change against the previous period. */
export function withChange(
  current: MetricsTally,
  previous: MetricsTally,
  entityId: string,
): MetricsWithChange {
  const now = metricsFromTally(current, entityId);
  const before = metricsFromTally(previous, entityId);
  return { ...now, previous: before, change: metricsChange(before, now) };
}

export type TrackedEntity = { id: string; name: string; kind: 'BRAND' | 'COMPETITOR' };

/** The brand and each competitor over the same answers, largest share of voice first. */
export function entityMetrics<E extends TrackedEntity>(
  tally: MetricsTally,
  entities: readonly E[],
): (E & { metrics: CoreMetrics })[] {
  return entities
    .map((e) => ({ ...e, metrics: metricsFromTally(tally, e.id) }))
    .sort(
      (a, b) =>
        b.metrics.shareOfVoice - a.metrics.shareOfVoice ||
        (a.kind === 'BRAND' ? -1 : b.kind === 'BRAND' ? 1 : a.name.localeCompare(b.name)),
    );
}

export type SourceMetrics = {
  domain: string;
  owner: CitationOwner;
  entityId: string | null;
  citations: number;
  /** Answers citing the domain at least once. */
  answers: number;
  /** The domain's share of every citation in the set, 0–1. */
  share: number;
};

/** The most cited domains, most citations first (ties by domain). */
export function topSources(tally: MetricsTally, first: number): SourceMetrics[] {
  return Object.entries(tally.sources)
    .map(([domain, s]) => ({
      domain,
      owner: s.owner,
      entityId: s.entityId,
      citations: s.citations,
      answers: s.answers,
      share: tally.citations === 0 ? 0 : s.citations / tally.citations,
    }))
    .sort((a, b) => b.citations - a.citations || a.domain.localeCompare(b.domain))
    .slice(0, Math.max(0, first));
}

/** Untracked names the engines mention, most answers first. */
export function discoveredNames(
  tally: MetricsTally,
  first: number,
): { name: string; answers: number }[] {
  return Object.entries(tally.discovered)
    .map(([name, answers]) => ({ name, answers }))
    .sort((a, b) => b.answers - a.answers || a.name.localeCompare(b.name))
    .slice(0, Math.max(0, first));
}
