import { currentRequestId } from '@lumen/config/request-context';
import { currentTraceparent, inSpan } from '@lumen/config/tracing';
import type { JobState, JobsOptions, Queue } from 'bullmq';
import type { z } from 'zod';
import type { JobDefinition } from './definitions';
import type { Queues } from './queues';
import { retryPolicy } from './retry-policy';

/**
 * Validates the payload against its definition and adds the job to its queue, retried within
 * the definition's budget. Pass a `jobId` whenever a natural key exists (the status row's id):
 * a second add with the same id is a no-op, so a double click or the reconciler never makes two.
 * Enqueued while a gateway request is handled, the job's data also carries that request's id
 * (`requestId`, for the worker's log lines); it never goes into the job id.
 */
export async function enqueue<S extends z.ZodType>(
  queues: Queues,
  definition: JobDefinition<S>,
  payload: z.infer<S>,
  options: JobsOptions = {},
): Promise<string> {
  const parsed = definition.payload.parse(payload);
  // With tracing on, the add is a producer span and the job carries its `traceparent`: the
  // worker's run of the job is its child (docs/observability.md, "Traces").
  return inSpan(
    `enqueue ${definition.name}`,
    {
      kind: 'producer',
      attributes: {
        'messaging.system': 'bullmq',
        'messaging.operation.type': 'send',
        'messaging.destination.name': definition.queue,
        'lumen.job.name': definition.name,
      },
    },
    async (span) => {
      const requestId = currentRequestId();
      const traceparent = currentTraceparent();
      const data =
        requestId || traceparent
          ? {
              ...(parsed as Record<string, unknown>),
              ...(requestId ? { requestId } : {}),
              ...(traceparent ? { traceparent } : {}),
            }
          : parsed;
      const job = await queues[definition.queue].add(definition.name, data, {
        ...retryPolicy(definition.retryBudgetMinutes, queues.timeScale, definition.attempts),
        ...options,
      });
      if (!job.id) throw new Error(`Queue ${definition.queue} returned a job without id`);
      span?.setAttributes({ 'messaging.message.id': job.id });
      return job.id;
    },
  );
}

/**
 * Removes the job under `jobId` when it is finished (completed or failed, plus `also`), so that
 * asking for the same work again adds a new one; a job still waiting or running is left alone.
 * Call it *before* the status row goes back to its requested state: the worker's `failed`
 * handler fails the row of a job it finds failed, and a handler running late must not meet the
 * old job beside the new request (docs/jobs.md, "Asking again").
 */
export async function removeFinishedJob(
  queue: Queue,
  jobId: string,
  also: JobState[] = [],
): Promise<void> {
  const existing = await queue.getJob(jobId);
  if (!existing) return;
  const state = await existing.getState();
  if (state === 'completed' || state === 'failed' || also.includes(state as JobState))
    await existing.remove();
}
