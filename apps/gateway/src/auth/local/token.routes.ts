import { findUserByEmail, findUserById } from '@lumen/db/repositories/auth.repository';
import { consumeAuthCode } from '@lumen/db/repositories/auth-flow.repository';
import type { Hono } from 'hono';
import { jsonBody, optionalString } from './body';
import type { LocalAuthDeps } from './deps';
import { GoTrueError, invalidCredentials } from './gotrue-error';
import { verifyPassword } from './password';
import { verifierMatches } from './pkce';
import { issueSession, refreshSession, type SessionMethod } from './sessions';
import { hashToken } from './tokens';

/** An auth code is good for five minutes after the provider step, like GoTrue's flow state. */
export const AUTH_CODE_TTL_SECONDS = 300;

/** POST /token?grant_type=password|refresh_token|pkce. */
export function registerTokenRoutes(app: Hono, deps: LocalAuthDeps): void {
  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    const body = await jsonBody(c);
    switch (grant) {
      case 'password':
        return c.json(await passwordGrant(deps, body, deps.clientAddress(c)));
      case 'refresh_token':
        return c.json(await refreshSession(deps, body.refresh_token));
      case 'pkce':
        return c.json(await pkceGrant(deps, body));
      default:
        throw new GoTrueError(400, 'validation_failed', 'unsupported_grant_type');
    }
  });
}

async function passwordGrant(deps: LocalAuthDeps, body: Record<string, unknown>, address: string) {
  if (body.phone)
    throw new GoTrueError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  const rawEmail = optionalString(body.email);
  const password = typeof body.password === 'string' ? body.password : '';
  if (!rawEmail || password === '') throw invalidCredentials();
  const email = rawEmail.trim().toLowerCase();
  // Counted before the password is checked (see rate-limit.ts).
  const permit = await deps.limiter.attempt(email, address);
  const user = await findUserByEmail(deps.db, email);
  // Unknown email and wrong password take the same time and give the same answer.
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !ok) {
    deps.logger.info({ event: 'sign_in_failed' }, 'failed password sign-in');
    throw invalidCredentials();
  }
  await permit.succeeded();
  // Only the password's owner learns this, so it reveals nothing to a stranger.
  if (!user.emailConfirmedAt)
    throw new GoTrueError(400, 'email_not_confirmed', 'Email not confirmed');
  return issueSession(deps, user, 'password');
}

async function pkceGrant(deps: LocalAuthDeps, body: Record<string, unknown>) {
  const authCode = optionalString(body.auth_code);
  const verifier = optionalString(body.code_verifier);
  if (!authCode || !verifier || authCode.length > 512) {
    throw new GoTrueError(
      400,
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  const flow = await consumeAuthCode(deps.db, hashToken(authCode));
  if (!flow?.userId || !flow.codeChallenge || !flow.codeChallengeMethod) {
    throw new GoTrueError(
      404,
      'flow_state_not_found',
      'invalid flow state, no valid flow state found',
    );
  }
  const issuedAt = flow.authCodeIssuedAt?.getTime() ?? 0;
  if (Date.now() - issuedAt > AUTH_CODE_TTL_SECONDS * 1000) {
    throw new GoTrueError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  }
  if (!verifierMatches(verifier, flow.codeChallenge, flow.codeChallengeMethod)) {
    throw new GoTrueError(
      403,
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    );
  }
  const user = await findUserById(deps.db, flow.userId);
  if (!user) throw new GoTrueError(404, 'user_not_found', 'User not found');
  return issueSession(deps, user, flow.method as SessionMethod);
}
