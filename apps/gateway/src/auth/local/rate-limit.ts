import { createHash } from 'node:crypto';
import type { Database } from '@lumen/db/client';
import { countFailures, recordFailure } from '@lumen/db/repositories/auth-flow.repository';
import { rateLimited } from './gotrue-error';

export type SignInLimiter = {
  /** Throws GoTrue's 429 when the email or the address has too many recent failures. */
  assertAllowed(email: string, address: string): Promise<void>;
  recordFailure(email: string, address: string): Promise<void>;
};

export type SignInLimits = {
  maxFailuresPerEmail: number;
  maxFailuresPerAddress: number;
  windowSeconds: number;
};

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  maxFailuresPerEmail: 5,
  maxFailuresPerAddress: 20,
  windowSeconds: 15 * 60,
};

// Keys are hashed: the counters table holds no email addresses or client addresses.
const keyOf = (kind: 'email' | 'addr', value: string) =>
  `${kind}:${createHash('sha256').update(value).digest('hex')}`;

/**
 * Fixed-window counters of failed sign-ins in Postgres, shared by every gateway process. Once a
 * limit is reached even the right password is refused until the window ends, so guessing
 * cannot continue at a slower pace.
 */
export function createSignInLimiter(
  db: Database,
  limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
): SignInLimiter {
  const windowStart = () => {
    const ms = limits.windowSeconds * 1000;
    return new Date(Math.floor(Date.now() / ms) * ms);
  };
  return {
    async assertAllowed(email, address) {
      const emailKey = keyOf('email', email);
      const addrKey = keyOf('addr', address);
      const counts = await countFailures(db, [emailKey, addrKey], windowStart());
      if (
        (counts.get(emailKey) ?? 0) >= limits.maxFailuresPerEmail ||
        (counts.get(addrKey) ?? 0) >= limits.maxFailuresPerAddress
      ) {
        throw rateLimited();
      }
    },
    async recordFailure(email, address) {
      await recordFailure(db, [keyOf('email', email), keyOf('addr', address)], windowStart());
    },
  };
}
