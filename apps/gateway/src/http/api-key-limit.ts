import { looksLikeApiKey, rateLimitHeaders } from '@lumen/domain/auth/api-keys';
import type { MiddlewareHandler } from 'hono';
import { noteApiKeyUse } from '../auth/api-keys';
import type { AuthUser, GatewayDeps } from '../context';
import { reportError } from '../observability';
import { verifiedUser } from '../yoga';
import type { ClientAddressResolver } from './client-address';
import { countInWindow } from './rate-counter';

const BEARER = /^Bearer\s+(\S+)$/i;
const WINDOW_SECONDS = 60;

/**
 * Per-key rate limit on every route a key may call (/graphql, /export, /mcp, /ingest): a fixed minute
 * counted atomically in Redis, answered with the standard RateLimit-* headers, and 429 with
 * Retry-After past API_KEY_RATE_LIMIT (docs/api.md, "Rate limits"). Also notes the key's last
 * use. A request that is not a key passes untouched; a key that does not verify passes too, and
 * the route refuses it (UNAUTHENTICATED) in its own shape.
 */
export function apiKeyGate(
  deps: GatewayDeps,
  clientAddress: ClientAddressResolver,
): MiddlewareHandler {
  return async (c, next) => {
    const token = BEARER.exec(c.req.header('authorization')?.trim() ?? '')?.[1];
    if (!token || !looksLikeApiKey(token)) return next();
    let user: AuthUser;
    try {
      user = await verifiedUser(deps, c.req.raw, token);
    } catch {
      return next();
    }
    const key = user.apiKey;
    if (!key) return next();
    const limit = deps.env.API_KEY_RATE_LIMIT;
    const { used, resetSeconds } = await countInWindow(
      deps.redis,
      `${deps.env.REDIS_PREFIX}:rl:apikey:${key.id}`,
      WINDOW_SECONDS,
    );
    const headers = rateLimitHeaders({ limit, used, resetSeconds });
    if (used > limit) {
      const retryAfterSeconds = Number(headers['Retry-After']);
      return c.json(
        {
          errors: [
            {
              message: `This API key made more than ${limit} requests this minute. Try again in ${retryAfterSeconds} s.`,
              extensions: { code: 'RATE_LIMITED', retryAfterSeconds },
            },
          ],
        },
        429,
        headers,
      );
    }
    noteApiKeyUse(deps, key, clientAddress(c)).catch((error) =>
      reportError(error, deps.logger, 'http'),
    );
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
