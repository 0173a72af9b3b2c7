import { createHash } from 'node:crypto';
import type { Database } from '@lumen/db/client';
import { countAttempts, giveBackAttempts } from '@lumen/db/repositories/auth-flow.repository';
import { rateLimited } from './gotrue-error';

// Sign-in and sign-up limits (see docs/security.md, "What is limited"). Each attempt is counted
// before the password is checked, in one atomic statement, so parallel guesses cannot all slip
// through between a read and a write. The lockout is keyed on the email *and* the address
// together: guessing from one place stops, while the owner still signs in from anywhere else.

export type AttemptPermit = {
  /** A correct password gives its attempt back, so the owner's own sign-ins never add up. */
  succeeded(): Promise<void>;
};

export type SignInLimiter = {
  /** Counts the attempt; throws GoTrue's 429 when the pair or the address is over its limit. */
  attempt(email: string, address: string): Promise<AttemptPermit>;
  /** Counts one sign-up from the address; throws 429 past the limit. */
  signUp(address: string): Promise<void>;
};

export type SignInLimits = {
  /** Attempts per email+address in the short window, then a wait until it ends... */
  maxAttemptsPerPair: number;
  windowSeconds: number;
  /** ...and per day, so that a slow, steady guesser is stopped for the day (backoff). */
  maxAttemptsPerPairPerDay: number;
  /** Attempts per address over all emails in the short window (spraying many accounts). */
  maxAttemptsPerAddress: number;
  /** New accounts per address per day. */
  maxSignUpsPerAddressPerDay: number;
};

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  maxAttemptsPerPair: 5,
  windowSeconds: 15 * 60,
  maxAttemptsPerPairPerDay: 20,
  maxAttemptsPerAddress: 20,
  maxSignUpsPerAddressPerDay: 10,
};

const DAY = 24 * 3600;

// Keys are hashed: the counters table holds no email addresses or client addresses.
const keyOf = (kind: string, value: string) =>
  `${kind}:${createHash('sha256').update(value).digest('hex')}`;

function windowStart(seconds: number): Date {
  const ms = seconds * 1000;
  return new Date(Math.floor(Date.now() / ms) * ms);
}

export function createSignInLimiter(
  db: Database,
  limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
): SignInLimiter {
  return {
    async attempt(email, address) {
      const pair = keyOf('pair', `${email}\n${address}`);
      const addr = keyOf('addr', address);
      const short = windowStart(limits.windowSeconds);
      const day = windowStart(DAY);
      const counts = await countAttempts(db, [
        { key: `${pair}:w`, windowStart: short },
        { key: addr, windowStart: short },
        { key: `${pair}:d`, windowStart: day },
      ]);
      const giveBack = async () => {
        await Promise.all([
          giveBackAttempts(db, [`${pair}:w`, addr], short),
          giveBackAttempts(db, [`${pair}:d`], day),
        ]);
      };
      if (
        (counts.get(`${pair}:w`) ?? 0) > limits.maxAttemptsPerPair ||
        (counts.get(`${pair}:d`) ?? 0) > limits.maxAttemptsPerPairPerDay ||
        (counts.get(addr) ?? 0) > limits.maxAttemptsPerAddress
      ) {
        throw rateLimited();
      }
      return { succeeded: giveBack };
    },
    async signUp(address) {
      const key = keyOf('signup', address);
      const counts = await countAttempts(db, [{ key, windowStart: windowStart(DAY) }]);
      if ((counts.get(key) ?? 0) > limits.maxSignUpsPerAddressPerDay) throw rateLimited();
    },
  };
}
