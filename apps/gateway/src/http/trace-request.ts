import { currentRequestId } from '@lumen/config/request-context';
import { inSpan, tracingEnabled } from '@lumen/config/tracing';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';

/**
 * With tracing on, every request is a server span (docs/observability.md, "Traces"), named by
 * its method and route template (never the raw path), the parent of the jobs it enqueues. A
 * caller's W3C `traceparent` (a proxy that traces) is continued. Off, it only calls `next`.
 */
export const traceRequest: MiddlewareHandler = async (c, next) => {
  if (!tracingEnabled()) return next();
  const method = c.req.method;
  await inSpan(
    method,
    {
      kind: 'server',
      traceparent: c.req.header('traceparent'),
      attributes: {
        'http.request.method': method,
        'url.path': new URL(c.req.url).pathname,
        'lumen.request_id': currentRequestId(),
      },
    },
    async (span) => {
      await next();
      let route = '';
      try {
        route = routePath(c);
      } catch {}
      span?.updateName(route ? `${method} ${route}` : method);
      span?.setAttributes({
        'http.route': route || undefined,
        'http.response.status_code': c.res.status,
      });
    },
  );
};
