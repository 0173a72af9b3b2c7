import { currentRequestId } from '@lumen/config/request-context';
import { SystemPingJob } from '@lumen/jobs/definitions';
import type { Job } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { defineProcessor } from './define-processor';
import type { WorkerDeps } from './deps';

const pingId = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const jobWith = (data: unknown) =>
  ({ id: 'j1', data, attemptsMade: 0, opts: {} }) as unknown as Job;

describe('defineProcessor and request ids', () => {
  const processor = defineProcessor(SystemPingJob, async (payload) => ({
    payload,
    requestId: currentRequestId(),
  }));
  const deps = {} as WorkerDeps;

  it('runs a job in the scope of the request id its data carries (its log lines name it)', async () => {
    expect(await processor.run(jobWith({ pingId, requestId: 'req-9' }), deps)).toEqual({
      payload: { pingId },
      requestId: 'req-9',
    });
  });

  it('runs without one when the data has none or an invalid one', async () => {
    for (const data of [{ pingId }, { pingId, requestId: 'no good' }]) {
      expect(await processor.run(jobWith(data), deps)).toEqual({
        payload: { pingId },
        requestId: undefined,
      });
    }
  });
});
