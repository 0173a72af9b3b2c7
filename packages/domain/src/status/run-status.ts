import { defineStateMachine } from './state-machine';

/** Runs and quick scores: QUEUED → RUNNING → COMPLETED | FAILED. */
export type RunStatus = 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED';

export const runStatus = defineStateMachine<RunStatus>({
  QUEUED: ['RUNNING'],
  // Back to QUEUED when an attempt fails and another will follow (BullMQ retry with backoff).
  RUNNING: ['COMPLETED', 'FAILED', 'QUEUED'],
  COMPLETED: [],
  FAILED: [],
});

export const { canTransition, isFinal } = runStatus;

/** Status after a failed attempt: FAILED only after the last attempt (or a final error). */
export function statusAfterFailedAttempt(
  attemptsMade: number,
  maxAttempts: number,
  unrecoverable = false,
): Extract<RunStatus, 'QUEUED' | 'FAILED'> {
  return unrecoverable || attemptsMade >= maxAttempts ? 'FAILED' : 'QUEUED';
}
