import { type CoreMetrics, computeMetrics, type MetricsItem } from './compute-metrics';
import { tallyAnswers } from './tally';

/** The engine value of the rows that cover every engine. */
export const ALL_ENGINES = 'all';

/** The place value of the rows that cover every country and every language. */
export const ALL_PLACES = '*';

export type RollupItem = MetricsItem & {
  keywordId: string | null;
  /** Where the answer was asked for: an ISO country code (null: none) and a primary subtag. */
  country?: string | null;
  language?: string | null;
};

/** One `metric_snapshots` row of a day, without its day (docs/metrics.md, "Daily rollups"). */
export type RollupRow = {
  engine: string;
  /** Null = every keyword. */
  keywordId: string | null;
  branded: boolean;
  /** '*' = every place; else one country ('' for none) × language pair. */
  country: string;
  language: string;
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

/** An item's place pair as rollup rows keep it ('' for a missing country or language). */
function placeOf(item: RollupItem): { country: string; language: string } {
  return { country: item.country ?? '', language: item.language ?? '' };
}

/**
 * A day's rollup rows (docs/metrics.md, "Daily rollups"): for branded and non-branded prompts
 * apart, every engine and each engine, every keyword and each keyword, every place ('*') and
 * each country × language pair the answers were asked for. The numbers come from
 * `computeMetrics`, the function the quick check and the run's headline score use, so a row
 * always agrees with the answers it covers. Segments without answers get no row.
 */
export function buildRollups(items: readonly RollupItem[], brandId: string): RollupRow[] {
  const rows: RollupRow[] = [];
  const pairs = [...new Set(items.map((i) => JSON.stringify(placeOf(i))))]
    .sort()
    .map((p) => JSON.parse(p) as { country: string; language: string });
  const places = [{ country: ALL_PLACES, language: ALL_PLACES }, ...pairs];
  for (const place of places) {
    const inPlace =
      place.country === ALL_PLACES
        ? items
        : items.filter((i) => {
            const p = placeOf(i);
            return p.country === place.country && p.language === place.language;
          });
    for (const branded of [false, true]) {
      const segment = inPlace.filter((i) => i.branded === branded);
      if (segment.length === 0) continue;
      const keywordIds = [...new Set(segment.flatMap((i) => (i.keywordId ? [i.keywordId] : [])))];
      for (const keywordId of [null, ...keywordIds.sort()]) {
        const set = keywordId === null ? segment : segment.filter((i) => i.keywordId === keywordId);
        // Branded rows are asked for explicitly; computeMetrics leaves them out by default.
        const metrics = computeMetrics(set, { brandId, includeBranded: true });
        const key = { keywordId, branded, ...place };
        rows.push(row(ALL_ENGINES, key, metrics, set));
        for (const [engine, m] of Object.entries(metrics.byEngine)) {
          rows.push(
            row(
              engine,
              key,
              m,
              set.filter((i) => i.engine === engine),
            ),
          );
        }
      }
    }
  }
  return rows;
}

function row(
  engine: string,
  key: { keywordId: string | null; branded: boolean; country: string; language: string },
  m: CoreMetrics,
  items: readonly RollupItem[],
): RollupRow {
  return {
    engine,
    ...key,
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
