import { createHmac } from 'node:crypto';
import { guestDistinctId } from '@lumen/config/analytics';
import type { Database, Tx } from '@lumen/db/client';
import {
  countQuickScoresByAddress,
  findRecentQuickScore,
  insertQuickScore,
  type QuickScoreRow,
  tryLockQuickScoreAddress,
} from '@lumen/db/repositories/quick-score.repository';
import {
  QUICK_SCORE_LIMITS,
  QuickScoreInputSchema,
} from '@lumen/domain/quick-score/quick-score-input';
import { defaultEngineIds, listEngines } from '@lumen/engines/registry';
import { QuickScoreJob } from '@lumen/jobs/definitions';
import { enqueue } from '@lumen/jobs/enqueue';
import {
  GUEST_BUDGET_SPENT_MESSAGE,
  guestEnginesLeft,
  secondsUntilUtcMidnight,
} from '@lumen/jobs/guest-engine-budget';
import type { GatewayDeps } from '../context';
import { badInput, LumenError } from '../errors';
import { engineEnv } from './brand-rules';

const HOUR = 3600_000;
/** The address-hash key is derived from ENCRYPTION_KEY, never a constant anyone can read. */
export const ADDRESS_HASH_PURPOSE = 'address-hash';
/** Tries for one address's lock, with a short pause between (about 2 s in all). */
const LOCK_TRIES = 60;
const LOCK_PAUSE_MS = 25;

/** Addresses are kept only as a keyed hash: enough to rate-limit, useless if leaked. */
export function hashAddress(address: string, key: Buffer | string): string {
  return createHmac('sha256', key).update(address).digest('hex');
}

/**
 * The guest's quick check. Under one lock per address: return this requester's own check of the
 * same brand and domain from the last 24 h, else enforce 5 an hour / 20 a day and store a row.
 * Deciding inside the lock makes a double click or 10 parallel submissions one row, one job
 * and one unit of quota. The job id is the row id, so enqueueing twice is harmless.
 * Each answered request is a `quick_score_requested` event for the requester's guest id (the
 * worker sends `quick_score_completed` for the same id; docs/observability.md).
 */
export async function startQuickScore(
  deps: Pick<GatewayDeps, 'db' | 'queues' | 'env' | 'secrets' | 'redis' | 'analytics'>,
  rawInput: unknown,
  clientAddress: string,
): Promise<QuickScoreRow> {
  const parsed = QuickScoreInputSchema.safeParse(rawInput);
  if (!parsed.success) throw badInput(parsed.error.issues);
  const input = parsed.data;
  const now = Date.now();
  const ipHash = hashAddress(clientAddress, deps.secrets.deriveKey(ADDRESS_HASH_PURPOSE));

  const { row, reused } = await withAddressLock(deps.db, ipHash, async (tx) => {
    const existing = await findRecentQuickScore(
      tx,
      { ipHash, brandName: input.brandName, domain: input.website },
      new Date(now - QUICK_SCORE_LIMITS.dedupeHours * HOUR),
    );
    if (existing) return { row: existing, reused: true };
    for (const [windowMs, limit, label] of [
      [HOUR, QUICK_SCORE_LIMITS.perHour, 'an hour'],
      [24 * HOUR, QUICK_SCORE_LIMITS.perDay, 'a day'],
    ] as const) {
      const { count, oldest } = await countQuickScoresByAddress(
        tx,
        ipHash,
        new Date(now - windowMs),
      );
      if (count >= limit) {
        const retryAfterSeconds = waitSeconds(oldest, windowMs, now);
        throw new LumenError(
          'RATE_LIMITED',
          `You can run ${limit} quick checks ${label}. Try again in ${formatWait(retryAfterSeconds)}.`,
          { retryAfterSeconds },
        );
      }
    }
    await refuseWhenGuestBudgetSpent(deps);
    const inserted = await insertQuickScore(tx, {
      brandName: input.brandName,
      domain: input.website,
      industry: input.industry,
      country: input.country,
      competitors: input.competitors,
      ipHash,
      expiresAt: new Date(now + QUICK_SCORE_LIMITS.retentionDays * 24 * HOUR),
    });
    return { row: inserted, reused: false };
  });
  if (row.status === 'QUEUED') {
    await enqueue(deps.queues, QuickScoreJob, { quickScoreId: row.id }, { jobId: row.id });
  }
  // What the guest typed (brand, domain, competitors) stays out of analytics.
  deps.analytics.capture(guestDistinctId(ipHash), 'quick_score_requested', {
    quick_score_id: row.id,
    reused,
    competitors: input.competitors?.length ?? 0,
    country_given: Boolean(input.country),
  });
  return row;
}

/**
 * With paid engines configured and every one of them past today's guest budget, a new check
 * could only fail: say so at once, with the time until the budgets refill (UTC midnight). The
 * worker's reservation is what enforces the budget; this is the early, clear answer.
 */
async function refuseWhenGuestBudgetSpent(deps: Pick<GatewayDeps, 'env' | 'redis'>): Promise<void> {
  const env = engineEnv(deps);
  const offline = new Set(
    listEngines(env)
      .filter((e) => e.offline)
      .map((e) => e.id),
  );
  const ids = defaultEngineIds(env);
  const paid = ids.filter((id) => !offline.has(id));
  if (paid.length === 0 || paid.length < ids.length) return;
  const budget = {
    redis: deps.redis,
    prefix: deps.env.REDIS_PREFIX,
    perEngine: deps.env.GUEST_ENGINE_DAILY_BUDGET,
  };
  const now = new Date();
  if ((await guestEnginesLeft(budget, paid, now)).length > 0) return;
  throw new LumenError('RATE_LIMITED', GUEST_BUDGET_SPENT_MESSAGE, {
    retryAfterSeconds: secondsUntilUtcMidnight(now),
  });
}

/**
 * Runs `fn` in a transaction holding the address's advisory lock. The lock is only tried
 * (`pg_try_advisory_xact_lock`), never waited on inside a transaction: a burst from one address
 * pauses outside the pool instead of holding its connections, so other clients keep theirs.
 */
async function withAddressLock<T>(
  db: Database,
  key: string,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; attempt < LOCK_TRIES; attempt++) {
    const outcome = await db.transaction(async (tx) => {
      if (!(await tryLockQuickScoreAddress(tx, key))) return { locked: false as const };
      return { locked: true as const, value: await fn(tx) };
    });
    if (outcome.locked) return outcome.value;
    await new Promise((r) => setTimeout(r, LOCK_PAUSE_MS * (1 + Math.random())));
  }
  throw new LumenError(
    'RATE_LIMITED',
    'Too many checks from your address at once. Try again in a few seconds.',
    { retryAfterSeconds: 5 },
  );
}

/** Seconds until the oldest check leaves the window: at least 1, never more than the window. */
export function waitSeconds(oldest: Date | null, windowMs: number, now: number): number {
  const ms = (oldest?.getTime() ?? now) + windowMs - now;
  return Math.min(windowMs / 1000, Math.max(1, Math.ceil(ms / 1000)));
}

/** "45 seconds", "12 minutes", "1 hour", "5 hours": a 60-minute window never reads 61 minutes. */
export function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}
