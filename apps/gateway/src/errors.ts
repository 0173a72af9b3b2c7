import { GraphQLError } from 'graphql';

// Stable codes clients can rely on (docs/security.md, "Errors a client sees").
export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'RATE_LIMITED'
  | 'CONFLICT'
  | 'QUOTA_EXCEEDED'
  // A request body past its limit (GraphQL's 100 KB, an access log's CRAWLER_*_MAX_BYTES).
  | 'PAYLOAD_TOO_LARGE'
  // Invitations and membership (docs/security.md, "Roles").
  | 'INVITATION_EXPIRED'
  | 'INVITATION_REVOKED'
  | 'INVITATION_USED'
  | 'INVITATION_EMAIL_MISMATCH'
  | 'LAST_OWNER'
  | 'PERSONAL_WORKSPACE'
  // A person's own account (docs/security.md, "Deleting an account").
  | 'REAUTHENTICATION_REQUIRED'
  | 'ACCOUNT_DELETION_UNAVAILABLE'
  // Improving a page that exists (docs/publishing.md): not the brand's own page, an address
  // safeFetch refuses, a page that could not be read, a page not on the draft's site.
  | 'PAGE_OFF_DOMAIN'
  | 'PAGE_REFUSED'
  | 'PAGE_UNREACHABLE'
  | 'PAGE_NOT_ON_SITE';

/** An expected failure: its message is safe to show and reaches the client with its code. */
export class LumenError extends GraphQLError {
  constructor(code: ErrorCode, message: string, extensions: Record<string, unknown> = {}) {
    super(message, { extensions: { ...extensions, code } });
  }
}

export const notFound = (what = 'Resource') => new LumenError('NOT_FOUND', `${what} not found.`);
export const unauthenticated = () =>
  new LumenError('UNAUTHENTICATED', 'You must be signed in to do this.');

/** Turns zod issues into one BAD_USER_INPUT error with a message per field. */
export function badInput(issues: { path: PropertyKey[]; message: string }[]): LumenError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  const summary = Object.entries(fields)
    .map(([k, v]) => (k === '_' ? v : `${k}: ${v}`))
    .join('; ');
  return new LumenError('BAD_USER_INPUT', summary || 'Invalid input.', { fields });
}
