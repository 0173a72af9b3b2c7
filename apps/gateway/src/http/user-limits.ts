import type { Context } from '../context';
import { LumenError, unauthenticated } from '../errors';
import { incrementWindow } from './rate-counter';

/**
 * Per-user limits on mutations that cost the server work or send requests out
 * (docs/security.md, "What is limited"). Counted at the GraphQL edge, per signed-in user across
 * workspaces, before the work starts; a service may add its own limit per item or workspace.
 */
export const USER_LIMITS = {
  /** Local engines answer every targeted prompt twice. */
  draftPreview: { max: 30, windowSeconds: 10 * 60, what: 'draft previews' },
  /** connect, test and update sign in to a WordPress site (an outbound request each). */
  wordpressSite: { max: 30, windowSeconds: 60 * 60, what: 'WordPress site checks' },
  /** connect, update and test call the engine's provider (an outbound request each). */
  engineConnection: { max: 60, windowSeconds: 60 * 60, what: 'engine connection checks' },
  /** Webhooks created, tested and redelivered (the last two post to the URL). */
  webhook: { max: 60, windowSeconds: 60 * 60, what: 'webhook sends' },
  /** Fetches the published page again and re-measures it. */
  reingest: { max: 30, windowSeconds: 60 * 60, what: 'page re-reads' },
  /** Operators read every one of them. */
  contactRequest: { max: 5, windowSeconds: 24 * 60 * 60, what: 'contact requests' },
} as const;

export type UserLimit = keyof typeof USER_LIMITS;

/** Counts one call of `kind` for the signed-in user; RATE_LIMITED past the limit. */
export async function limitPerUser(ctx: Context, kind: UserLimit): Promise<void> {
  if (!ctx.user) throw unauthenticated();
  const limit = USER_LIMITS[kind];
  const { redis, env } = ctx.deps;
  const key = `${env.REDIS_PREFIX}:rl:user:${kind}:${ctx.user.id}`;
  const count = await incrementWindow(redis, key, limit.windowSeconds);
  if (count <= limit.max) return;
  const ttl = await redis.ttl(key);
  const retryAfterSeconds = ttl > 0 ? ttl : limit.windowSeconds;
  throw new LumenError(
    'RATE_LIMITED',
    `Too many ${limit.what} (${limit.max} in ${describeWindow(limit.windowSeconds)}). Try again in ${describeWindow(retryAfterSeconds)}.`,
    { retryAfterSeconds },
  );
}

function describeWindow(seconds: number): string {
  if (seconds >= 3600) {
    const hours = Math.ceil(seconds / 3600);
    return hours === 1 ? 'an hour' : `${hours} hours`;
  }
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? 'a minute' : `${minutes} minutes`;
}
