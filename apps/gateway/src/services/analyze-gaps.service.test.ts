import type { Queues } from '@lumen/jobs/queues';
import { describe, expect, it } from 'vitest';
import { gapAnalysisState } from './analyze-gaps.service';

/**
 * A gap-analysis job that finishes while its state is being read: the queue answers with the job
 * as it is at each call, and the job completes at the first call that asks for the state.
 */
function finishingQueue() {
  let done = false;
  const snapshot = () => ({
    returnvalue: done ? { created: 1, updated: 2, resolved: 0, reopened: 0 } : null,
    finishedOn: done ? Date.now() : undefined,
    getState: async () => {
      done = true;
      return 'completed';
    },
  });
  const queue = {
    getJob: async () => snapshot(),
    getJobState: async () => {
      done = true;
      return 'completed';
    },
  };
  return { 'gap-analysis': queue } as unknown as Queues;
}

describe('gapAnalysisState', () => {
  it('never reports a completed analysis with the counts of its unfinished copy', async () => {
    const state = await gapAnalysisState(finishingQueue(), '00000000-0000-4000-8000-000000000001');
    expect(state).toMatchObject({ status: 'COMPLETED', created: 1, updated: 2 });
  });

  it('is null when there is no such job', async () => {
    const queues = {
      'gap-analysis': { getJobState: async () => 'unknown', getJob: async () => undefined },
    } as unknown as Queues;
    expect(await gapAnalysisState(queues, '00000000-0000-4000-8000-000000000001')).toBeNull();
  });
});
