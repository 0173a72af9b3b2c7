/** The state of a status row's job as BullMQ reports it, or `missing` when there is none. */
export type JobState =
  | 'missing'
  | 'waiting'
  | 'waiting-children'
  | 'delayed'
  | 'prioritized'
  | 'active'
  | 'completed'
  | 'failed'
  | 'unknown';

export type ReconcileAction =
  | { action: 'keep' }
  | { action: 'enqueue' }
  /** Remove the finished job that left its row open, then enqueue again. */
  | { action: 'replace' }
  | { action: 'fail'; reason: 'job-failed' | 'deadline' };

/**
 * What the reconciler does with a QUEUED or RUNNING row (docs/jobs.md):
 * - its job failed for good: the row fails too (the worker could not mark it at the time);
 * - it is older than its kind's deadline: it fails, whatever its job is doing;
 * - it has no job (the gateway died between insert and enqueue, or Redis lost it): enqueue;
 * - its job completed but the row is open (a delivery returned early): enqueue again;
 * - otherwise its job is waiting, delayed or running, and the row is left alone.
 */
export function reconcileAction(input: {
  jobState: JobState;
  ageMs: number;
  deadlineMs: number;
}): ReconcileAction {
  if (input.jobState === 'failed') return { action: 'fail', reason: 'job-failed' };
  if (input.ageMs >= input.deadlineMs) return { action: 'fail', reason: 'deadline' };
  if (input.jobState === 'missing') return { action: 'enqueue' };
  if (input.jobState === 'completed') return { action: 'replace' };
  return { action: 'keep' };
}
