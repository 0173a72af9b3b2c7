import { describe, expect, it } from 'vitest';
import { MAX_SAMPLES, planQueries, REMEASURE_SAMPLES, samplesForRun } from './samples';

describe('samplesForRun', () => {
  it('a re-measure asks as many samples as a brand may', () => {
    expect(REMEASURE_SAMPLES).toBe(MAX_SAMPLES);
  });

  it.each([
    ['MANUAL', 1, 1],
    ['SCHEDULED', 3, 3],
    ['MANUAL', 9, MAX_SAMPLES],
    ['MANUAL', 0, 1],
    ['TARGETED', 1, REMEASURE_SAMPLES],
    ['TARGETED', 5, 5],
  ] as const)('%s run of a brand with %i samples asks %i', (trigger, brand, expected) => {
    expect(samplesForRun(trigger, brand)).toBe(expected);
  });
});

describe('planQueries', () => {
  it('asks every prompt × engine once per sample, sample 1 first', () => {
    const plan = planQueries(['p1', 'p2'], ['a', 'b'], 2);
    expect(plan).toHaveLength(8);
    expect(plan.slice(0, 4).every((q) => q.sample === 1)).toBe(true);
    expect(new Set(plan.map((q) => `${q.promptId}|${q.engine}|${q.sample}`)).size).toBe(8);
  });
  it('is empty without prompts or engines', () => {
    expect(planQueries([], ['a'], 3)).toEqual([]);
    expect(planQueries(['p'], [], 3)).toEqual([]);
  });
});
