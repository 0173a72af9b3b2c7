import { isDatabaseError } from '@lumen/db/errors';
import type { JobDefinition } from '@lumen/jobs/definitions';
import { isFinalAttempt } from '@lumen/jobs/retry-policy';
import { type Job, UnrecoverableError } from 'bullmq';
import type { z } from 'zod';
import type { WorkerDeps } from './deps';
import { reportJobFailure } from './observability';
import type { StatusRow } from './status-row';

export type ProcessorContext = {
  job: Job;
  deps: WorkerDeps;
  /** This attempt is the job's last: the wrapper fails its row if it throws. */
  finalAttempt: boolean;
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
  statusRow: StatusRow | null;
  run(job: Job, deps: WorkerDeps): Promise<unknown>;
};

/**
 * The one way to write a processor: the payload is parsed once, and every job kind gets the
 * same status-row handling. On the final attempt (or a JobFailure) the row is failed with a
 * user-safe message and its subscribers are told; a fault is reported with the job's queue, name
 * and id, never its payload. A failed row write is only logged: the reconciler repairs it.
 */
export function defineProcessor<S extends z.ZodType>(
  definition: JobDefinition<S>,
  handler: (payload: z.infer<S>, ctx: ProcessorContext) => Promise<unknown>,
  options: { statusRow?: StatusRow } = {},
): RegisteredProcessor {
  const statusRow = options.statusRow ?? null;
  return {
    definition,
    statusRow,
    async run(job, deps) {
      const parsed = definition.payload.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError(`Invalid payload for ${definition.name}`);
      const finalAttempt = isFinalAttempt(job);
      try {
        return await handler(parsed.data, { job, deps, finalAttempt });
      } catch (error) {
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
    },
  };
}

/** Fails the row and tells its subscribers; never throws (the reconciler retries later). */
export async function failRow(
  deps: WorkerDeps,
  statusRow: StatusRow,
  rowId: string,
  message: string,
): Promise<boolean> {
  try {
    const changed = await statusRow.fail(deps.db, rowId, message);
    if (changed) await deps.publish(statusRow.topic(rowId));
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
