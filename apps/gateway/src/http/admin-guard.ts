import type { Env } from '@lumen/config/env';
import type { MiddlewareHandler } from 'hono';
import { loopbackOrigins } from './listen';

/** The origins the SPA and the operators' dashboard are served from. */
export function ownOrigins(env: Pick<Env, 'PUBLIC_URL'>, request: Request): string[] {
  if (env.PUBLIC_URL) return [new URL(env.PUBLIC_URL).origin];
  // Without PUBLIC_URL the pages are on this machine, on the port the request came in on.
  return loopbackOrigins(Number(new URL(request.url).port || 80));
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF guard for the operators' dashboard (docs/security.md, "HTTP"). A browser sends the
 * operator's Basic credentials with any request to /admin, including a form or a no-cors fetch
 * from another site, which may be a POST with a text/plain body: such a request could add or
 * retry jobs. So every call that changes something must
 * - carry JSON when it has a body (a cross-site page cannot send application/json without a CORS
 *   preflight, which /admin never grants), and a POST always has one;
 * - come from our own origin when the browser says where it comes from (Origin,
 *   Sec-Fetch-Site). Clients that are not browsers (curl, scripts) send neither and are not a
 *   CSRF vector.
 */
export function adminWriteGuard(env: Pick<Env, 'PUBLIC_URL'>): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    const crossSite =
      (site !== undefined && site !== 'same-origin' && site !== 'none') ||
      (origin !== undefined && !ownOrigins(env, c.req.raw).includes(origin));
    if (crossSite) {
      return c.json(
        { message: 'Changes to the operators’ dashboard must come from its own page.' },
        403,
      );
    }
    const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    const hasBody =
      c.req.method === 'POST' ||
      (c.req.header('content-length') ?? '0') !== '0' ||
      c.req.header('transfer-encoding') !== undefined;
    if (hasBody && type !== 'application/json') {
      return c.json({ message: 'The operators’ dashboard accepts JSON bodies only.' }, 415);
    }
    return next();
  };
}
