import { z } from 'zod';

// A person's own account: what they may change and when deleting it is allowed
// (docs/security.md, "Deleting an account").

export const DisplayNameSchema = z
  .string()
  .trim()
  .max(80, 'A display name has at most 80 characters.')
  .refine((v) => ![...v].some(isControl), 'A display name is one line of text.')
  .transform((v) => (v === '' ? null : v));

function isControl(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f;
}

/** How recent a sign-in must be for a destructive account action (seconds). */
export const RECENT_SIGN_IN_SECONDS = 10 * 60;

export type AccountDeletionRefusal =
  | { code: 'BAD_USER_INPUT'; message: string }
  | { code: 'REAUTHENTICATION_REQUIRED'; message: string }
  | { code: 'LAST_OWNER'; message: string; workspaces: string[] };

/**
 * Why the account cannot be deleted now, or null. The typed confirmation is the account's email
 * (case and surrounding spaces aside); the sign-in must be recent, so a token left on an unlocked
 * laptop cannot delete the account; and no workspace with other people in it may be left
 * without an owner.
 */
export function accountDeletionRefusal(input: {
  email: string | null;
  confirmation: string;
  authenticatedAt: number | undefined;
  nowSeconds: number;
  soleOwnerOf: readonly string[];
}): AccountDeletionRefusal | null {
  const typed = input.confirmation.trim().toLowerCase();
  if (!input.email || typed !== input.email.trim().toLowerCase()) {
    return { code: 'BAD_USER_INPUT', message: 'Type your email address exactly to confirm.' };
  }
  if (
    input.authenticatedAt === undefined ||
    input.nowSeconds - input.authenticatedAt > RECENT_SIGN_IN_SECONDS
  ) {
    return {
      code: 'REAUTHENTICATION_REQUIRED',
      message:
        'Sign in again to delete your account: your last sign-in is more than 10 minutes old.',
    };
  }
  if (input.soleOwnerOf.length > 0) {
    const names = input.soleOwnerOf.map((n) => `“${n}”`).join(', ');
    return {
      code: 'LAST_OWNER',
      message:
        `You are the only owner of ${names}, where other people work. ` +
        'Make someone else an owner, or remove the others, before deleting your account.',
      workspaces: [...input.soleOwnerOf],
    };
  }
  return null;
}
