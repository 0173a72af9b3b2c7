import type { Logger } from '@lumen/config/logger';
import type { Database } from '@lumen/db/client';
import type { Context } from 'hono';
import type { TokenVerifier } from '../verify-token';
import type { SignInLimiter } from './rate-limit';
import type { LocalSigningKey } from './signing-key';

export const STAND_IN_PROVIDERS = ['google', 'facebook'] as const;
export type StandInProvider = (typeof STAND_IN_PROVIDERS)[number];

/** Everything the local /auth/v1 routes need; built once by createLocalAuth. */
export type LocalAuthDeps = {
  db: Database;
  logger: Logger;
  /** `${publicUrl}/auth/v1`: the `iss` of every token and the base of links in the log. */
  issuer: string;
  /** Where redirects go when redirect_to is missing or not allowed (the SPA's origin). */
  siteUrl: string;
  /** Extra origins redirect_to may point at (e.g. the Vite dev server). */
  allowedRedirectOrigins: string[];
  key: LocalSigningKey;
  anonKey: string;
  /** The same verifier GraphQL uses, reading this server's own JWKS. */
  verifyToken: TokenVerifier;
  limiter: SignInLimiter;
  clientAddress: (c: Context) => string;
  /** Offline stand-ins for Google and Facebook (anyone can pick any email on them). */
  standInProviders: boolean;
};
