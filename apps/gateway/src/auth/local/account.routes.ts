import { randomUUID } from 'node:crypto';
import type { LocalSession, LocalUser } from '@lumen/db/repositories/auth.repository';
import {
  deleteSessions,
  findUserByEmail,
  insertUser,
  listIdentities,
  updateUser,
  upsertIdentity,
} from '@lumen/db/repositories/auth.repository';
import type { Context, Hono } from 'hono';
import { jsonBody, metadataObject, optionalString } from './body';
import { type LocalAuthDeps, STAND_IN_PROVIDERS, standInAllowed } from './deps';
import { normalizeEmail } from './email';
import { GoTrueError } from './gotrue-error';
import { sendInBackground } from './mailer';
import { checkPasswordPolicy, hashPassword, verifyPassword } from './password';
import { parsePkceParams } from './pkce';
import { emailChangeLink, emailLink } from './recovery.routes';
import { safeRedirect } from './redirects';
import { issueSession, requireSession } from './sessions';
import { toGoTrueUser } from './tokens';

/** POST /signup, GET|PUT /user, POST /logout, GET /settings, GET /health. */
export function registerAccountRoutes(app: Hono, deps: LocalAuthDeps): void {
  app.post('/signup', async (c) => {
    const body = await jsonBody(c);
    if (body.phone)
      throw new GoTrueError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    if (!signUpOpen(deps)) throw signUpsOff();
    const password = checkPasswordPolicy(body.password);
    const email = normalizeEmail(body.email);
    const userMetadata = metadataObject(body.data);
    await deps.limiter.signUp(deps.clientAddress(c));
    // Hashed before anything is looked up, so new and existing emails take the same time.
    const passwordHash = await hashPassword(password);
    if (deps.autoconfirm) {
      // Confirmed at sign-up and a session at once; like GoTrue with MAILER_AUTOCONFIRM, this
      // answer tells whether the email was already registered.
      const user = await insertUser(deps.db, {
        email,
        passwordHash,
        appMetadata: { provider: 'email', providers: ['email'] },
        userMetadata,
        emailConfirmedAt: new Date(),
      });
      if (!user) throw new GoTrueError(422, 'user_already_exists', 'User already registered');
      await addEmailIdentity(deps, user);
      return c.json(await issueSession(deps, user, 'password'));
    }
    const redirectTo = safeRedirect(c, deps, c.req.query('redirect_to'));
    const pkce = parsePkceParams(
      optionalString(body.code_challenge),
      optionalString(body.code_challenge_method),
    );
    return c.json(
      await signUpWithConfirmation(deps, { email, passwordHash, userMetadata, redirectTo, pkce }),
    );
  });

  // supabase-js auth.resend({ type: 'signup', email }): another confirmation link for an
  // unconfirmed account. The same empty answer whatever the address (see signUpWithConfirmation).
  app.post('/resend', async (c) => {
    const body = await jsonBody(c);
    if (body.type !== 'signup') {
      throw new GoTrueError(400, 'validation_failed', 'Only type "signup" can be resent here');
    }
    if (!signUpOpen(deps)) throw signUpsOff();
    const email = normalizeEmail(body.email);
    const redirectTo = safeRedirect(c, deps, c.req.query('redirect_to'));
    const user = deps.autoconfirm ? null : await findUserByEmail(deps.db, email);
    if (user && !user.emailConfirmedAt) {
      const link = await emailLink(deps, user, 'signup', redirectTo, null);
      if (link) sendConfirmation(deps, user.email, link);
    }
    return c.json({});
  });

  app.get('/user', async (c) => {
    const { user } = await requireSession(c, deps);
    return c.json(toGoTrueUser(user, await listIdentities(deps.db, user.id)));
  });

  app.put('/user', async (c) => {
    const { user, session } = await requireSession(c, deps);
    const body = await jsonBody(c);
    const patch: Parameters<typeof updateUser>[2] = {};
    const changesSecret = body.password !== undefined || body.email !== undefined;
    let emailChange: { newEmail: string; sentAt: string } | null = null;
    // An access token alone (a stolen one, or an unlocked laptop) must not take the account over.
    if (changesSecret) await requireReauthentication(deps, c, user, session, body);
    if (body.password !== undefined) {
      const password = checkPasswordPolicy(body.password);
      if (user.passwordHash && (await verifyPassword(user.passwordHash, password))) {
        throw new GoTrueError(
          422,
          'same_password',
          'New password should be different from the old password.',
        );
      }
      patch.passwordHash = await hashPassword(password);
    }
    const newEmail = optionalString(body.email);
    if (newEmail !== undefined && normalizeEmail(newEmail) !== user.email) {
      const taken = await findUserByEmail(deps.db, normalizeEmail(newEmail));
      if (taken) {
        throw new GoTrueError(
          422,
          'email_exists',
          'A user with this email address has already been registered',
        );
      }
      // A new address must be confirmed by a link sent to it before it replaces the old one;
      // without a way to send mail it cannot be confirmed, and nothing switches unconfirmed.
      if (deps.mailer.kind === 'none') {
        throw new GoTrueError(
          422,
          'email_provider_disabled',
          'Changing the email address needs a confirmation email, which this server cannot send (its operator can set SMTP_URL).',
        );
      }
      const link = await emailChangeLink(
        deps,
        user,
        normalizeEmail(newEmail),
        safeRedirect(c, deps, c.req.query('redirect_to')),
        parsePkceParams(
          optionalString(body.code_challenge),
          optionalString(body.code_challenge_method),
        ),
      );
      if (!link) {
        throw new GoTrueError(
          429,
          'over_email_send_rate_limit',
          'For security purposes, you can only request this once every 60 seconds.',
        );
      }
      sendInBackground(
        deps.mailer,
        deps.logger,
        {
          to: normalizeEmail(newEmail),
          subject: 'Confirm your new Lumen email address',
          intro:
            'Open this link within 60 minutes to sign in to Lumen with this address from now on:',
          link,
        },
        'email_change',
      );
      emailChange = { newEmail: normalizeEmail(newEmail), sentAt: new Date().toISOString() };
    }
    if (body.data !== undefined) {
      // GoTrue merges top-level keys; a null value removes the key.
      const merged: Record<string, unknown> = { ...user.userMetadata };
      for (const [k, v] of Object.entries(metadataObject(body.data))) {
        if (v === null) delete merged[k];
        else merged[k] = v;
      }
      patch.userMetadata = merged;
    }
    const updated =
      Object.keys(patch).length > 0
        ? await updateUser(deps.db, user.id, patch).catch(emailRace)
        : user;
    if (!updated) throw new GoTrueError(404, 'user_not_found', 'User not found');
    // A new password signs every other device out: whoever knew the old one loses access.
    if (patch.passwordHash) {
      await deleteSessions(deps.db, { userId: user.id, sessionId: session.id, scope: 'others' });
      deps.forgetSessions(user.id);
    }
    const answer = toGoTrueUser(updated, await listIdentities(deps.db, user.id));
    // As GoTrue answers a change of address that waits for its confirmation.
    return c.json(
      emailChange
        ? { ...answer, new_email: emailChange.newEmail, email_change_sent_at: emailChange.sentAt }
        : answer,
    );
  });

  app.post('/logout', async (c) => {
    const { user, session } = await requireSession(c, deps);
    const raw = c.req.query('scope') ?? 'global';
    if (raw !== 'global' && raw !== 'local' && raw !== 'others') {
      throw new GoTrueError(
        400,
        'validation_failed',
        `Unsupported logout scope "${raw.slice(0, 20)}"`,
      );
    }
    await deleteSessions(deps.db, { userId: user.id, sessionId: session.id, scope: raw });
    deps.forgetSessions(user.id);
    return c.body(null, 204);
  });

  app.get('/settings', (c) => {
    const external: Record<string, boolean> = {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      email: true,
      github: false,
      gitlab: false,
      keycloak: false,
      linkedin_oidc: false,
      notion: false,
      phone: false,
      slack_oidc: false,
      spotify: false,
      twitch: false,
      twitter: false,
      workos: false,
      zoom: false,
    };
    const standIns = standInAllowed(c, deps);
    for (const p of STAND_IN_PROVIDERS) external[p] = standIns;
    return c.json({
      external,
      disable_signup: !signUpOpen(deps),
      mailer_autoconfirm: deps.autoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    });
  });

  app.get('/health', (c) =>
    c.json({ version: 'lumen-local', name: 'GoTrue', description: 'Lumen local auth (offline)' }),
  );
}

/** How recently a session must have started to count as a re-authentication by itself. */
export const REAUTHENTICATION_WINDOW_SECONDS = 10 * 60;

/**
 * Password and email changes need proof beyond the access token: the current password, or a
 * session that itself just proved it (a fresh recovery link, or a fresh provider sign-in for an
 * account that has no password).
 */
async function requireReauthentication(
  deps: LocalAuthDeps,
  c: Context,
  user: LocalUser,
  session: LocalSession,
  body: Record<string, unknown>,
): Promise<void> {
  const current = typeof body.current_password === 'string' ? body.current_password : undefined;
  if (current !== undefined) {
    // A guess at the current password is a sign-in attempt (a stolen access token must not
    // become a password oracle): counted in the same limiter, before the check.
    const permit = await deps.limiter.attempt(user.email, deps.clientAddress(c));
    if (user.passwordHash && (await verifyPassword(user.passwordHash, current))) {
      await permit.succeeded();
      return;
    }
    throw new GoTrueError(400, 'reauthentication_not_valid', 'Current password is incorrect.');
  }
  const fresh = Date.now() - session.createdAt.getTime() < REAUTHENTICATION_WINDOW_SECONDS * 1000;
  if (fresh && (session.method === 'recovery' || !user.passwordHash)) return;
  throw new GoTrueError(
    400,
    'reauthentication_needed',
    'Changing your password or email needs your current password.',
  );
}

// Two accounts racing to the same new email: the unique index refuses the second.
function emailRace(error: unknown): never {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } })?.cause?.code ??
    (error as { code?: unknown })?.code;
  if (code === '23505') {
    throw new GoTrueError(
      422,
      'email_exists',
      'A user with this email address has already been registered',
    );
  }
  throw error;
}

const signUpOpen = (deps: LocalAuthDeps) => deps.autoconfirm || deps.mailer.kind !== 'none';

const signUpsOff = () =>
  new GoTrueError(
    422,
    'signup_disabled',
    'Sign-up by email is off: this server cannot send the confirmation email. Its operator can ' +
      'set SMTP_URL (or AUTH_AUTOCONFIRM=1).',
  );

async function addEmailIdentity(deps: LocalAuthDeps, user: LocalUser): Promise<void> {
  await upsertIdentity(deps.db, {
    userId: user.id,
    provider: 'email',
    providerId: user.id,
    identityData: { sub: user.id, email: user.email, email_verified: true, phone_verified: false },
  });
}

/**
 * Sign-up with email confirmation, answering the same for a new and a registered email (like
 * GoTrue with confirmation on, but with no `identities` difference either): a user object, no
 * session, and a mail only the mailbox owner can act on. A registered, confirmed account gets
 * no mail and is not changed; an unconfirmed one is not changed either and gets a fresh link
 * (docs/security.md, "Account email").
 */
async function signUpWithConfirmation(
  deps: LocalAuthDeps,
  input: {
    email: string;
    passwordHash: string;
    userMetadata: Record<string, unknown>;
    redirectTo: string;
    pkce: ReturnType<typeof parsePkceParams>;
  },
): Promise<Record<string, unknown>> {
  const now = new Date();
  const appMetadata = { provider: 'email', providers: ['email'] };
  let user = await insertUser(deps.db, {
    email: input.email,
    passwordHash: input.passwordHash,
    appMetadata,
    userMetadata: input.userMetadata,
    emailConfirmedAt: null,
  });
  if (user) {
    await addEmailIdentity(deps, user);
  } else {
    // An unconfirmed account keeps what its first sign-up chose and only gets a fresh link (at
    // most one a minute). Letting a later sign-up replace the password would let anyone who
    // knows the address set the password the owner then confirms from their mailbox.
    const existing = await findUserByEmail(deps.db, input.email);
    if (existing && !existing.emailConfirmedAt) user = existing;
  }
  if (user) {
    const link = await emailLink(deps, user, 'signup', input.redirectTo, input.pkce);
    if (link) sendConfirmation(deps, user.email, link);
  }
  // Only what the request itself said, plus fresh ids: nothing here tells the cases apart.
  return {
    id: user?.id ?? randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email: input.email,
    phone: '',
    confirmation_sent_at: now.toISOString(),
    app_metadata: appMetadata,
    user_metadata: input.userMetadata,
    identities: [],
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    is_anonymous: false,
  };
}

function sendConfirmation(deps: LocalAuthDeps, to: string, link: string): void {
  sendInBackground(
    deps.mailer,
    deps.logger,
    {
      to,
      subject: 'Confirm your Lumen account',
      intro: 'Open this link to confirm your email address and finish creating your account:',
      link,
    },
    'signup',
  );
}
