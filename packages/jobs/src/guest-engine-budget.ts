import type { Redis } from 'ioredis';

/**
 * The global daily budget of paid engines for guest quick checks (docs/security.md, "Paid
 * engines for guests"): each paid engine answers at most GUEST_ENGINE_DAILY_BUDGET guest checks
 * per UTC day, across all guests and gateways. Offline engines cost nothing and are not counted.
 *
 * One Redis set per engine and day holds the ids of the checks that engine answers. Reserving
 * is one Lua script (check membership, check size, add, set expiry), so concurrent checks never
 * overspend, and a retried job that reserves again is not charged twice.
 */
const RESERVE = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 1 end
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[1])
if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[3]) end
return 1`;

/** A day's set outlives its day a little, so a check reserving at 23:59:59 finds it. */
const KEY_TTL_SECONDS = 2 * 24 * 3600;

export type GuestBudget = {
  redis: Redis;
  /** REDIS_PREFIX. */
  prefix: string;
  /** GUEST_ENGINE_DAILY_BUDGET: checks per paid engine per UTC day; 0 = never for guests. */
  perEngine: number;
};

/** "2026-11-24": the UTC day a moment belongs to. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Seconds until the next UTC midnight, when every engine's budget is whole again (≥ 1). */
export function secondsUntilUtcMidnight(now: Date): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

function keyOf(budget: GuestBudget, engine: string, now: Date): string {
  return `${budget.prefix}:guest-budget:${utcDay(now)}:${engine}`;
}

/**
 * Reserves today's budget of each paid engine for one quick check; returns the engines granted,
 * in the order given. Asking again for the same check returns the same engines (idempotent).
 */
export async function reserveGuestEngines(
  budget: GuestBudget,
  quickScoreId: string,
  paidEngines: readonly string[],
  now = new Date(),
): Promise<string[]> {
  const granted: string[] = [];
  for (const engine of paidEngines) {
    const ok = await budget.redis.eval(
      RESERVE,
      1,
      keyOf(budget, engine, now),
      quickScoreId,
      String(budget.perEngine),
      String(KEY_TTL_SECONDS),
    );
    if (Number(ok) === 1) granted.push(engine);
  }
  return granted;
}

/** The paid engines with budget left today (a read; the reservation decides). */
export async function guestEnginesLeft(
  budget: GuestBudget,
  paidEngines: readonly string[],
  now = new Date(),
): Promise<string[]> {
  if (paidEngines.length === 0) return [];
  const sizes = await Promise.all(
    paidEngines.map((engine) => budget.redis.scard(keyOf(budget, engine, now))),
  );
  return paidEngines.filter((_, i) => (sizes[i] ?? 0) < budget.perEngine);
}

/** What a guest reads when every paid engine has spent today's budget. */
export const GUEST_BUDGET_SPENT_MESSAGE =
  'Today’s free quick checks with AI engines are used up. Please try again tomorrow.';
