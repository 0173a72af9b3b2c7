import {
  consumeEmailChange,
  consumeRecoveryToken,
  findUserByEmail,
  type LocalUser,
  setEmailChange,
  setRecoveryToken,
} from '@lumen/db/repositories/auth.repository';
import {
  createFlowState,
  findPendingFlowState,
  issueAuthCode,
} from '@lumen/db/repositories/auth-flow.repository';
import type { Context, Hono } from 'hono';
import { jsonBody, optionalString } from './body';
import type { LocalAuthDeps } from './deps';
import { normalizeEmail } from './email';
import { GoTrueError } from './gotrue-error';
import { sendInBackground } from './mailer';
import { parsePkceParams } from './pkce';
import { safeRedirect, withFragment, withQuery } from './redirects';
import { issueSession, type SessionMethod } from './sessions';
import { hashToken, newOpaqueToken } from './tokens';

const RECOVERY_TTL_SECONDS = 3600;
const RECOVERY_INTERVAL_SECONDS = 60;

const recoveryOff = () =>
  new GoTrueError(
    422,
    'email_provider_disabled',
    'Password recovery is off: this server cannot send email (its operator can set SMTP_URL).',
  );

// supabase-js verifyOtp types that spend the mailed token; 'email' and 'signup' confirm an
// address, 'recovery' also lets the fresh session set a password without the old one.
// 'email_change' spends the token mailed to a requested new address (docs/security.md, "Your
// own account").
const LINK_TYPES = new Set(['recovery', 'signup', 'email', 'email_change']);
const linkType = (type: string | undefined): 'recovery' | 'signup' =>
  type === 'recovery' ? 'recovery' : 'signup';
const sessionMethod = (type: 'recovery' | 'signup'): SessionMethod =>
  type === 'recovery' ? 'recovery' : 'otp';

const otpExpired = () => new GoTrueError(403, 'otp_expired', 'Token has expired or is invalid');

/**
 * POST /recover and GET|POST /verify. The link goes by mail (mailer.ts); it is never logged.
 * Without a way to send mail (production without SMTP_URL) recovery is off.
 */
export function registerRecoveryRoutes(app: Hono, deps: LocalAuthDeps): void {
  app.post('/recover', async (c) => {
    if (deps.mailer.kind === 'none') throw recoveryOff();
    const body = await jsonBody(c);
    const email = normalizeEmail(body.email);
    const pkce = parsePkceParams(
      optionalString(body.code_challenge),
      optionalString(body.code_challenge_method),
    );
    const redirectTo = safeRedirect(c, deps, c.req.query('redirect_to'));
    const user = await findUserByEmail(deps.db, email);
    // The same empty answer whether or not the account exists.
    if (!user) return c.json({});
    const link = await emailLink(deps, user, 'recovery', redirectTo, pkce);
    // Throttled quietly: a 429 here would tell a stranger that the account exists.
    if (!link) return c.json({});
    sendInBackground(
      deps.mailer,
      deps.logger,
      {
        to: user.email,
        subject: 'Reset your Lumen password',
        intro: `Open this link within ${RECOVERY_TTL_SECONDS / 60} minutes to choose a new password:`,
        link,
      },
      'recovery',
    );
    return c.json({});
  });

  // The link from the mail: spends the token and lands on redirect_to signed in.
  app.get('/verify', async (c) => {
    const redirectTo = safeRedirect(c, deps, c.req.query('redirect_to'));
    const type = c.req.query('type');
    const user = await spendToken(deps, type, c.req.query('token')).catch((error: unknown) => {
      if (error instanceof GoTrueError) return null;
      throw error;
    });
    if (!user) {
      return c.redirect(
        withFragment(redirectTo, {
          error: 'access_denied',
          error_code: 'otp_expired',
          error_description: 'Email link is invalid or has expired',
        }),
        302,
      );
    }
    return c.redirect(await signedInRedirect(c, deps, user, redirectTo, linkType(type)), 302);
  });

  // supabase-js verifyOtp({ type: 'recovery', token_hash }) or ({ email, token, type }).
  app.post('/verify', async (c) => {
    const body = await jsonBody(c);
    const token = optionalString(body.token_hash) ?? optionalString(body.token);
    const type = optionalString(body.type);
    const user = await spendToken(deps, type, token);
    if (body.email !== undefined && normalizeEmail(body.email) !== user.email) throw otpExpired();
    return c.json(await issueSession(deps, user, sessionMethod(linkType(type))));
  });
}

async function spendToken(
  deps: LocalAuthDeps,
  type: string | undefined,
  token: string | undefined,
): Promise<LocalUser> {
  if (!type || !LINK_TYPES.has(type)) {
    throw new GoTrueError(
      400,
      'validation_failed',
      'Only recovery, sign-up and email-change verification are available in local mode',
    );
  }
  if (!token || token.length > 512) throw otpExpired();
  if (type === 'email_change') {
    const changed = await consumeEmailChange(deps.db, hashToken(token), RECOVERY_TTL_SECONDS).catch(
      (error: unknown) => {
        // The address was taken by another account after the link was sent.
        if ((error as { cause?: { code?: unknown } })?.cause?.code === '23505') return null;
        throw error;
      },
    );
    if (!changed) throw otpExpired();
    return changed;
  }
  const user = await consumeRecoveryToken(deps.db, hashToken(token), RECOVERY_TTL_SECONDS);
  if (!user) throw otpExpired();
  return user;
}

async function signedInRedirect(
  c: Context,
  deps: LocalAuthDeps,
  user: LocalUser,
  redirectTo: string,
  type: 'recovery' | 'signup',
): Promise<string> {
  const flowId = c.req.query('flow');
  const flow =
    flowId && /^[0-9a-f-]{36}$/i.test(flowId) ? await findPendingFlowState(deps.db, flowId) : null;
  if (flow && flow.method === sessionMethod(type) && flow.userId === user.id) {
    const code = newOpaqueToken();
    const issued = await issueAuthCode(deps.db, {
      flowStateId: flow.id,
      userId: user.id,
      authCodeHash: hashToken(code),
      maxAgeSeconds: RECOVERY_TTL_SECONDS,
    });
    if (issued) return withQuery(flow.redirectTo, { code });
  }
  const session = await issueSession(deps, user, sessionMethod(type));
  return withFragment(redirectTo, {
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: 'bearer',
    type,
  });
}

/**
 * A single-use link for the mailbox owner (recovery or sign-up confirmation), or null when one
 * was issued less than a minute ago. Both kinds spend the same stored token: either proves that
 * the person reads that mailbox.
 */
export async function emailLink(
  deps: LocalAuthDeps,
  user: LocalUser,
  type: 'recovery' | 'signup',
  redirectTo: string,
  pkce: { challenge: string; method: string } | null,
): Promise<string | null> {
  const token = newOpaqueToken();
  const stored = await setRecoveryToken(deps.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    minIntervalSeconds: RECOVERY_INTERVAL_SECONDS,
  });
  if (!stored) return null;
  const link = new URL(`${deps.issuer}/verify`);
  link.searchParams.set('token', token);
  link.searchParams.set('type', type);
  link.searchParams.set('redirect_to', redirectTo);
  if (pkce) {
    const flow = await createFlowState(deps.db, {
      provider: 'email',
      codeChallenge: pkce.challenge,
      codeChallengeMethod: pkce.method,
      redirectTo,
      method: type === 'recovery' ? 'recovery' : 'otp',
      userId: user.id,
    });
    link.searchParams.set('flow', flow.id);
  }
  return link.toString();
}

/**
 * A single-use link to confirm a new address, mailed to that address, or null when one was sent
 * less than a minute ago. Opening it switches the account's email (spendToken, 'email_change').
 */
export async function emailChangeLink(
  deps: LocalAuthDeps,
  user: LocalUser,
  newEmail: string,
  redirectTo: string,
  pkce: { challenge: string; method: string } | null,
): Promise<string | null> {
  const token = newOpaqueToken();
  const stored = await setEmailChange(deps.db, {
    userId: user.id,
    newEmail,
    tokenHash: hashToken(token),
    minIntervalSeconds: RECOVERY_INTERVAL_SECONDS,
  });
  if (!stored) return null;
  const link = new URL(`${deps.issuer}/verify`);
  link.searchParams.set('token', token);
  link.searchParams.set('type', 'email_change');
  link.searchParams.set('redirect_to', redirectTo);
  if (pkce) {
    const flow = await createFlowState(deps.db, {
      provider: 'email',
      codeChallenge: pkce.challenge,
      codeChallengeMethod: pkce.method,
      redirectTo,
      method: 'otp',
      userId: user.id,
    });
    link.searchParams.set('flow', flow.id);
  }
  return link.toString();
}
