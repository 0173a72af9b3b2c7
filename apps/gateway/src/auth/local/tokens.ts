import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  LocalIdentity,
  LocalSession,
  LocalUser,
} from '@lumen/db/repositories/auth.repository';
import { SignJWT } from 'jose';
import type { LocalSigningKey } from './signing-key';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;

/** An opaque secret for refresh tokens, auth codes and recovery links (256 bits). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Lookup hash for an opaque token. The tokens carry 256 bits of entropy, so an unsalted sha256
 * is enough to make a leaked table useless, and it keeps the lookup indexable.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

/** GoTrue's access token claims, signed ES256 with the local key. */
export async function signAccessToken(
  key: LocalSigningKey,
  input: { issuer: string; user: LocalUser; session: LocalSession; now?: number },
): Promise<{ token: string; expiresAt: number }> {
  const iat = input.now ?? Math.floor(Date.now() / 1000);
  const expiresAt = iat + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({
    email: input.user.email,
    phone: '',
    app_metadata: input.user.appMetadata,
    user_metadata: input.user.userMetadata,
    role: 'authenticated',
    aal: 'aal1',
    amr: [
      {
        method: input.session.method,
        timestamp: Math.floor(input.session.createdAt.getTime() / 1000),
      },
    ],
    session_id: input.session.id,
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setIssuer(input.issuer)
    .setSubject(input.user.id)
    .setAudience('authenticated')
    .setIssuedAt(iat)
    .setExpirationTime(expiresAt)
    .sign(key.privateKey);
  return { token, expiresAt };
}

/** The local anon key: identifies the app to /auth/v1, never a user (role anon, no aud). */
export async function signAnonKey(key: LocalSigningKey): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: 'anon', ref: 'local' })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setIssuer('supabase')
    .setIssuedAt(iat)
    .setExpirationTime(iat + 10 * 365 * 24 * 3600)
    .sign(key.privateKey);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The user object exactly as GoTrue serialises it. */
export function toGoTrueUser(user: LocalUser, identities: LocalIdentity[]) {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: iso(user.emailConfirmedAt),
    phone: '',
    confirmed_at: iso(user.emailConfirmedAt),
    last_sign_in_at: iso(user.lastSignInAt),
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.providerId,
      user_id: i.userId,
      identity_data: i.identityData,
      provider: i.provider,
      last_sign_in_at: iso(i.lastSignInAt),
      created_at: i.createdAt.toISOString(),
      updated_at: i.updatedAt.toISOString(),
      email: typeof i.identityData.email === 'string' ? i.identityData.email : user.email,
    })),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: false,
  };
}

export type GoTrueUser = ReturnType<typeof toGoTrueUser>;

export type GoTrueSession = {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: GoTrueUser;
};
