import {
  consumeRecoveryToken,
  findUserByEmail,
  type LocalUser,
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
import { parsePkceParams } from './pkce';
import { safeRedirect, withFragment, withQuery } from './redirects';
import { issueSession } from './sessions';
import { hashToken, newOpaqueToken } from './tokens';

const RECOVERY_TTL_SECONDS = 3600;
const RECOVERY_INTERVAL_SECONDS = 60;

const otpExpired = () => new GoTrueError(403, 'otp_expired', 'Token has expired or is invalid');

/**
 * POST /recover and GET|POST /verify. Local mode sends no email: the recovery link is written
 * to the gateway log, which is how a person running Lumen offline gets at it.
 */
export function registerRecoveryRoutes(app: Hono, deps: LocalAuthDeps): void {
  app.post('/recover', async (c) => {
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
    const token = newOpaqueToken();
    const stored = await setRecoveryToken(deps.db, {
      userId: user.id,
      tokenHash: hashToken(token),
      minIntervalSeconds: RECOVERY_INTERVAL_SECONDS,
    });
    // Throttled quietly: a 429 here would tell a stranger that the account exists.
    if (!stored) return c.json({});
    const link = new URL(`${deps.issuer}/verify`);
    link.searchParams.set('token', token);
    link.searchParams.set('type', 'recovery');
    link.searchParams.set('redirect_to', redirectTo);
    if (pkce) {
      const flow = await createFlowState(deps.db, {
        provider: 'email',
        codeChallenge: pkce.challenge,
        codeChallengeMethod: pkce.method,
        redirectTo,
        method: 'recovery',
        userId: user.id,
      });
      link.searchParams.set('flow', flow.id);
    }
    deps.logger.info(
      { recoveryLink: link.toString(), expiresInSeconds: RECOVERY_TTL_SECONDS },
      `Local auth: password recovery link for ${email} (no email is sent in local mode)`,
    );
    return c.json({});
  });

  // The link from the log: spends the token and lands on redirect_to signed in.
  app.get('/verify', async (c) => {
    const redirectTo = safeRedirect(c, deps, c.req.query('redirect_to'));
    const user = await spendToken(deps, c.req.query('type'), c.req.query('token')).catch(
      (error: unknown) => {
        if (error instanceof GoTrueError) return null;
        throw error;
      },
    );
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
    return c.redirect(await signedInRedirect(c, deps, user, redirectTo), 302);
  });

  // supabase-js verifyOtp({ type: 'recovery', token_hash }) or ({ email, token, type }).
  app.post('/verify', async (c) => {
    const body = await jsonBody(c);
    const token = optionalString(body.token_hash) ?? optionalString(body.token);
    const user = await spendToken(deps, optionalString(body.type), token);
    if (body.email !== undefined && normalizeEmail(body.email) !== user.email) throw otpExpired();
    return c.json(await issueSession(deps, user, 'recovery'));
  });
}

async function spendToken(
  deps: LocalAuthDeps,
  type: string | undefined,
  token: string | undefined,
): Promise<LocalUser> {
  if (type !== 'recovery') {
    throw new GoTrueError(
      400,
      'validation_failed',
      'Only recovery verification is available in local mode',
    );
  }
  if (!token || token.length > 512) throw otpExpired();
  const user = await consumeRecoveryToken(deps.db, hashToken(token), RECOVERY_TTL_SECONDS);
  if (!user) throw otpExpired();
  return user;
}

async function signedInRedirect(
  c: Context,
  deps: LocalAuthDeps,
  user: LocalUser,
  redirectTo: string,
): Promise<string> {
  const flowId = c.req.query('flow');
  const flow =
    flowId && /^[0-9a-f-]{36}$/i.test(flowId) ? await findPendingFlowState(deps.db, flowId) : null;
  if (flow && flow.method === 'recovery' && flow.userId === user.id) {
    const code = newOpaqueToken();
    const issued = await issueAuthCode(deps.db, {
      flowStateId: flow.id,
      userId: user.id,
      authCodeHash: hashToken(code),
      maxAgeSeconds: RECOVERY_TTL_SECONDS,
    });
    if (issued) return withQuery(flow.redirectTo, { code });
  }
  const session = await issueSession(deps, user, 'recovery');
  return withFragment(redirectTo, {
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: 'bearer',
    type: 'recovery',
  });
}
