import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';

/** An expected failure in GoTrue's vocabulary: HTTP status, stable error_code, safe message. */
export class GoTrueError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errorCode: string,
    message: string,
    readonly weakPasswordReasons?: string[],
  ) {
    super(message);
    this.name = 'GoTrueError';
  }
}

export const invalidCredentials = () =>
  new GoTrueError(400, 'invalid_credentials', 'Invalid login credentials');
export const validationFailed = (message: string) =>
  new GoTrueError(400, 'validation_failed', message);
export const rateLimited = () =>
  new GoTrueError(429, 'over_request_rate_limit', 'Request rate limit reached');
export const noAuthorization = () =>
  new GoTrueError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
export const badJwt = () =>
  new GoTrueError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature');
export const sessionNotFound = () =>
  new GoTrueError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');

/**
 * Writes the error the way GoTrue does: clients announcing API version 2024-01-01 (supabase-js
 * does) get `{ code: <error_code>, message }` and the version header echoed; older clients get
 * the legacy `{ code: <status>, error_code, msg }`. Either way supabase-js reads error_code.
 */
export function gotrueErrorResponse(c: Context, error: GoTrueError): Response {
  const requested = c.req.header(API_VERSION_HEADER) ?? '';
  const versioned = /^2\d{3}-\d{2}-\d{2}$/.test(requested) && requested >= API_VERSION_2024;
  const weak = error.weakPasswordReasons
    ? { weak_password: { reasons: error.weakPasswordReasons } }
    : {};
  if (versioned) {
    c.header(API_VERSION_HEADER, API_VERSION_2024);
    return c.json({ code: error.errorCode, message: error.message, ...weak }, error.status);
  }
  return c.json(
    { code: error.status, error_code: error.errorCode, msg: error.message, ...weak },
    error.status,
  );
}

/** Anything that is not a GoTrueError is masked: GoTrue's generic 500, details only in the log. */
export function unexpectedFailure(): GoTrueError {
  return new GoTrueError(
    500,
    'unexpected_failure',
    'Unexpected failure, please check server logs for more information',
  );
}
