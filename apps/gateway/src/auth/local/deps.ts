import type { Logger } from '@lumen/config/logger';
import type { Database } from '@lumen/db/client';
import type { Context } from 'hono';
import type { TokenVerifier } from '../verify-token';
import type { Mailer } from './mailer';
import type { SignInLimiter } from './rate-limit';
import type { LocalSigningKey } from './signing-key';

export const STAND_IN_PROVIDERS = ['google', 'facebook'] as const;
export type StandInProvider = (typeof STAND_IN_PROVIDERS)[number];

/** Everything the local /auth/v1 routes need; built once by createLocalAuth. */
export type LocalAuthDeps = {
  db: Database;
  logger: Logger;
  /** `${publicUrl}/auth/v1`: the `iss` of every token and the base of mailed links. */
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
  /** Delivers recovery and sign-up confirmation links (mailer.ts). */
  mailer: Mailer;
  /**
   * Sign-ups confirmed at once with a session, like GoTrue's MAILER_AUTOCONFIRM; sign-up then
   * tells whether an email is registered. Off: a confirmation mail, and the same answer for
   * new and existing emails.
   */
  autoconfirm: boolean;
  /** Longest a session lives, however often it is refreshed. */
  sessionMaxAgeSeconds: number;
  /** Keys the successor of a refresh token (sessions.ts). */
  refreshKey: Buffer;
  /** Offline stand-ins for Google and Facebook (anyone can pick any email on them). */
  standInProviders: boolean;
  /** Called after a user's sessions were deleted: the API stops taking their tokens at once. */
  forgetSessions(userId: string): void;
};

/**
 * The stand-ins let anyone pick any email, which links to the account with that email: fine
 * for the person at the keyboard, an account takeover for anyone else. So they answer only a
 * client on this machine, talking to the gateway directly (a proxy's X-Forwarded-For means the
 * real client is elsewhere, whatever the socket says).
 */
export function standInAllowed(c: Context, deps: Pick<LocalAuthDeps, 'standInProviders'>): boolean {
  if (!deps.standInProviders) return false;
  if (c.req.header('x-forwarded-for') || c.req.header('forwarded') || c.req.header('x-real-ip')) {
    return false;
  }
  const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
    ?.incoming?.socket?.remoteAddress;
  return socket !== undefined && isLoopbackAddress(socket);
}

function isLoopbackAddress(address: string): boolean {
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}
