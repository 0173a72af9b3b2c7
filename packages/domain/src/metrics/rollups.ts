import { type CoreMetrics, computeMetrics, type MetricsItem } from './compute-metrics';
import { tallyAnswers } from './tally';

/** The engine value of the rows that cover every engine. */
export const ALL_ENGINES = 'all';

export type RollupItem = MetricsItem & { keywordId: string | null };

/** One `metric_snapshots` row of a day, without its day (docs/metrics.md, "Daily rollups"). */
export type RollupRow = {
  engine: string;
  /** Null = every keyword. */
  keywordId: string | null;
  branded: boolean;
  answers: number;
  mentioned: number;
  mentionRate: number;
  positionWeighted: number;
  shareOfVoice: number;
  avgRank: number | null;
  citationRate: number;
  sentiment: number | null;
  score: number;
  detail: Record<string, unknown>;
};

/**
 * A day's rollup rows (docs/metrics.md, "Daily rollups"): for branded and non-branded prompts
 * apart, every engine and each engine, every keyword and each keyword. The numbers come from
 * `computeMetrics`, the function the quick check and the run's headline score use, so a row
 * always agrees with the answers it covers. Segments without answers get no row.
 */
export function buildRollups(items: readonly RollupItem[], brandId: string): RollupRow[] {
  const rows: RollupRow[] = [];
  for (const branded of [false, true]) {
    const segment = items.filter((i) => i.branded === branded);
    if (segment.length === 0) continue;
    const keywordIds = [...new Set(segment.flatMap((i) => (i.keywordId ? [i.keywordId] : [])))];
    for (const keywordId of [null, ...keywordIds.sort()]) {
      const set = keywordId === null ? segment : segment.filter((i) => i.keywordId === keywordId);
      // Branded rows are asked for explicitly; computeMetrics leaves them out by default.
      const metrics = computeMetrics(set, { brandId, includeBranded: true });
      rows.push(row(ALL_ENGINES, keywordId, branded, metrics, set));
      for (const [engine, m] of Object.entries(metrics.byEngine)) {
        rows.push(
          row(
            engine,
            keywordId,
            branded,
            m,
            set.filter((i) => i.engine === engine),
          ),
        );
      }
    }
  }
  return rows;
}

function row(
  engine: string,
  keywordId: string | null,
  branded: boolean,
  m: CoreMetrics,
  items: readonly RollupItem[],
): RollupRow {
  return {
    engine,
    keywordId,
    branded,
    answers: m.answers,
    mentioned: Math.round(m.mentionRate.value * m.answers),
    mentionRate: m.mentionRate.value,
    positionWeighted: m.positionWeighted,
    shareOfVoice: m.shareOfVoice,
    avgRank: m.averageRank,
    citationRate: m.citationRate,
    sentiment: m.sentiment,
    score: m.score,
    detail: {
      // The Wilson interval, so "moved / within noise" can be read from the rollups alone.
      mentionRateLow: m.mentionRate.low,
      mentionRateHigh: m.mentionRate.high,
      // The counts behind the rates: rates cannot be combined across days, engines or keywords,
      // counts can (`mergeTallies`, then `metricsFromTally`).
      tally: tallyAnswers(items.map((i) => i.analysis)),
    },
  };
}
