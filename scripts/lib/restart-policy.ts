/**
 * When `npm start` restarts a crashed gateway or worker (docs/deployment.md, "npm start").
 * A child that crashes soon after starting is restarted after a delay that doubles with every
 * crash in a row, up to a cap; after too many such crashes in a row the supervisor gives up and
 * stops Lumen, rather than restarting a broken service in a loop. A child that ran for a while
 * before crashing starts a new streak: one crash a day is restarted after the first delay.
 */
export type RestartPolicy = {
  /** Delay before the first restart of a streak; doubles with each crash in a row. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** A child that ran at least this long before crashing starts a new streak. */
  stableAfterMs: number;
  /** Restarts allowed in one streak; the crash after the last of them stops Lumen. */
  maxRestarts: number;
};

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  initialDelayMs: 1_000,
  maxDelayMs: 30_000,
  stableAfterMs: 60_000,
  maxRestarts: 5,
};

export type RestartDecision =
  | { action: 'restart'; delayMs: number; streak: number }
  | { action: 'give-up'; streak: number };

/**
 * `streak` is the number of crashes in a row before this one (0 for the first); `ranMs` how long
 * the child that just exited had been running.
 */
export function decideRestart(
  policy: RestartPolicy,
  streak: number,
  ranMs: number,
): RestartDecision {
  const next = ranMs >= policy.stableAfterMs ? 1 : streak + 1;
  if (next > policy.maxRestarts) return { action: 'give-up', streak: next };
  const delayMs = Math.min(policy.initialDelayMs * 2 ** (next - 1), policy.maxDelayMs);
  return { action: 'restart', delayMs, streak: next };
}
