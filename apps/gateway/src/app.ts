import { existsSync, readFileSync } from 'node:fs';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { HonoAdapter } from '@bull-board/hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { listContactRequests } from '@lumen/db/repositories/contact-request.repository';
import { ALL_QUEUES } from '@lumen/jobs/queues';
import { Hono, type Context as HonoContext } from 'hono';
import { basicAuth } from 'hono/basic-auth';
import type { GatewayDeps } from './context';
import { createGateway } from './yoga';

export type AppOptions = {
  deps: GatewayDeps;
  operator: { user: string; password: string };
  /** apps/web/dist; the SPA is served from here with index.html for every app route. */
  webDist: string | null;
  /** Extra routes mounted before the SPA fallback, e.g. local auth at /auth/v1. */
  mount?: (app: Hono) => void;
  /** The SPA's runtime settings; gets the request so local auth can answer with its origin. */
  publicConfig: (request: Request) => Record<string, string | null>;
};

// Paths that belong to the server; everything else under GET is the SPA.
const SERVER_PATHS = /^\/(graphql|auth\/v1|admin|healthz|readyz|config\.json)(\/|$)/;

/** Builds the Hono app: /graphql, /auth/v1, /admin/queues, /healthz, /readyz, static SPA. */
export function createApp(options: AppOptions): Hono {
  const { deps } = options;
  const yoga = createGateway(deps);
  const app = new Hono();

  app.get('/healthz', (c) => c.json({ ok: true }));
  app.get('/readyz', async (c) => {
    const checks = await Promise.allSettled([deps.db.sql`select 1`, deps.redis.ping()]);
    const [pg, redis] = checks.map((r) => r.status === 'fulfilled');
    const ok = Boolean(pg && redis);
    return c.json({ ok, postgres: pg, redis }, ok ? 200 : 503);
  });
  app.get('/config.json', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(options.publicConfig(c.req.raw));
  });

  app.on(['GET', 'POST', 'OPTIONS'], '/graphql', (c) => {
    return yoga.fetch(c.req.raw, {
      clientAddress: clientAddress(c, deps.env.TRUST_PROXY),
    });
  });

  mountOperators(app, options);
  options.mount?.(app);
  if (options.webDist) mountSpa(app, options.webDist);
  return app;
}

function mountOperators(app: Hono, options: AppOptions) {
  const guard = basicAuth({
    username: options.operator.user,
    password: options.operator.password,
    realm: 'Lumen operators',
  });
  app.use('/admin/*', guard);
  app.use('/admin', guard);

  const serverAdapter = new HonoAdapter(serveStatic);
  createBullBoard({
    queues: ALL_QUEUES.map((name) => new BullMQAdapter(options.deps.queues[name])),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Lumen queues' } },
  });
  serverAdapter.setBasePath('/admin/queues');
  app.route('/admin/queues', serverAdapter.registerPlugin());
  app.get('/admin/contact-requests', async (c) =>
    c.json(await listContactRequests(options.deps.db.db)),
  );
}

function mountSpa(app: Hono, root: string) {
  const indexPath = `${root}/index.html`;
  const index = () => (existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null);
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

/** The socket address, unless TRUST_PROXY names proxies whose X-Forwarded-For we believe. */
export function clientAddress(c: HonoContext, trustProxy: string | undefined): string {
  // @hono/node-server puts the Node request in c.env.incoming.
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
    ?.incoming;
  const socket = incoming?.socket?.remoteAddress ?? 'unknown';
  if (!trustProxy) return socket;
  const trusted = new Set(
    trustProxy
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  if (!trusted.has(socket) && !trusted.has('*')) return socket;
  const forwarded = c.req.header('x-forwarded-for');
  if (!forwarded) return socket;
  // Walk from the nearest hop back, skipping proxies we trust.
  const hops = forwarded
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .reverse();
  for (const hop of hops) if (!trusted.has(hop)) return hop;
  return hops.at(-1) ?? socket;
}
