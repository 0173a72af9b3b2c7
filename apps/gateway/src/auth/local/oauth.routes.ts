import { randomBytes } from 'node:crypto';
import {
  findIdentity,
  findUserByEmail,
  findUserById,
  insertUser,
  type LocalUser,
  updateUser,
  upsertIdentity,
} from '@lumen/db/repositories/auth.repository';
import {
  createFlowState,
  deletePendingFlowState,
  findPendingFlowState,
  issueAuthCode,
} from '@lumen/db/repositories/auth-flow.repository';
import type { Context, Hono } from 'hono';
import {
  type LocalAuthDeps,
  STAND_IN_PROVIDERS,
  type StandInProvider,
  standInAllowed,
} from './deps';
import { normalizeEmail } from './email';
import { GoTrueError } from './gotrue-error';
import { parsePkceParams } from './pkce';
import { safeRedirect, withFragment, withQuery } from './redirects';
import { issueSession } from './sessions';
import { renderStandInPage } from './stand-in-page';
import { hashToken, newOpaqueToken } from './tokens';

// The person has this long to fill in the stand-in page.
const FLOW_TTL_SECONDS = 600;

function parseProvider(c: Context, deps: LocalAuthDeps, raw: string | undefined): StandInProvider {
  const provider = STAND_IN_PROVIDERS.find((p) => p === raw);
  if (!provider || !standInAllowed(c, deps)) {
    throw new GoTrueError(
      400,
      'validation_failed',
      'Unsupported provider: provider is not enabled',
    );
  }
  return provider;
}

/** GET /authorize, the stand-in page, and POST /callback (where the real provider would return). */
export function registerOAuthRoutes(app: Hono, deps: LocalAuthDeps): void {
  app.get('/authorize', async (c) => {
    const provider = parseProvider(c, deps, c.req.query('provider'));
    const pkce = parsePkceParams(
      c.req.query('code_challenge'),
      c.req.query('code_challenge_method'),
    );
    const flow = await createFlowState(deps.db, {
      provider,
      codeChallenge: pkce?.challenge ?? null,
      codeChallengeMethod: pkce?.method ?? null,
      redirectTo: safeRedirect(c, deps, c.req.query('redirect_to')),
      method: 'oauth',
    });
    const path = `/auth/v1/stand-in/${provider}?state=${flow.id}`;
    if (c.req.query('skip_http_redirect') === 'true') {
      return c.json({ url: `${new URL(deps.issuer).origin}${path}` });
    }
    // A relative Location keeps the browser on the origin it came from (e.g. Vite's proxy).
    return c.redirect(path, 302);
  });

  app.get('/stand-in/:provider', async (c) => {
    const provider = parseProvider(c, deps, c.req.param('provider'));
    const flow = await pendingFlow(c.req.query('state'), provider, deps);
    if (!flow) return badStateRedirect(c, deps.siteUrl);
    return standInPage(c, provider, flow.id, flow.redirectTo);
  });

  app.post('/callback', async (c) => {
    const form = await c.req.parseBody();
    const state = typeof form.state === 'string' ? form.state : undefined;
    const flow = await pendingFlow(state, undefined, deps);
    if (!flow) return badStateRedirect(c, deps.siteUrl);
    const provider = parseProvider(c, deps, flow.provider);
    let email: string;
    try {
      email = normalizeEmail(form.email);
    } catch (error) {
      if (!(error instanceof GoTrueError)) throw error;
      return standInPage(c, provider, flow.id, flow.redirectTo, error.message, 400);
    }
    const user = await signInWithProvider(deps, provider, email);
    if (flow.codeChallenge) {
      const code = newOpaqueToken();
      const issued = await issueAuthCode(deps.db, {
        flowStateId: flow.id,
        userId: user.id,
        authCodeHash: hashToken(code),
        maxAgeSeconds: FLOW_TTL_SECONDS,
      });
      if (!issued) return badStateRedirect(c, flow.redirectTo);
      return c.redirect(withQuery(flow.redirectTo, { code }), 302);
    }
    // Implicit flow: tokens travel in the fragment, which browsers never send to a server.
    if (!(await deletePendingFlowState(deps.db, flow.id)))
      return badStateRedirect(c, flow.redirectTo);
    const session = await issueSession(deps, user, 'oauth');
    return c.redirect(
      withFragment(flow.redirectTo, {
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
      }),
      302,
    );
  });
}

async function pendingFlow(
  state: string | undefined,
  provider: string | undefined,
  deps: LocalAuthDeps,
) {
  if (!state || !/^[0-9a-f-]{36}$/i.test(state)) return null;
  const flow = await findPendingFlowState(deps.db, state);
  if (flow?.method !== 'oauth' || (provider && flow.provider !== provider)) return null;
  if (Date.now() - flow.createdAt.getTime() > FLOW_TTL_SECONDS * 1000) return null;
  return flow;
}

function standInPage(
  c: Context,
  provider: StandInProvider,
  state: string,
  redirectTo: string,
  error?: string,
  status: 200 | 400 = 200,
) {
  const nonce = randomBytes(16).toString('base64');
  c.header(
    'Content-Security-Policy',
    // form-action also governs the redirect after the POST, so it names redirect_to's origin.
    `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self' ${new URL(redirectTo).origin}; frame-ancestors 'none'; base-uri 'none'`,
  );
  c.header('X-Frame-Options', 'DENY');
  c.header('Cache-Control', 'no-store');
  const cancelUrl = withQuery(redirectTo, {
    error: 'access_denied',
    error_code: 'provider_cancelled',
    error_description: `${provider} sign-in was cancelled`,
  });
  const html = renderStandInPage({
    provider,
    state,
    action: '/auth/v1/callback',
    cancelUrl,
    nonce,
    ...(error ? { error } : {}),
  });
  return c.html(html, status);
}

function badStateRedirect(c: Context, target: string) {
  return c.redirect(
    withQuery(target, {
      error: 'invalid_request',
      error_code: 'bad_oauth_state',
      error_description: 'OAuth state is invalid or has expired. Please try signing in again.',
    }),
    302,
  );
}

/**
 * What GoTrue does when a provider vouches for an email: the known identity's user, else the
 * account with that email (linked, since the provider confirmed the email), else a new user.
 */
async function signInWithProvider(
  deps: LocalAuthDeps,
  provider: StandInProvider,
  email: string,
): Promise<LocalUser> {
  const identityData = {
    sub: email,
    email,
    email_verified: true,
    provider_id: email,
    iss: `${deps.issuer}/stand-in/${provider}`,
  };
  const identity = await findIdentity(deps.db, provider, email);
  let user = identity ? await findUserById(deps.db, identity.userId) : null;
  user ??= await findUserByEmail(deps.db, email);
  user ??= await insertUser(deps.db, {
    email,
    passwordHash: null,
    appMetadata: { provider, providers: [provider] },
    userMetadata: { ...identityData },
    emailConfirmedAt: new Date(),
  });
  // A concurrent first sign-in with the same email may have won the insert.
  user ??= await findUserByEmail(deps.db, email);
  if (!user) throw new Error('provider sign-in could not find or create the user');
  await upsertIdentity(deps.db, { userId: user.id, provider, providerId: email, identityData });
  const providers = Array.isArray(user.appMetadata.providers) ? user.appMetadata.providers : [];
  if (!providers.includes(provider)) {
    user =
      (await updateUser(deps.db, user.id, {
        appMetadata: { ...user.appMetadata, providers: [...providers, provider] },
      })) ?? user;
  }
  return user;
}
