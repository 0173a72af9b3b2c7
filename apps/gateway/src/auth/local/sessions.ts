import { createHmac } from 'node:crypto';
import {
  createSession,
  findSession,
  findUserById,
  type LocalSession,
  type LocalUser,
  listIdentities,
  rotateRefreshToken,
} from '@lumen/db/repositories/auth.repository';
import type { Context } from 'hono';
import { UnauthenticatedError } from '../verify-token';
import type { LocalAuthDeps } from './deps';
import { badJwt, GoTrueError, noAuthorization, sessionNotFound } from './gotrue-error';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  type GoTrueSession,
  hashToken,
  newOpaqueToken,
  signAccessToken,
  toGoTrueUser,
} from './tokens';

export type SessionMethod = 'password' | 'oauth' | 'recovery' | 'otp';

/** Starts a session: a refresh token (stored hashed) and a signed access token. */
export async function issueSession(
  deps: LocalAuthDeps,
  user: LocalUser,
  method: SessionMethod,
): Promise<GoTrueSession> {
  const refreshToken = newOpaqueToken();
  const session = await createSession(deps.db, {
    userId: user.id,
    method,
    refreshTokenHash: hashToken(refreshToken),
  });
  return sessionResponse(deps, { ...user, lastSignInAt: session.createdAt }, session, refreshToken);
}

async function sessionResponse(
  deps: LocalAuthDeps,
  user: LocalUser,
  session: LocalSession,
  refreshToken: string,
): Promise<GoTrueSession> {
  const [access, identities] = await Promise.all([
    signAccessToken(deps.key, { issuer: deps.issuer, user, session }),
    listIdentities(deps.db, user.id),
  ]);
  return {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user: toGoTrueUser(user, identities),
  };
}

/** How long a spent refresh token still gets its successor again (GoTrue's reuse interval). */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

/**
 * A refresh token's successor, derived from it with a server key: presenting the same token
 * again within the grace window yields the same successor without storing it in clear, and
 * only the server can compute it (a thief holding an old token cannot skip ahead).
 */
function successorOf(deps: LocalAuthDeps, refreshToken: string): string {
  return createHmac('sha256', deps.refreshKey).update(refreshToken, 'utf8').digest('base64url');
}

/** grant_type=refresh_token: spends the token once and hands out its successor. */
export async function refreshSession(
  deps: LocalAuthDeps,
  refreshToken: unknown,
): Promise<GoTrueSession> {
  if (typeof refreshToken !== 'string' || refreshToken.length === 0 || refreshToken.length > 512) {
    throw new GoTrueError(400, 'validation_failed', 'Refresh Token is required');
  }
  const next = successorOf(deps, refreshToken);
  const result = await rotateRefreshToken(deps.db, {
    tokenHash: hashToken(refreshToken),
    nextTokenHash: hashToken(next),
    graceSeconds: REFRESH_REUSE_GRACE_SECONDS,
    maxAgeSeconds: deps.sessionMaxAgeSeconds,
  });
  if (result.status === 'not_found') {
    throw new GoTrueError(
      400,
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    );
  }
  if (result.status === 'reused') {
    deps.logger.warn('refresh token reused; its session has been revoked');
    throw new GoTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  if (result.status === 'expired') throw sessionExpired(400);
  const user = await findUserById(deps.db, result.session.userId);
  if (!user) {
    throw new GoTrueError(
      400,
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    );
  }
  return sessionResponse(deps, user, result.session, next);
}

/**
 * The signed-in caller of /user and /logout: the bearer token goes through the same verifier as
 * GraphQL, then its session must still exist (signed-out sessions are refused like GoTrue does).
 */
export async function requireSession(
  c: Context,
  deps: LocalAuthDeps,
): Promise<{ user: LocalUser; session: LocalSession }> {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw noAuthorization();
  let sessionId: string | undefined;
  try {
    sessionId = (await deps.verifyToken(match[1])).sessionId;
  } catch (error) {
    if (error instanceof UnauthenticatedError) throw badJwt();
    throw error;
  }
  const session = sessionId ? await findSession(deps.db, sessionId) : null;
  if (!session) throw sessionNotFound();
  if (session.createdAt.getTime() <= Date.now() - deps.sessionMaxAgeSeconds * 1000) {
    throw sessionExpired(403);
  }
  const user = await findUserById(deps.db, session.userId);
  if (!user)
    throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  return { user, session };
}

// Refresh answers 400 and /user 403, as GoTrue does for its session timebox.
const sessionExpired = (status: 400 | 403) =>
  new GoTrueError(status, 'session_expired', 'Invalid Refresh Token: Session Expired');
