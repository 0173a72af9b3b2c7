import { describe, expect, it } from 'vitest';
import { type JobState, reconcileAction } from './reconcile-action';

const MIN = 60_000;

describe('reconcileAction', () => {
  it.each<[JobState, number, string]>([
    ['missing', 1 * MIN, 'enqueue'],
    ['failed', 1 * MIN, 'fail:job-failed'],
    ['failed', 99 * MIN, 'fail:job-failed'],
    ['completed', 1 * MIN, 'replace'],
    ['waiting', 1 * MIN, 'keep'],
    ['delayed', 1 * MIN, 'keep'],
    ['active', 1 * MIN, 'keep'],
    ['prioritized', 1 * MIN, 'keep'],
    ['unknown', 1 * MIN, 'keep'],
    ['missing', 15 * MIN, 'fail:deadline'],
    ['active', 15 * MIN, 'fail:deadline'],
    ['waiting', 20 * MIN, 'fail:deadline'],
    ['completed', 16 * MIN, 'fail:deadline'],
  ])('%s job, row %d ms old → %s', (jobState, ageMs, expected) => {
    const result = reconcileAction({ jobState, ageMs, deadlineMs: 15 * MIN });
    expect(result.action === 'fail' ? `fail:${result.reason}` : result.action).toBe(expected);
  });
});
