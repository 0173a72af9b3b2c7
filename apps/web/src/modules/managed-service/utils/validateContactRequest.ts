import { validateEmail } from '../../auth/utils/validateCredentials';

export type ContactRequestDraft = { name: string; email: string; company: string; message: string };
export type ContactRequestErrors = Partial<Record<keyof ContactRequestDraft, string>>;

export const MESSAGE_MAX = 2000;

export function validateContactRequest(draft: ContactRequestDraft): ContactRequestErrors {
  const errors: ContactRequestErrors = {};
  if (draft.name.trim().length === 0) errors.name = 'Tell us your name.';
  else if (draft.name.trim().length > 200) errors.name = 'Use at most 200 characters.';
  const email = validateEmail(draft.email);
  if (email) errors.email = email;
  if (draft.company.trim().length > 200) errors.company = 'Use at most 200 characters.';
  if (draft.message.trim().length < 10)
    errors.message = 'Tell us a little more (at least 10 characters).';
  else if (draft.message.length > MESSAGE_MAX)
    errors.message = `Use at most ${MESSAGE_MAX} characters.`;
  return errors;
}
