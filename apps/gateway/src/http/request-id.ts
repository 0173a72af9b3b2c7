import { requestIdFrom, withRequestId } from '@lumen/config/request-context';
import type { MiddlewareHandler } from 'hono';

/**
 * Every request gets an id (docs/observability.md, "Request ids"): the caller's `x-request-id`
 * when it is at most 128 characters of `[A-Za-z0-9._-]`, else a new UUID. It is answered in
 * `X-Request-Id`, and everything the request does runs in its scope: every log line names it,
 * and a job it enqueues carries it in its data.
 */
export const requestIdScope: MiddlewareHandler = async (c, next) => {
  const requestId = requestIdFrom(c.req.header('x-request-id'));
  c.header('X-Request-Id', requestId);
  await withRequestId(requestId, next);
  // Some handlers answer with a Response of their own (yoga, bull-board): name it there too.
  if (!c.res.headers.has('X-Request-Id')) {
    try {
      c.res.headers.set('X-Request-Id', requestId);
    } catch {
      // A fetched Response's headers are immutable; none is passed through as is today.
    }
  }
};
