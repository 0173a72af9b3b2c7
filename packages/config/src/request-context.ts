import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

// The request id of the work in progress (docs/observability.md, "Request ids"). The gateway
// opens a scope per HTTP request and the worker one per job whose data carries an id; the logger
// adds it to every line written inside the scope, and `enqueue` copies it into the job's data.
const scope = new AsyncLocalStorage<string>();

/** At most 128 characters of letters, digits, dot, underscore and hyphen. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

export function isValidRequestId(value: unknown): value is string {
  return typeof value === 'string' && VALID_REQUEST_ID.test(value);
}

/** The caller's `x-request-id` when it is valid, otherwise a new UUID. */
export function requestIdFrom(header: string | null | undefined): string {
  return isValidRequestId(header) ? header : randomUUID();
}

export function withRequestId<T>(requestId: string, work: () => T): T {
  return scope.run(requestId, work);
}

export function currentRequestId(): string | undefined {
  return scope.getStore();
}
