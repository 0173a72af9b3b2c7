import { formatWait } from '../../../ui/format';
import type { FieldErrors } from './quickScoreDraft';

type ServerError = { message: string; extensions?: Readonly<Record<string, unknown>> | undefined };

export type StartFailure =
  | { kind: 'fields'; fields: FieldErrors }
  | { kind: 'rateLimited'; message: string; retryAfterSeconds: number | null }
  | { kind: 'other'; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Turns the GraphQL errors of `startQuickScore` into what the form shows. */
export function readStartErrors(errors: readonly ServerError[]): StartFailure {
  for (const error of errors) {
    const code = error.extensions?.code;
    if (code === 'BAD_USER_INPUT') {
      const raw = error.extensions?.fields;
      const fields: FieldErrors = {};
      if (isRecord(raw)) {
        for (const [key, message] of Object.entries(raw)) {
          if (typeof message === 'string' && message !== '') fields[key] = message;
        }
      }
      if (Object.keys(fields).length === 0) fields.form = error.message;
      return { kind: 'fields', fields };
    }
    if (code === 'RATE_LIMITED') {
      const wait = error.extensions?.retryAfterSeconds;
      const retryAfterSeconds = typeof wait === 'number' && wait > 0 ? wait : null;
      // The server's message usually says how long to wait; add it only when it does not.
      const saysWhen = /\b(in|after)\s+\d+\s+(second|minute|hour)/i.test(error.message);
      const message =
        retryAfterSeconds === null || saysWhen
          ? error.message
          : `${error.message} You can run a new check in ${formatWait(retryAfterSeconds)}.`;
      return { kind: 'rateLimited', message, retryAfterSeconds };
    }
  }
  return {
    kind: 'other',
    message: errors[0]?.message ?? 'The check could not be started. Please try again.',
  };
}
