import { isValidRequestId, withRequestId } from '@lumen/config/request-context';
import { inSpan } from '@lumen/config/tracing';
import { isDatabaseError } from '@lumen/db/errors';
import type { JobDefinition } from '@lumen/jobs/definitions';
import type { QueueName } from '@lumen/jobs/queues';
import { isFinalAttempt } from '@lumen/jobs/retry-policy';
import {
  DelayedError,
  type Job,
  RateLimitError,
  UnrecoverableError,
  WaitingChildrenError,
  WaitingError,
} from 'bullmq';
import type { z } from 'zod';
import type { WorkerDeps } from './deps';
import { reportJobFailure } from './observability';
import type { StatusRow } from './status-row';

/** What the BullMQ worker running the job lends its processor. */
export type JobRuntime = {
  /** The job's lock token: moving a parent to waiting-children needs it. */
  token: string | undefined;
  /** Pauses the job's whole queue for `ms` (a provider's retry-after); see `Worker.rateLimit`. */
  rateLimit(ms: number): Promise<void>;
};

export type ProcessorContext<Row = undefined> = {
  job: Job;
  deps: WorkerDeps;
  /** This attempt is the job's last: the wrapper fails its row if it throws. */
  finalAttempt: boolean;
  runtime: JobRuntime;
  /** The row its status row's `claim` re-read and moved to RUNNING (undefined without one). */
  row: Row;
};

/** BullMQ's control-flow errors: not failures, the worker moves the job and is done with it. */
export function isControlFlow(error: unknown): boolean {
  return (
    error instanceof WaitingChildrenError ||
    error instanceof RateLimitError ||
    error instanceof DelayedError ||
    error instanceof WaitingError
  );
}

const NO_RUNTIME: JobRuntime = {
  token: undefined,
  rateLimit: async () => {},
};

/**
 * A failure the user can act on ("none of the engines answered"): final at once, its message
 * shown on the row, logged as a warning and not reported as a fault.
 */
export class JobFailure extends Error {
  override readonly name = 'JobFailure';
}

export type RegisteredProcessor = {
  definition: JobDefinition;
  statusRow: StatusRow<unknown> | null;
  /** Queues it serves when not only its definition's (engine queries: every provider queue). */
  queues?: readonly QueueName[];
  run(job: Job, deps: WorkerDeps, runtime?: JobRuntime): Promise<unknown>;
};

/**
 * The one way to write a processor: the payload is parsed once, and every job kind gets the
 * same status-row handling. With a `claim` on the status row, the row is re-read and moved to
 * RUNNING first, and a row that moved on ends the job with `{ status }` before the handler
 * runs. On the final attempt (or a JobFailure) the row is failed with a
 * user-safe message and its subscribers are told; a fault is reported with the job's queue, name
 * and id, never its payload. A failed row write is only logged: the reconciler repairs it.
 */
export function defineProcessor<S extends z.ZodType, Row = undefined>(
  definition: JobDefinition<S>,
  handler: (payload: z.infer<S>, ctx: ProcessorContext<Row>) => Promise<unknown>,
  options: { statusRow?: StatusRow<Row>; queues?: readonly QueueName[] } = {},
): RegisteredProcessor {
  const statusRow = options.statusRow ?? null;
  return {
    definition,
    statusRow,
    ...(options.queues ? { queues: options.queues } : {}),
    run(job, deps, runtime = NO_RUNTIME) {
      // A job enqueued while a gateway request was handled carries its id: every log line of the
      // job names it too (docs/observability.md, "Request ids").
      const data = job.data as { requestId?: unknown; traceparent?: unknown } | null;
      const requestId = data?.requestId;
      // With tracing on, the run is a consumer span, the child of the enqueuing span when the
      // job carries its `traceparent` (docs/observability.md, "Traces").
      const work = () =>
        inSpan(
          `process ${definition.name}`,
          {
            kind: 'consumer',
            traceparent: typeof data?.traceparent === 'string' ? data.traceparent : undefined,
            attributes: {
              'messaging.system': 'bullmq',
              'messaging.operation.type': 'process',
              'messaging.destination.name': job.queueName,
              'messaging.message.id': job.id,
              'lumen.job.name': definition.name,
              'lumen.job.attempt': job.attemptsMade + 1,
            },
            expected: isControlFlow,
          },
          () => runJob(job, deps, runtime),
        );
      return isValidRequestId(requestId) ? withRequestId(requestId, work) : work();
    },
  };

  async function runJob(job: Job, deps: WorkerDeps, runtime: JobRuntime): Promise<unknown> {
    const parsed = definition.payload.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`Invalid payload for ${definition.name}`);
    const finalAttempt = isFinalAttempt(job);
    try {
      let row = undefined as Row;
      if (statusRow?.claim) {
        const claim = await statusRow.claim(
          deps,
          statusRow.rowIdOf(parsed.data as Record<string, unknown>),
        );
        if ('movedOn' in claim) return { status: claim.movedOn };
        row = claim.row;
      }
      return await handler(parsed.data, { job, deps, finalAttempt, runtime, row });
    } catch (error) {
      if (isControlFlow(error)) throw error;
      const expected = error instanceof JobFailure;
      const tags = {
        queue: definition.queue,
        job: definition.name,
        jobId: job.id ?? '',
        attempts: job.attemptsMade + 1,
      };
      if (!expected && !finalAttempt && !(error instanceof UnrecoverableError)) {
        deps.logger.warn(
          { ...tags, ...describeError(error, deps) },
          'job attempt failed; retrying',
        );
        throw error;
      }
      if (statusRow) {
        const rowId = statusRow.rowIdOf(parsed.data as Record<string, unknown>);
        const message = expected ? error.message : statusRow.failedMessage;
        await failRow(deps, statusRow, rowId, message);
      }
      if (expected) {
        deps.logger.warn({ ...tags, reason: error.message }, 'job failed');
        throw new UnrecoverableError(error.message);
      }
      reportJobFailure(error, tags, deps.logger);
      throw error;
    }
  }
}

/** The failure was not this attempt's to write: the row had been asked for again. */
class AttemptSuperseded extends Error {}

/**
 * Fails the row and tells its subscribers; never throws (the reconciler retries later).
 *
 * `sameAttempt`, when given, is asked after the row was failed and before that is committed,
 * while the update holds the row's lock: when it answers false (the job that failed is gone or
 * was replaced, because the row was asked for again), the change is rolled back. Asking again
 * removes the old job before it resets the row, so whichever of the two comes first, a late
 * failure never fails the new request (docs/jobs.md, "Asking again").
 */
export async function failRow(
  deps: WorkerDeps,
  statusRow: StatusRow,
  rowId: string,
  message: string,
  sameAttempt?: () => Promise<boolean>,
): Promise<boolean> {
  try {
    const changed = sameAttempt
      ? await deps.db
          .transaction(async (tx) => {
            const failed = await statusRow.fail(tx, rowId, message);
            if (failed && !(await sameAttempt())) throw new AttemptSuperseded();
            return failed;
          })
          .catch((error: unknown) => {
            if (error instanceof AttemptSuperseded) return false;
            throw error;
          })
      : await statusRow.fail(deps.db, rowId, message);
    if (changed) {
      await deps.publish(statusRow.topic(rowId));
      await statusRow.afterFail?.(deps, rowId);
    }
    return changed;
  } catch (error) {
    deps.logger.warn(
      { rowId, job: statusRow.definition.name, ...describeError(error, deps) },
      'could not mark the row failed; the reconciler will',
    );
    return false;
  }
}

/** Names the failing part, so an outage reads as one ("database unavailable"), not as a bug. */
export function describeError(
  error: unknown,
  deps: Pick<WorkerDeps, 'env'>,
): { cause: 'database' | 'other'; err: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (isDatabaseError(error, deps.env.DATABASE_URL)) return { cause: 'database', err: message };
  return { cause: 'other', err: message };
}
