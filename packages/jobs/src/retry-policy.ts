import type { JobsOptions } from 'bullmq';

/** The first retry waits this long; each next one twice as long (before `timeScale`). */
export const BASE_BACKOFF_MS = 1_000;

/**
 * A retry budget in minutes as BullMQ options: the largest number of exponentially spaced
 * retries whose waits fit in the budget (1 s, 2 s, 4 s …). Five minutes gives 8 retries over
 * 4¼ minutes, so a Postgres or Redis restart in between is survived.
 * With a fixed number of `attempts` (engine queries: 5), the first wait is stretched instead so
 * that those attempts' waits fill the budget (5 minutes, 5 attempts: 20 s, 40 s, 80 s, 160 s).
 * `timeScale` shrinks every wait and the budget alike (tests run minutes in milliseconds).
 */
export function retryPolicy(
  retryBudgetMinutes: number,
  timeScale = 1,
  attempts?: number,
): Pick<JobsOptions, 'attempts' | 'backoff'> {
  const budgetMs = retryBudgetMinutes * 60_000;
  if (attempts !== undefined && attempts > 1) {
    // Waits sum to base · (2^(attempts−1) − 1) = budget.
    const base = budgetMs / (2 ** (attempts - 1) - 1);
    return {
      attempts,
      backoff: { type: 'exponential', delay: Math.max(1, Math.round(base * timeScale)) },
    };
  }
  // Waits sum to base · (2^n − 1); the largest n with that ≤ budget.
  const retries = budgetMs > 0 ? Math.floor(Math.log2(budgetMs / BASE_BACKOFF_MS + 1)) : 0;
  return {
    attempts: retries + 1,
    backoff: { type: 'exponential', delay: Math.max(1, Math.round(BASE_BACKOFF_MS * timeScale)) },
  };
}

/** Is this the last attempt the job's options allow? `attemptsMade` counts finished attempts. */
export function isFinalAttempt(job: {
  attemptsMade: number;
  opts: { attempts?: number | undefined };
}): boolean {
  return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}
