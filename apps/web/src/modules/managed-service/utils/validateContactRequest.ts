import {
  CONTACT_REQUEST_LIMITS,
  ContactRequestInputSchema,
} from '@lumen/domain/contact/contact-request-input';
import { fieldErrorsFromIssues } from '../../../ui/graphqlErrors';

export type ContactRequestDraft = { name: string; email: string; company: string; message: string };
export type ContactRequestErrors = Partial<Record<keyof ContactRequestDraft, string>>;

export const MESSAGE_MAX = CONTACT_REQUEST_LIMITS.messageMax;

/** The server's own schema, so the form refuses exactly what the API would. */
export function validateContactRequest(draft: ContactRequestDraft): ContactRequestErrors {
  const parsed = ContactRequestInputSchema.safeParse(draft);
  return parsed.success ? {} : (fieldErrorsFromIssues(parsed.error.issues) as ContactRequestErrors);
}
