import type { Database } from '@lumen/db/client';
import { findSession } from '@lumen/db/repositories/auth.repository';
import { type AuthUser, type TokenVerifier, UnauthenticatedError } from '../verify-token';

/**
 * How long a session found alive is believed alive without asking Postgres again. A signed-out
 * session, one ended by a password change or by refresh-token reuse, or one past
 * AUTH_SESSION_MAX_AGE_SECONDS stops working on the API at most this long after it ended (at
 * once on the gateway that ended it). docs/security.md, "Sessions (local auth)".
 */
export const LIVE_SESSION_CACHE_MS = 10_000;
const MAX_REMEMBERED = 20_000;

export type LiveSessions = {
  /** Verifies the token, then that its session_id is a live session of its user. */
  verifyToken: TokenVerifier;
  /** Forgets what is remembered about a user's sessions (after a sign-out or password change). */
  forgetUser(userId: string): void;
};

/**
 * An access token is signed for an hour; its session can end sooner. GraphQL, the exports and
 * subscriptions therefore check the token's session claim against the live sessions, so a
 * sign-out or a password change takes the token's access away too.
 */
export function createLiveSessions(options: {
  db: Database;
  verifyToken: TokenVerifier;
  sessionMaxAgeSeconds: number;
  cacheMs?: number;
}): LiveSessions {
  const cacheMs = options.cacheMs ?? LIVE_SESSION_CACHE_MS;
  const alive = new Map<string, { userId: string; untilMs: number }>();

  async function verifyToken(token: string): Promise<AuthUser> {
    const user = await options.verifyToken(token);
    const sessionId = user.sessionId;
    if (!sessionId) throw new UnauthenticatedError('token without a session');
    const known = alive.get(sessionId);
    if (known && known.userId === user.id && Date.now() < known.untilMs) return user;
    alive.delete(sessionId);
    const session = await findSession(options.db, sessionId);
    const endsAtMs = session
      ? session.createdAt.getTime() + options.sessionMaxAgeSeconds * 1000
      : 0;
    if (!session || session.userId !== user.id || Date.now() >= endsAtMs) {
      throw new UnauthenticatedError('session ended');
    }
    if (alive.size >= MAX_REMEMBERED) alive.delete(alive.keys().next().value as string);
    alive.set(sessionId, { userId: user.id, untilMs: Math.min(Date.now() + cacheMs, endsAtMs) });
    return user;
  }

  return {
    verifyToken,
    forgetUser(userId) {
      for (const [sessionId, entry] of alive) if (entry.userId === userId) alive.delete(sessionId);
    },
  };
}
