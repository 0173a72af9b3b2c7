import { createHmac } from 'node:crypto';
import {
  countQuickScoresByAddress,
  findRecentQuickScore,
  insertQuickScore,
  type QuickScoreRow,
} from '@lumen/db/repositories/quick-score.repository';
import {
  QUICK_SCORE_LIMITS,
  QuickScoreInputSchema,
} from '@lumen/domain/quick-score/quick-score-input';
import { QuickScoreJob } from '@lumen/jobs/definitions';
import { enqueue } from '@lumen/jobs/enqueue';
import type { GatewayDeps } from '../context';
import { badInput, LumenError } from '../errors';

const HOUR = 3600_000;
/** The address-hash key is derived from ENCRYPTION_KEY, never a constant anyone can read. */
export const ADDRESS_HASH_PURPOSE = 'address-hash';

/** Addresses are kept only as a keyed hash: enough to rate-limit, useless if leaked. */
export function hashAddress(address: string, key: Buffer | string): string {
  return createHmac('sha256', key).update(address).digest('hex');
}

/**
 * The guest's quick check: validate, return the same brand+domain's check from the last 24 h,
 * else enforce 5 an hour / 20 a day per address, store the row and enqueue the job.
 */
export async function startQuickScore(
  deps: Pick<GatewayDeps, 'db' | 'queues' | 'env' | 'secrets'>,
  rawInput: unknown,
  clientAddress: string,
): Promise<QuickScoreRow> {
  const parsed = QuickScoreInputSchema.safeParse(rawInput);
  if (!parsed.success) throw badInput(parsed.error.issues);
  const input = parsed.data;
  const now = Date.now();
  const { sql } = deps.db;

  const existing = await findRecentQuickScore(
    sql,
    input.brandName,
    input.website,
    new Date(now - QUICK_SCORE_LIMITS.dedupeHours * HOUR),
  );
  if (existing) return existing;

  const ipHash = hashAddress(clientAddress, deps.secrets.deriveKey(ADDRESS_HASH_PURPOSE));
  const row = await sql.begin(async (tx) => {
    // Serialises concurrent requests from one address so the limits cannot be raced.
    await tx`select pg_advisory_xact_lock(hashtext(${ipHash}))`;
    for (const [windowMs, limit, label] of [
      [HOUR, QUICK_SCORE_LIMITS.perHour, 'an hour'],
      [24 * HOUR, QUICK_SCORE_LIMITS.perDay, 'a day'],
    ] as const) {
      const { count, oldest } = await countQuickScoresByAddress(
        tx as never,
        ipHash,
        new Date(now - windowMs),
      );
      if (count >= limit) {
        const retryAfterSeconds = Math.max(
          1,
          Math.ceil(((oldest?.getTime() ?? now) + windowMs - now) / 1000),
        );
        throw new LumenError(
          'RATE_LIMITED',
          `You can run ${limit} quick checks ${label}. Try again in ${formatWait(retryAfterSeconds)}.`,
          { retryAfterSeconds },
        );
      }
    }
    return insertQuickScore(tx as never, {
      brandName: input.brandName,
      domain: input.website,
      industry: input.industry,
      country: input.country,
      competitors: input.competitors,
      ipHash,
      expiresAt: new Date(now + QUICK_SCORE_LIMITS.retentionDays * 24 * HOUR),
    });
  });
  await enqueue(deps.queues, QuickScoreJob, { quickScoreId: row.id }, { jobId: row.id });
  return row;
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}
