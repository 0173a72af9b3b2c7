/** What a form or page shows for a failed GraphQL operation. */
export type ErrorFeedback = {
  code: string | null;
  /** Field path (as the server's zod paths, e.g. `competitors.0.name`) → message. */
  fields: Record<string, string>;
  /** One sentence for a form alert. */
  message: string;
  /** For actions outside a form (toggle, delete); null when the fields say it all. */
  toast: { title: string; description?: string } | null;
};

type ServerError = { message: string; extensions?: Readonly<Record<string, unknown>> };

const OFFLINE = 'We could not reach Lumen. Check your connection and try again.';
const UNEXPECTED = 'Something went wrong on our side. Try again in a moment.';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function serverErrorsOf(error: unknown): ServerError[] | null {
  // Apollo's CombinedGraphQLErrors (and a raw `{ errors }` body) carry the list in `errors`.
  if (isRecord(error) && Array.isArray(error.errors)) {
    return error.errors.filter(
      (e): e is ServerError => isRecord(e) && typeof e.message === 'string',
    );
  }
  if (Array.isArray(error)) return serverErrorsOf({ errors: error });
  return null;
}

/** The one mapping from GraphQL errors to field messages, a form alert and a toast. */
export function readGraphQLError(error: unknown): ErrorFeedback {
  const errors = serverErrorsOf(error);
  if (!errors || errors.length === 0) {
    return { code: null, fields: {}, message: OFFLINE, toast: { title: OFFLINE } };
  }
  const first = errors[0]!;
  const code = typeof first.extensions?.code === 'string' ? first.extensions.code : null;
  switch (code) {
    case 'BAD_USER_INPUT': {
      const fields: Record<string, string> = {};
      const raw = first.extensions?.fields;
      if (isRecord(raw)) {
        for (const [key, value] of Object.entries(raw)) {
          if (typeof value === 'string' && value !== '') fields[key] = value;
        }
      }
      const named = Object.keys(fields).length > 0;
      return {
        code,
        fields,
        message: named ? 'Check the highlighted fields.' : first.message,
        toast: named ? null : { title: first.message },
      };
    }
    case 'QUOTA_EXCEEDED':
      return {
        code,
        fields: {},
        message: first.message,
        toast: { title: 'Plan limit reached', description: first.message },
      };
    case 'UNAUTHENTICATED': {
      const message = 'Your session has ended. Sign in again to continue.';
      return { code, fields: {}, message, toast: { title: message } };
    }
    case 'NOT_FOUND':
    case 'FORBIDDEN':
    case 'CONFLICT':
    case 'RATE_LIMITED':
    // Teams and the person's own account: each message says what happened and what to do.
    case 'INVITATION_EXPIRED':
    case 'INVITATION_REVOKED':
    case 'INVITATION_USED':
    case 'INVITATION_EMAIL_MISMATCH':
    case 'LAST_OWNER':
    case 'PERSONAL_WORKSPACE':
    case 'REAUTHENTICATION_REQUIRED':
    case 'ACCOUNT_DELETION_UNAVAILABLE':
      return { code, fields: {}, message: first.message, toast: { title: first.message } };
    default:
      // Masked errors say "Unexpected error."; say what to do instead.
      return { code, fields: {}, message: UNEXPECTED, toast: { title: UNEXPECTED } };
  }
}

/** zod issues → the same field map the server sends, so client and server errors land alike. */
export function fieldErrorsFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'form';
    fields[key] ??= issue.message;
  }
  return fields;
}
