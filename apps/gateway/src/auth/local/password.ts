import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { GoTrueError } from './gotrue-error';

export const MIN_PASSWORD_LENGTH = 8;
// argon2 cost is per call; a bound keeps a megabyte "password" from becoming a DoS vector.
const MAX_PASSWORD_LENGTH = 1024;

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane).
// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read at runtime).
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** GoTrue's weak_password error for a password that breaks the policy. */
export function checkPasswordPolicy(password: unknown): string {
  if (typeof password !== 'string' || password.length === 0) {
    throw new GoTrueError(422, 'validation_failed', 'Signup requires a valid password');
  }
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw new GoTrueError(
      422,
      'weak_password',
      `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
      ['length'],
    );
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new GoTrueError(
      422,
      'weak_password',
      `Password should be at most ${MAX_PASSWORD_LENGTH} characters.`,
      ['length'],
    );
  }
  return password;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verifying against this when the email is unknown makes "no such user" cost the same time as
// "wrong password", so response timing does not reveal which emails have accounts.
let dummyHash: Promise<string> | undefined;

/** argon2 verification (constant-time comparison inside); false for any malformed input. */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (password.length === 0 || password.length > MAX_PASSWORD_LENGTH) return false;
  if (storedHash === null) {
    dummyHash ??= hash('not-a-real-password-just-for-timing', OPTIONS);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
