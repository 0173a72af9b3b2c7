import { createHash } from 'node:crypto';
import {
  createRemoteJWKSet,
  customFetch,
  errors,
  type FetchImplementation,
  type JWSAlgorithm,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import { LumenError } from '../errors';

/** The person behind a verified Supabase access token. */
export type AuthUser = {
  id: string;
  email: string | null;
  role: 'authenticated';
  /** The token's session_id claim (Supabase and local auth both set it). */
  sessionId?: string;
  /**
   * When the person last proved who they are (seconds): the newest `amr` timestamp, which a
   * refreshed token keeps. Destructive account actions ask for a recent one.
   */
  authenticatedAt?: number;
};

export type TokenVerifier = (token: string) => Promise<AuthUser>;

/**
 * Every way a bearer token can fail verification. The message is safe to show; `reason` is for
 * logs and tests and never contains the token.
 */
export class UnauthenticatedError extends LumenError {
  readonly code = 'UNAUTHENTICATED';
  constructor(
    readonly reason: string,
    message = 'Your session is invalid or has expired. Please sign in again.',
  ) {
    super('UNAUTHENTICATED', message);
    this.name = 'UnauthenticatedError';
  }
}

export type TokenVerifierOptions = {
  /** `${SUPABASE_URL}/auth/v1`, or the gateway's own /auth/v1 in local auth mode. */
  issuer: string;
  /** `${issuer}/.well-known/jwks.json`. */
  jwksUrl: string | URL;
  /** Legacy HS256 secret; HS256 tokens are refused unless this is set. */
  jwtSecret?: string | undefined;
  clockToleranceSeconds?: number;
  /** jose's remote JWKS cache: a missing kid refetches at most once per cooldown. */
  cooldownMs?: number;
  cacheMaxAgeMs?: number;
  timeoutMs?: number;
  /** Local auth mode serves its JWKS from the same process; this lets it skip the socket. */
  fetch?: FetchImplementation;
  /** How many verified tokens to remember until they expire (0 turns the cache off). */
  cacheSize?: number;
};

const ASYMMETRIC: JWSAlgorithm[] = ['ES256', 'RS256'];
const MAX_TOKEN_LENGTH = 16_384;

/**
 * Verifies Supabase access tokens the same way for hosted Supabase and for local auth mode:
 * signature (JWKS, or the legacy HS256 secret when configured), exp/nbf with at most 30 s skew,
 * iss, aud = authenticated, role = authenticated and sub. Anon and service-role keys fail on
 * aud/role, so they are never taken for a user.
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), {
    cooldownDuration: options.cooldownMs ?? 30_000,
    cacheMaxAge: options.cacheMaxAgeMs ?? 600_000,
    timeoutDuration: options.timeoutMs ?? 5_000,
    ...(options.fetch ? { [customFetch]: options.fetch } : {}),
  });
  const secret = options.jwtSecret ? new TextEncoder().encode(options.jwtSecret) : undefined;
  const algorithms = secret ? [...ASYMMETRIC, 'HS256'] : ASYMMETRIC;
  // The algorithm allow-list is checked before this runs, so HS256 only reaches the secret when
  // one is configured and an asymmetric token never meets the secret (no algorithm confusion).
  const getKey: JWTVerifyGetKey = (header, token) =>
    header.alg === 'HS256' && secret ? secret : jwks(header, token);
  const clockTolerance = Math.min(options.clockToleranceSeconds ?? 30, 30);

  // A signed token cannot change, so its verdict holds until it expires; an ES256 check costs
  // ~0.1–0.5 ms of CPU that every request of a busy dashboard would otherwise pay again. Only
  // successes are remembered, so garbage tokens cannot fill the cache. Keyed by the token's
  // SHA-256, so the process does not hold bearer tokens; least recently used go first.
  const cacheSize = options.cacheSize ?? 2_000;
  const verified = new Map<string, { user: AuthUser; expiresAtMs: number }>();
  const keyOf = (token: string) => createHash('sha256').update(token).digest('base64url');

  return async function verifyToken(token: string): Promise<AuthUser> {
    if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
      throw new UnauthenticatedError('malformed token');
    }
    const key = keyOf(token);
    const hit = verified.get(key);
    if (hit) {
      verified.delete(key);
      if (Date.now() < hit.expiresAtMs) {
        verified.set(key, hit);
        return { ...hit.user };
      }
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, getKey, {
        issuer: options.issuer,
        audience: 'authenticated',
        algorithms,
        clockTolerance,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      throw toUnauthenticated(error);
    }
    const user = toAuthUser(payload);
    if (cacheSize > 0 && typeof payload.exp === 'number') {
      if (verified.size >= cacheSize) verified.delete(verified.keys().next().value as string);
      verified.set(key, { user, expiresAtMs: payload.exp * 1000 });
    }
    return { ...user };
  };
}

function toAuthUser(payload: JWTPayload): AuthUser {
  if (payload.role !== 'authenticated') throw new UnauthenticatedError('role is not authenticated');
  const sub = payload.sub;
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 255) {
    throw new UnauthenticatedError('sub missing');
  }
  const email = typeof payload.email === 'string' && payload.email !== '' ? payload.email : null;
  const user: AuthUser = { id: sub, email, role: 'authenticated' };
  if (typeof payload.session_id === 'string') user.sessionId = payload.session_id;
  const signedInAt = authenticatedAt(payload.amr);
  if (signedInAt !== undefined) user.authenticatedAt = signedInAt;
  return user;
}

function authenticatedAt(amr: unknown): number | undefined {
  if (!Array.isArray(amr)) return undefined;
  let newest: number | undefined;
  for (const entry of amr.slice(0, 10)) {
    const at = (entry as { timestamp?: unknown } | null)?.timestamp;
    if (typeof at === 'number' && Number.isFinite(at) && (newest === undefined || at > newest)) {
      newest = at;
    }
  }
  return newest;
}

// A JWKS endpoint that cannot be reached is our outage, not the caller's bad token: it stays an
// unexpected error (masked and reported) instead of signing everybody out.
function toUnauthenticated(error: unknown): unknown {
  if (error instanceof errors.JWKSTimeout) return error;
  if (error instanceof errors.JOSEError) {
    if (error.code === 'ERR_JOSE_GENERIC' && /fetch|JSON Web Key Set/i.test(error.message)) {
      return error;
    }
    return new UnauthenticatedError(error.code);
  }
  if (error instanceof TypeError && /fetch/i.test(error.message)) return error;
  return new UnauthenticatedError('invalid token');
}
