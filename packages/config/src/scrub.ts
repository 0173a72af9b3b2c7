// Logs and error reports never carry query parameters, tokens, recovery links, emails or request
// bodies (see docs/security.md, "What leaves the process"). Drizzle and postgres.js errors put
// a failed query's parameters in their message ("params: a@b.co,$argon2id$…") and in fields.

const PARAMETER_FIELDS = new Set(['params', 'parameters', 'query', 'args', 'values', 'body']);
const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;
const URL_SECRET =
  /([?&#](?:code|token|token_hash|access_token|refresh_token|apikey)=)[^&#\s"']+/gi;

/** A message with query parameters cut off, emails masked and secrets in URLs removed. */
export function scrubText(text: string): string {
  const cut = text.replace(/\n?\s*params:[\s\S]*$/i, '\nparams: [dropped]');
  return cut.replace(URL_SECRET, '$1[redacted]').replace(EMAIL, '[email]');
}

type SerializedError = Record<string, unknown>;

/** pino `err` serializer: the error's type, message, stack and cause chain, without parameters. */
export function serializeError(error: unknown, depth = 0): SerializedError | unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? scrubText(error) : error;
  const out: SerializedError = {
    type: error.constructor?.name ?? 'Error',
    message: scrubText(error.message),
  };
  if (error.stack) out.stack = scrubText(error.stack);
  for (const [key, value] of Object.entries(error)) {
    if (PARAMETER_FIELDS.has(key) || key === 'cause') continue;
    if (typeof value === 'string') out[key] = scrubText(value);
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

type SentryLikeEvent = {
  message?: string;
  request?: unknown;
  extra?: unknown;
  user?: unknown;
  breadcrumbs?: unknown;
  exception?: { values?: Array<{ value?: string }> };
};

/** Sentry `beforeSend` for the server processes. */
export function scrubSentryEvent<T extends SentryLikeEvent>(event: T): T {
  delete event.request;
  delete event.extra;
  delete event.user;
  delete event.breadcrumbs;
  if (event.message) event.message = scrubText(event.message);
  for (const value of event.exception?.values ?? []) {
    if (value.value) value.value = scrubText(value.value);
  }
  return event;
}
