import { GoTrueError } from './gotrue-error';

// Deliberately loose, like GoTrue: one @, something on both sides, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Lower-cased and trimmed, or GoTrue's email_address_invalid. */
export function normalizeEmail(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw new GoTrueError(400, 'validation_failed', 'An email address is required');
  }
  const email = raw.trim().toLowerCase();
  if (email.length > 255 || !EMAIL.test(email)) {
    throw new GoTrueError(
      400,
      'email_address_invalid',
      'Unable to validate email address: invalid format',
    );
  }
  return email;
}
