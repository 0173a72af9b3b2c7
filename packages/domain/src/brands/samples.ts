// Samples (docs/metrics.md, "Samples"): one answer of an engine is noise, so a run may ask each
// prompt of each engine several times. Every sample is an answer of its own, so the intervals
// narrow as they should.

export const MIN_SAMPLES = 1;
export const MAX_SAMPLES = 5;
/** A new brand asks each prompt once per engine and run. */
export const DEFAULT_SAMPLES = 1;

/**
 * A re-measure after a publication decides whether the post moved anything on one prompt, so
 * it asks as many samples as allowed (MAX_SAMPLES; samples.test.ts holds them equal): with one
 * answer an engine, no change could ever leave the noise (0 of 4 before against 4 of 4 after
 * still overlaps).
 */
export const REMEASURE_SAMPLES = 5;

export type RunKind = 'MANUAL' | 'SCHEDULED' | 'TARGETED';

/** The samples a run asks of each prompt × engine. */
export function samplesForRun(trigger: RunKind, brandSamples: number): number {
  const own = Math.min(MAX_SAMPLES, Math.max(MIN_SAMPLES, Math.trunc(brandSamples)));
  return trigger === 'TARGETED' ? Math.max(own, REMEASURE_SAMPLES) : own;
}

/** The queries of a run: every prompt × engine × sample, sample 1 first. */
export function planQueries<P, E>(
  promptIds: readonly P[],
  engines: readonly E[],
  samples: number,
): { promptId: P; engine: E; sample: number }[] {
  const queries: { promptId: P; engine: E; sample: number }[] = [];
  for (let sample = 1; sample <= samples; sample++) {
    for (const promptId of promptIds) {
      for (const engine of engines) queries.push({ promptId, engine, sample });
    }
  }
  return queries;
}
