import { BackfillAnswerPlacesJob } from '@lumen/jobs/definitions';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../src/worker';
import { startTestWorker, until } from './brand-run-fixtures';

// Work that an upgrade needs once (docs/jobs.md, "Once after an upgrade") is a job under a fixed
// id, not a scan on every worker's start path: workers starting together do it once.

const workers: RunningWorker[] = [];

afterAll(async () => {
  for (const w of workers.splice(0)) await w.close();
});

describe('worker start', () => {
  it('two workers starting together ask for the place backfill once, and it completes', async () => {
    workers.push(...(await Promise.all([startTestWorker(), startTestWorker()])));
    const queue = workers[0]!.deps.queues[BackfillAnswerPlacesJob.queue];
    const state = await until(
      async () => (await queue.getJob(BackfillAnswerPlacesJob.name))?.getState() ?? 'missing',
      (s) => s === 'completed' || s === 'failed',
    );
    expect(state).toBe('completed');
    const jobs = await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed']);
    expect(jobs.filter((j) => j.name === BackfillAnswerPlacesJob.name)).toHaveLength(1);
  });
});
