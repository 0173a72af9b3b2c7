import { ConfigError, type Env } from '@lumen/config/env';
import type { Logger } from '@lumen/config/logger';
import type { SecretBox } from '@lumen/config/secrets';
import type { Database } from '@lumen/db/client';
import type { Context, Hono } from 'hono';
import { developmentConveniences } from '../http/listen';
import { createLocalAuth } from './local/local-auth';
import type { Mailer } from './local/mailer';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from './local/rate-limit';
import { createTokenVerifier, type TokenVerifier } from './verify-token';

export type AuthClientConfig = {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** The sign-in buttons the SPA shows: hosted Supabase's providers, or the opted-in stand-ins. */
  oauthProviders: string[];
};

export type Auth = {
  mode: 'supabase' | 'local';
  /** Verifies `Authorization: Bearer` tokens; throws UnauthenticatedError (UNAUTHENTICATED). */
  verifyToken: TokenVerifier;
  /** Local mode's Supabase Auth subset, to mount at /auth/v1; null with hosted Supabase. */
  routes: Hono | null;
  /** What /config.json tells supabase-js, given the origin the browser loaded the SPA from. */
  clientConfig(requestOrigin: string): AuthClientConfig;
  /**
   * Deletes the sign-in account: local auth's own row, or hosted Supabase's user through its
   * admin API with SUPABASE_SERVICE_ROLE_KEY. Null when this server cannot (hosted, no key).
   */
  deleteUser: ((userId: string) => Promise<void>) | null;
};

export type AuthMode = { mode: 'supabase'; supabaseUrl: string } | { mode: 'local' };

/** Hosted Supabase when SUPABASE_URL is set; else local auth, which production must opt into. */
export function resolveAuthMode(env: {
  SUPABASE_URL?: string | undefined;
  NODE_ENV: Env['NODE_ENV'];
  LOCAL_AUTH: boolean;
}): AuthMode {
  if (env.SUPABASE_URL)
    return { mode: 'supabase', supabaseUrl: env.SUPABASE_URL.replace(/\/+$/, '') };
  if (env.NODE_ENV === 'production' && !env.LOCAL_AUTH) {
    throw new ConfigError(
      'SUPABASE_URL is not set and NODE_ENV=production: refusing to start local auth mode. ' +
        'Set SUPABASE_URL (and SUPABASE_ANON_KEY) to use Supabase Auth, or LOCAL_AUTH=1 to run ' +
        'the built-in local auth in production on purpose.',
    );
  }
  return { mode: 'local' };
}

export async function createAuth(options: {
  env: Env;
  db: Database;
  logger: Logger;
  secrets: SecretBox;
  /** The gateway's public origin (PUBLIC_URL or http://localhost:PORT). */
  publicUrl: string;
  clientAddress?: (c: Context) => string;
  allowedRedirectOrigins?: string[];
  limits?: SignInLimits;
  /** Local auth's mail (built from SMTP_URL by the server). */
  mailer: Mailer;
}): Promise<Auth> {
  const mode = resolveAuthMode(options.env);
  if (mode.mode === 'supabase') {
    const issuer = `${mode.supabaseUrl}/auth/v1`;
    const anonKey = options.env.SUPABASE_ANON_KEY;
    if (!anonKey)
      options.logger.warn(
        'SUPABASE_URL is set without SUPABASE_ANON_KEY: the web app cannot sign in',
      );
    return {
      mode: 'supabase',
      verifyToken: createTokenVerifier({
        issuer,
        jwksUrl: `${issuer}/.well-known/jwks.json`,
        jwtSecret: options.env.SUPABASE_JWT_SECRET,
      }),
      routes: null,
      deleteUser: options.env.SUPABASE_SERVICE_ROLE_KEY
        ? hostedUserDeleter(issuer, options.env.SUPABASE_SERVICE_ROLE_KEY)
        : null,
      clientConfig: () => ({
        supabaseUrl: mode.supabaseUrl,
        supabaseAnonKey: anonKey ?? '',
        oauthProviders: ['google', 'facebook'],
      }),
    };
  }
  const local = await createLocalAuth({
    db: options.db,
    logger: options.logger,
    secrets: options.secrets,
    publicUrl: options.publicUrl,
    // The stand-ins let anyone pick any email: fine offline, an account takeover on a server.
    // Opt-in (AUTH_STAND_INS=1), which the server refuses unless it listens on loopback.
    standInProviders: options.env.AUTH_STAND_INS && developmentConveniences(options.env),
    ...(options.clientAddress ? { clientAddress: options.clientAddress } : {}),
    ...(options.allowedRedirectOrigins
      ? { allowedRedirectOrigins: options.allowedRedirectOrigins }
      : {}),
    mailer: options.mailer,
    autoconfirm: options.env.AUTH_AUTOCONFIRM ?? defaultAutoconfirm(options.env),
    sessionMaxAgeSeconds: options.env.AUTH_SESSION_MAX_AGE_SECONDS,
    limits: options.limits ?? {
      ...DEFAULT_SIGN_IN_LIMITS,
      maxSignUpsPerAddressPerDay: options.env.AUTH_SIGNUPS_PER_ADDRESS_PER_DAY,
    },
  });
  options.logger.info(
    { issuer: local.issuer },
    'local auth mode: serving Supabase Auth at /auth/v1',
  );
  return {
    mode: 'local',
    verifyToken: local.verifyToken,
    routes: local.routes,
    deleteUser: local.deleteUser,
    // The SPA talks to whichever origin served it (the gateway, or Vite's proxy in dev).
    clientConfig: (requestOrigin) => ({
      supabaseUrl: requestOrigin,
      supabaseAnonKey: local.anonKey,
      oauthProviders: local.standInProviders ? ['google', 'facebook'] : [],
    }),
  };
}

/**
 * Without AUTH_AUTOCONFIRM: a local install with no mail server (development, test, listening on
 * loopback) confirms sign-ups at once, since nobody could read the mail; with SMTP_URL, on
 * another interface (http/listen.ts, developmentConveniences) and always in production,
 * sign-ups are confirmed by mail so that sign-up never reveals a registered email.
 */
export function defaultAutoconfirm(
  env: Pick<Env, 'NODE_ENV'> & Partial<Pick<Env, 'SMTP_URL' | 'HOST' | 'PUBLIC_URL'>>,
): boolean {
  return !env.SMTP_URL && developmentConveniences(env);
}

/** Supabase Auth's admin API: DELETE /admin/users/<id> with the service-role key. */
function hostedUserDeleter(issuer: string, serviceRoleKey: string) {
  return async (userId: string): Promise<void> => {
    const response = await fetch(`${issuer}/admin/users/${encodeURIComponent(userId)}`, {
      method: 'DELETE',
      headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` },
      signal: AbortSignal.timeout(15_000),
    });
    // Already gone is what we wanted.
    if (!response.ok && response.status !== 404) {
      throw new Error(`Supabase admin API refused to delete the user (HTTP ${response.status})`);
    }
  };
}
