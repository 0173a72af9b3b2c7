import { type MetricsChange, metricsChange } from './periods';
import type { CoreMetrics } from './tally';

/** What a run's change needs: its trigger and the headline numbers it stored when it completed. */
export type RunForChange = {
  trigger: string;
  /** Null until completed (or for a run stored before runs kept their metrics). */
  metrics: Pick<CoreMetrics, 'answers' | 'score' | 'mentionRate'> | null;
};

/**
 * A run's change against the brand's previous comparable run, with the verdict of the KPI tiles
 * (`metricsChange`: moved only when the mention-rate Wilson intervals separate). A targeted
 * re-measure asks a few prompts, so it is never compared with a full run, nor a full run with
 * it: the caller passes the previous *full* run, and a targeted run has no change at all
 * (docs/brands.md, "Runs").
 */
export function runChange(run: RunForChange, previous: RunForChange | null): MetricsChange | null {
  if (isTargeted(run) || !previous || isTargeted(previous)) return null;
  if (!run.metrics || !previous.metrics) return null;
  return metricsChange(previous.metrics, run.metrics);
}

export function isTargeted(run: { trigger: string }): boolean {
  return run.trigger.toUpperCase() === 'TARGETED';
}
