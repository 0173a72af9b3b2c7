import type { LocalSession, LocalUser } from '@lumen/db/repositories/auth.repository';
import {
  deleteSessions,
  findUserByEmail,
  insertUser,
  listIdentities,
  updateUser,
  upsertIdentity,
} from '@lumen/db/repositories/auth.repository';
import type { Hono } from 'hono';
import { jsonBody, metadataObject, optionalString } from './body';
import { type LocalAuthDeps, STAND_IN_PROVIDERS, standInAllowed } from './deps';
import { normalizeEmail } from './email';
import { GoTrueError } from './gotrue-error';
import { checkPasswordPolicy, hashPassword, verifyPassword } from './password';
import { issueSession, requireSession } from './sessions';
import { toGoTrueUser } from './tokens';

/** POST /signup, GET|PUT /user, POST /logout, GET /settings, GET /health. */
export function registerAccountRoutes(app: Hono, deps: LocalAuthDeps): void {
  app.post('/signup', async (c) => {
    const body = await jsonBody(c);
    if (body.phone)
      throw new GoTrueError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    const password = checkPasswordPolicy(body.password);
    const email = normalizeEmail(body.email);
    const userMetadata = metadataObject(body.data);
    await deps.limiter.signUp(deps.clientAddress(c));
    // Local mode autoconfirms: the email is confirmed at sign-up and a session comes back at once.
    const user = await insertUser(deps.db, {
      email,
      passwordHash: await hashPassword(password),
      appMetadata: { provider: 'email', providers: ['email'] },
      userMetadata,
      emailConfirmedAt: new Date(),
    });
    if (!user) throw new GoTrueError(422, 'user_already_exists', 'User already registered');
    await upsertIdentity(deps.db, {
      userId: user.id,
      provider: 'email',
      providerId: user.id,
      identityData: { sub: user.id, email, email_verified: true, phone_verified: false },
    });
    return c.json(await issueSession(deps, user, 'password'));
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
    // An access token alone (a stolen one, or an unlocked laptop) must not take the account over.
    if (changesSecret) await requireReauthentication(user, session, body);
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
      // local auth sends no mail, so it cannot confirm, and does not switch unconfirmed.
      throw new GoTrueError(
        422,
        'email_provider_disabled',
        'Changing the email address needs a confirmation email, which this server cannot send.',
      );
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
    }
    return c.json(toGoTrueUser(updated, await listIdentities(deps.db, user.id)));
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
      disable_signup: false,
      mailer_autoconfirm: true,
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
  user: LocalUser,
  session: LocalSession,
  body: Record<string, unknown>,
): Promise<void> {
  const current = typeof body.current_password === 'string' ? body.current_password : undefined;
  if (current !== undefined) {
    if (user.passwordHash && (await verifyPassword(user.passwordHash, current))) return;
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
