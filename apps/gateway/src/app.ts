import { existsSync, readFileSync } from 'node:fs';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { HonoAdapter } from '@bull-board/hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { dbPoolStats } from '@lumen/db/client';
import { listContactRequests } from '@lumen/db/repositories/contact-request.repository';
import { ALL_QUEUES } from '@lumen/jobs/queues';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { basicAuth } from 'hono/basic-auth';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { GatewayDeps } from './context';
import { adminWriteGuard } from './http/admin-guard';
import { apiKeyGate } from './http/api-key-limit';
import { type ClientAddressResolver, createClientAddress } from './http/client-address';
import { mountCrawlerRoutes } from './http/crawler-routes';
import { mountExports } from './http/export-routes';
import { mountMcp } from './http/mcp-route';
import { createGatewayMetrics, type GatewayMetrics } from './http/operator-metrics';
import { decrementWindow, incrementWindow } from './http/rate-counter';
import { mountReportRoutes } from './http/report-routes';
import { requestIdScope } from './http/request-id';
import {
  externalSources,
  inlineScriptHashes,
  securityHeaders,
  spaContentSecurityPolicy,
} from './http/security-headers';
import { traceRequest } from './http/trace-request';
import { mountUnsubscribe } from './http/unsubscribe-route';
import { reportError } from './observability';
import { printSchemaSDL } from './print-sdl';
import { createGateway } from './yoga';

export type AppOptions = {
  deps: GatewayDeps;
  operator: { user: string; password: string };
  /** apps/web/dist; the SPA is served from here with index.html for every app route. */
  webDist: string | null;
  /** Extra routes mounted before the SPA fallback, e.g. local auth at /auth/v1. */
  mount?: (app: Hono) => void;
  /** The SPA's runtime settings; gets the request so local auth can answer with its origin. */
  publicConfig: (request: Request) => Record<string, string | string[] | null>;
  /** Who is asking (TRUST_PROXY-aware); shared with local auth so both count the same way. */
  clientAddress?: ClientAddressResolver;
  /**
   * Whether start-up has finished (sign-in's keys loaded). The server listens before that, so
   * /readyz answers 503 `starting` until then rather than inviting traffic it cannot serve yet.
   */
  started?: () => boolean;
};

/** GraphQL requests are small; a larger body is refused before it is parsed. */
export const GRAPHQL_BODY_LIMIT = 100 * 1024;
/** Wrong operator passwords per address per window, before /admin answers 429. */
export const OPERATOR_LOGIN_LIMIT = { attempts: 10, windowSeconds: 15 * 60 };

// Paths that belong to the server; everything else under GET is the SPA.
const SERVER_PATHS =
  /^\/(graphql|export|crawlers|ingest|mcp|unsubscribe|auth\/v1|admin|metrics|healthz|readyz|config\.json)(\/|$)/;
// A path segment starting with a dot (Vite's .vite/manifest.json, a stray .env or .git): build
// metadata and local files, never part of the app.
const DOT_SEGMENT = /(^|\/)\./;

const READY_TIMEOUT_MS = 900;

function withTimeout<T>(work: PromiseLike<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([Promise.resolve(work), timeout]).finally(() => clearTimeout(timer));
}

/** Builds the Hono app: /graphql, /export, /auth/v1, /admin/queues, /healthz, /readyz, static SPA. */
export function createApp(options: AppOptions): Hono {
  const { deps } = options;
  const metrics = createGatewayMetrics(deps.queues, deps.db ? dbPoolStats(deps.db) : undefined);
  // Apps built for unit tests may have no bus.
  if (typeof deps.events?.onAnyEvent === 'function') deps.events.onAnyEvent(metrics.eventReceived);
  const yoga = createGateway(deps, metrics);
  const app = new Hono();
  // First: every request gets its id (and every log line of it), then it is timed.
  app.use('*', requestIdScope);
  app.use('*', traceRequest);
  app.use('*', metrics.http);
  // A route outside GraphQL that throws (exports, /admin, the SPA, /readyz): Hono's default
  // answers 500 and prints to stderr, and nobody hears of it. One report, the same plain 500.
  // HTTPException is a chosen answer (a body limit, Basic auth), not a failure.
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    reportError(error, deps.logger, 'http');
    return c.text('Internal Server Error', 500);
  });
  const clientAddress =
    options.clientAddress ?? createClientAddress({ trustProxy: deps.env.TRUST_PROXY });

  const webDist = options.webDist;
  const indexHtml = () => {
    const path = webDist ? `${webDist}/index.html` : null;
    return path && existsSync(path) ? readFileSync(path, 'utf8') : null;
  };
  const external = externalSources({
    supabaseUrl: deps.env.SUPABASE_URL,
    posthogKey: deps.env.POSTHOG_KEY,
    posthogHost: deps.env.POSTHOG_HOST,
    sentryDsn: deps.env.SENTRY_DSN,
  });
  // Hashed once: the built index.html does not change while the server runs.
  let csp: string | null = null;
  for (const handler of securityHeaders({
    csp: () => {
      csp ??= spaContentSecurityPolicy({
        inlineScriptHashes: inlineScriptHashes(indexHtml() ?? ''),
        ...external,
      });
      return csp;
    },
    https: (deps.env.PUBLIC_URL ?? '').startsWith('https:'),
    production: deps.env.NODE_ENV === 'production',
  })) {
    app.use('*', handler);
  }

  app.get('/healthz', (c) => c.json({ ok: true }));
  app.get('/readyz', async (c) => {
    if (options.started && !options.started()) {
      return c.json({ ok: false, starting: true }, 503);
    }
    // A stalled Redis or Postgres must not hang the probe: each check gets one second.
    const checks = await Promise.allSettled([
      withTimeout(deps.db.execute(sql`select 1`), READY_TIMEOUT_MS),
      withTimeout(deps.redis.ping(), READY_TIMEOUT_MS),
    ]);
    const [pg, redis] = checks.map((r) => r.status === 'fulfilled');
    const ok = Boolean(pg && redis);
    return c.json({ ok, postgres: pg, redis }, ok ? 200 : 503);
  });
  app.get('/config.json', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(options.publicConfig(c.req.raw));
  });

  app.use(
    '/graphql',
    bodyLimit({
      maxSize: GRAPHQL_BODY_LIMIT,
      onError: (c) =>
        c.json(
          {
            errors: [
              {
                message: `The request is larger than ${GRAPHQL_BODY_LIMIT / 1024} KB.`,
                extensions: { code: 'PAYLOAD_TOO_LARGE' },
              },
            ],
          },
          413,
        ),
    }),
  );
  // Workspace API keys: rate limit and last use, before GraphQL and the exports see them.
  const keyGate = apiKeyGate(deps, clientAddress);
  // (Hono's '/graphql/*' also matches '/graphql': one registration each, or a request counts twice.)
  app.use('/graphql', keyGate);
  app.use('/export/*', keyGate);
  app.use('/mcp', keyGate);
  app.use('/ingest/*', keyGate);
  app.on(['GET', 'POST', 'OPTIONS'], '/graphql', (c) => {
    return yoga.fetch(c.req.raw, { clientAddress: clientAddress(c) });
  });

  // The printed schema, for codegen and API clients (docs/api.md, "Schema").
  let sdl: string | null = null;
  app.get('/graphql/schema.graphql', (c) => {
    sdl ??= printSchemaSDL();
    c.header('Cache-Control', 'public, max-age=300');
    return c.body(sdl, 200, { 'Content-Type': 'text/plain; charset=utf-8' });
  });

  // The MCP server for AI assistants, with an API key (docs/mcp.md).
  mountMcp(app, deps, (request, context) => yoga.fetch(request, context), clientAddress);

  // CSV exports: signed-in members only, and never under the public quick-score routes.
  mountExports(app, deps, clientAddress);
  // Access logs for AI-crawler counts: uploads (members) and log shippers (API keys).
  mountCrawlerRoutes(app, deps, clientAddress);
  // The link in every notification mail: signed, so it needs no session (docs/notifications.md).
  mountUnsubscribe(app, deps);
  // Report PDFs for members, and share links (/r/<token>): a link reaches its one report only.
  mountReportRoutes(app, deps, clientAddress);
  mountOperators(app, options, clientAddress, metrics);
  options.mount?.(app);
  if (options.webDist) mountSpa(app, options.webDist);
  return app;
}

function mountOperators(
  app: Hono,
  options: AppOptions,
  clientAddress: ClientAddressResolver,
  metrics: GatewayMetrics,
) {
  const { redis, env } = options.deps;
  const guard = basicAuth({
    username: options.operator.user,
    password: options.operator.password,
    realm: 'Lumen operators',
  });
  // Counted before the password is checked, so parallel guesses cannot slip past the limit; a
  // correct password gives its attempt back.
  const throttled: Parameters<typeof app.use>[1] = async (c, next) => {
    const key = `${env.REDIS_PREFIX}:rl:admin:${clientAddress(c)}`;
    const attempts = await incrementWindow(redis, key, OPERATOR_LOGIN_LIMIT.windowSeconds);
    if (attempts > OPERATOR_LOGIN_LIMIT.attempts) {
      c.header('Retry-After', String(OPERATOR_LOGIN_LIMIT.windowSeconds));
      return c.text('Too many sign-in attempts. Try again later.', 429);
    }
    await guard(c, async () => {
      await decrementWindow(redis, key);
      await next();
    });
  };
  const writeGuard = adminWriteGuard(env);
  app.use('/admin/*', writeGuard, throttled);
  app.use('/admin', writeGuard, throttled);
  // Prometheus scrapes with the operators' credentials: never public (docs/observability.md).
  app.use('/metrics', writeGuard, throttled);
  app.get('/metrics', async (c) => {
    const body = await metrics.registry.metrics();
    c.header('Cache-Control', 'no-store');
    return c.body(body, 200, { 'Content-Type': metrics.registry.contentType });
  });

  const serverAdapter = new HonoAdapter(serveStatic);
  createBullBoard({
    queues: ALL_QUEUES.map((name) => new BullMQAdapter(options.deps.queues[name])),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Lumen queues' } },
  });
  serverAdapter.setBasePath('/admin/queues');
  app.route('/admin/queues', serverAdapter.registerPlugin());
  app.get('/admin/contact-requests', async (c) =>
    c.json(await listContactRequests(options.deps.db)),
  );
}

function mountSpa(app: Hono, root: string) {
  const indexPath = `${root}/index.html`;
  const index = () => (existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null);
  // Source maps are built for error reports only: they would hand out the unminified source.
  // Dot paths are not served either (the app's own routes have none).
  app.use('*', async (c, next) =>
    c.req.path.endsWith('.map') || (!SERVER_PATHS.test(c.req.path) && DOT_SEGMENT.test(c.req.path))
      ? c.notFound()
      : next(),
  );
  app.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    if (SERVER_PATHS.test(c.req.path)) return next();
    return serveStatic({ root })(c, next);
  });
  app.get('*', (c) => {
    if (SERVER_PATHS.test(c.req.path)) return c.notFound();
    const html = index();
    if (!html) return c.text('The web app is not built. Run `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
}
