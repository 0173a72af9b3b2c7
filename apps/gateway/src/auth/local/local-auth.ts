import { getConnInfo } from '@hono/node-server/conninfo';
import type { Logger } from '@lumen/config/logger';
import type { SecretBox } from '@lumen/config/secrets';
import type { Database } from '@lumen/db/client';
import { deleteUser } from '@lumen/db/repositories/auth.repository';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { reportError } from '../../observability';
import { createTokenVerifier, type TokenVerifier } from '../verify-token';
import { registerAccountRoutes } from './account.routes';
import type { LocalAuthDeps } from './deps';
import { GoTrueError, gotrueErrorResponse, unexpectedFailure } from './gotrue-error';
import { createLiveSessions } from './live-sessions';
import { createMailer, type Mailer } from './mailer';
import { registerOAuthRoutes } from './oauth.routes';
import { createSignInLimiter, DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from './rate-limit';
import { registerRecoveryRoutes } from './recovery.routes';
import { loadSigningKey } from './signing-key';
import { registerTokenRoutes } from './token.routes';
import { signAnonKey } from './tokens';

export type LocalAuthOptions = {
  db: Database;
  logger: Logger;
  /** Seals the signing key at rest. */
  secrets: SecretBox;
  /** The gateway's public origin, e.g. http://localhost:4000; tokens are issued by `${it}/auth/v1`. */
  publicUrl: string;
  siteUrl?: string;
  allowedRedirectOrigins?: string[];
  limits?: SignInLimits;
  clientAddress?: (c: Context) => string;
  standInProviders?: boolean;
  /** Default: the development console notice (mailer.ts). */
  mailer?: Mailer;
  /** Default true (no mail needed); createAuth decides from the environment. */
  autoconfirm?: boolean;
  /** Default 30 days. */
  sessionMaxAgeSeconds?: number;
};

export type LocalAuth = {
  /** Serves /auth/v1/* (its paths include the prefix): `app.all('/auth/v1/*', …routes.fetch)`. */
  routes: Hono;
  /** The token's signature and claims, then its session: still signed in (live-sessions.ts). */
  verifyToken: TokenVerifier;
  /** Deletes an account with its sessions, refresh tokens and identities; its tokens stop now. */
  deleteUser(userId: string): Promise<void>;
  anonKey: string;
  issuer: string;
  /** Whether the offline Google/Facebook stand-ins are served (still only to loopback clients). */
  standInProviders: boolean;
};

// Kong, in front of hosted GoTrue, lets browser navigations through without an apikey.
export const DEFAULT_SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

const NO_APIKEY = [
  /^\/authorize$/,
  /^\/callback$/,
  /^\/verify$/,
  /^\/stand-in\//,
  /^\/\.well-known\//,
  /^\/health$/,
];

function defaultClientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Local auth mode: the part of Supabase Auth's HTTP API that supabase-js uses, served by the
 * gateway. Its tokens are checked by the same verifier as hosted Supabase, fed from this
 * server's own JWKS endpoint (dispatched in-process, so no socket or public URL is needed).
 */
export async function createLocalAuth(options: LocalAuthOptions): Promise<LocalAuth> {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const issuer = `${publicUrl}/auth/v1`;
  const key = await loadSigningKey(options.db, options.secrets);
  const anonKey = await signAnonKey(key);
  const routes = new Hono().basePath('/auth/v1');
  const verifyToken = createTokenVerifier({
    issuer,
    jwksUrl: `${issuer}/.well-known/jwks.json`,
    fetch: (_url, init) => Promise.resolve(routes.request('/auth/v1/.well-known/jwks.json', init)),
  });
  const sessionMaxAgeSeconds = options.sessionMaxAgeSeconds ?? DEFAULT_SESSION_MAX_AGE_SECONDS;
  // What GraphQL, the exports and subscriptions verify with: the token and its live session.
  const liveSessions = createLiveSessions({
    db: options.db,
    verifyToken,
    sessionMaxAgeSeconds,
  });
  const deps: LocalAuthDeps = {
    db: options.db,
    logger: options.logger,
    issuer,
    siteUrl: options.siteUrl ?? publicUrl,
    allowedRedirectOrigins: options.allowedRedirectOrigins ?? [],
    key,
    anonKey,
    verifyToken,
    limiter: createSignInLimiter(options.db, options.limits ?? DEFAULT_SIGN_IN_LIMITS),
    clientAddress: options.clientAddress ?? defaultClientAddress,
    standInProviders: options.standInProviders ?? false,
    mailer:
      options.mailer ??
      createMailer({ smtpUrl: undefined, from: 'Lumen <no-reply@localhost>', production: false }),
    autoconfirm: options.autoconfirm ?? true,
    sessionMaxAgeSeconds,
    forgetSessions: liveSessions.forgetUser,
    refreshKey: options.secrets.deriveKey('local-auth-refresh-successor'),
  };
  const apiKeys = createApiKeyCheck(key.jwks);

  routes.onError((error, c) => {
    if (error instanceof GoTrueError) return gotrueErrorResponse(c, error);
    reportError(error, options.logger, 'local auth');
    return gotrueErrorResponse(c, unexpectedFailure());
  });
  routes.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404));
  // Sessions and users must never sit in a shared cache; only the public JWKS may.
  routes.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  routes.use(
    '*',
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) =>
        gotrueErrorResponse(
          c,
          new GoTrueError(413, 'request_too_large', 'Request body is too large'),
        ),
    }),
  );
  routes.use('*', async (c, next) => {
    const path = c.req.path.replace(/^\/auth\/v1/, '');
    if (NO_APIKEY.some((re) => re.test(path))) return next();
    const apikey = c.req.header('apikey') ?? c.req.query('apikey');
    if (!apikey) return c.json({ message: 'No API key found in request' }, 401);
    if (!(await apiKeys(apikey))) return c.json({ message: 'Invalid API key' }, 401);
    return next();
  });

  routes.get('/.well-known/jwks.json', (c) => {
    const res = c.json(key.jwks);
    res.headers.set('Cache-Control', 'public, max-age=600');
    return res;
  });
  registerAccountRoutes(routes, deps);
  registerTokenRoutes(routes, deps);
  registerOAuthRoutes(routes, deps);
  registerRecoveryRoutes(routes, deps);

  return {
    routes,
    verifyToken: liveSessions.verifyToken,
    async deleteUser(userId: string) {
      await deleteUser(options.db, userId);
      liveSessions.forgetUser(userId);
    },
    anonKey,
    issuer,
    standInProviders: deps.standInProviders,
  };
}

/** Accepts any anon key signed by the local key (so a restart's new anon key keeps working). */
function createApiKeyCheck(jwks: Parameters<typeof createLocalJWKSet>[0]) {
  const keySet = createLocalJWKSet(jwks);
  const accepted = new Set<string>();
  return async (apikey: string): Promise<boolean> => {
    if (accepted.has(apikey)) return true;
    if (apikey.length > 4096) return false;
    try {
      const { payload } = await jwtVerify(apikey, keySet, { algorithms: ['ES256'] });
      if (payload.role !== 'anon') return false;
    } catch {
      return false;
    }
    if (accepted.size < 1000) accepted.add(apikey);
    return true;
  };
}
