import type { AnswerAnalysis } from '../entities/types';
import { type CoreMetrics, metricsFromTally, tallyAnswers } from './tally';

export type { CoreMetrics } from './tally';

export type MetricsItem = {
  analysis: AnswerAnalysis;
  engine: string;
  promptId: string;
  branded: boolean;
};

export type MetricsOptions = {
  brandId: string;
  /** Branded prompts ("is Acme good for …") inflate visibility; excluded unless asked. */
  includeBranded?: boolean;
};

export type Metrics = CoreMetrics & { byEngine: Record<string, CoreMetrics> };

/**
 * The metrics of docs/metrics.md over a set of answers, overall and per engine. It is the tally
 * path (`tally.ts`) the rollups take too, so a number read from the rollups and one computed from
 * the answers come out of the same function.
 */
export function computeMetrics(items: readonly MetricsItem[], options: MetricsOptions): Metrics {
  const included = options.includeBranded ? items : items.filter((i) => !i.branded);
  const engines = new Map<string, AnswerAnalysis[]>();
  for (const item of included) {
    const list = engines.get(item.engine);
    if (list) list.push(item.analysis);
    else engines.set(item.engine, [item.analysis]);
  }
  const byEngine: Record<string, CoreMetrics> = {};
  for (const engine of [...engines.keys()].sort()) {
    byEngine[engine] = metricsFromTally(tallyAnswers(engines.get(engine)!), options.brandId);
  }
  const all = tallyAnswers(included.map((i) => i.analysis));
  return { ...metricsFromTally(all, options.brandId), byEngine };
}
