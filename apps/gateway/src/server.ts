import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ServerType, serve } from '@hono/node-server';
import { createAnalytics } from '@lumen/config/analytics';
import type { Env } from '@lumen/config/env';
import { createLogger } from '@lumen/config/logger';
import { createRedis } from '@lumen/config/redis';
import { sentryRelease } from '@lumen/config/release';
import { loadSecretBox } from '@lumen/config/secrets';
import { startTracing, stopTracing } from '@lumen/config/tracing';
import { closeDb, createDb } from '@lumen/db/client';
import { looksLikeApiKey } from '@lumen/domain/auth/api-keys';
import { loadPriceTable } from '@lumen/engines/pricing/price-table';
import { createQueues } from '@lumen/jobs/queues';
import { createApp } from './app';
import { apiKeyWorkspace, verifyApiKey } from './auth/api-keys';
import { type Auth, createAuth, resolveAuthMode } from './auth/create-auth';
import { createMailer } from './auth/local/mailer';
import type { GatewayDeps, TokenVerifier } from './context';
import { LumenError } from './errors';
import { createEventBus } from './event-bus';
import { createClientAddress } from './http/client-address';
import {
  assertStandInsAllowed,
  conveniencesOffNotice,
  developmentConveniences,
  isLoopbackHost,
  listenHost,
  loopbackOrigins,
} from './http/listen';
import { startObservability, stopObservability } from './observability';
import { createWorkspaceEnsurer } from './services/ensure-user-workspace.service';

export type RunningGateway = {
  url: string;
  port: number;
  operatorPassword: string;
  operatorPasswordGenerated: boolean;
  deps: GatewayDeps;
  close(): Promise<void>;
};

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Wires real connections and starts listening. Used by main.ts and by e2e/integration tests. */
export async function startGateway(
  env: Env,
  options: { webDist?: string | null; onQuery?: (query: string) => void } = {},
): Promise<RunningGateway> {
  const logger = createLogger('gateway');
  if (!env.DATABASE_URL || !env.REDIS_URL) {
    throw new Error('DATABASE_URL and REDIS_URL must be set (npm start provides embedded ones).');
  }
  // A malformed price table stops the start, naming the row and field (docs/engines.md, "Costs").
  loadPriceTable(env);
  // Fails fast, before any connection is opened, when production would fall back to local auth,
  // when the secrets key is missing, or when TRUST_PROXY cannot be understood.
  resolveAuthMode(env);
  assertStandInsAllowed(env);
  const devNotice = conveniencesOffNotice(env);
  if (devNotice) logger.warn(devNotice);
  const secrets = loadSecretBox(env);
  const clientAddress = createClientAddress({
    trustProxy: env.TRUST_PROXY,
    logger,
    publicUrlIsRemote: Boolean(env.PUBLIC_URL && !isLoopbackHost(new URL(env.PUBLIC_URL).hostname)),
  });
  await startObservability({
    sentryDsn: env.SENTRY_DSN,
    release: env.SENTRY_RELEASE,
    environment: env.NODE_ENV,
  });
  await startTracing(env, { name: 'lumen-gateway', version: sentryRelease(env.SENTRY_RELEASE) });
  const analytics = await createAnalytics({ key: env.POSTHOG_KEY, host: env.POSTHOG_HOST });
  const db = createDb(env.DATABASE_URL, {
    max: env.DATABASE_POOL_MAX,
    prepare: env.DATABASE_PREPARE,
    onQuery: options.onQuery,
  });
  const redis = createRedis(env.REDIS_URL);
  const subscriber = createRedis(env.REDIS_URL);
  const queueConnection = createRedis(env.REDIS_URL);
  const queues = createQueues(queueConnection, env.REDIS_PREFIX, {
    timeScale: env.JOB_RETRY_SCALE,
  });
  const events = createEventBus(subscriber, env.REDIS_PREFIX);

  const operatorPasswordGenerated = !env.OPERATOR_PASSWORD;
  const operatorPassword = env.OPERATOR_PASSWORD ?? randomBytes(18).toString('base64url');

  // Local auth's issuer is the public URL, known only after listen when PORT=0.
  const authRef: { current: Auth | null } = { current: null };
  const workspaces = createWorkspaceEnsurer(db, { plans: env.PLANS });
  const verifyToken: TokenVerifier = async (token) => {
    // A workspace API key is read from Postgres on every request (auth/api-keys.ts).
    if (looksLikeApiKey(token)) return verifyApiKey(db, token);
    if (!authRef.current) throw new LumenError('UNAUTHENTICATED', 'Sign-in is starting up.');
    const user = await authRef.current.verifyToken(token);
    // A user's first authenticated request creates their profile and personal workspace.
    await workspaces.ensure(user);
    return user;
  };

  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    // Links on the console are for the person at this machine only.
    production: !developmentConveniences(env),
  });
  // The port is known only after listen when PORT=0 (tests); set below.
  const linkBase = { url: env.PUBLIC_URL ?? '' };

  const deps: GatewayDeps = {
    env,
    logger,
    secrets,
    db,
    redis,
    queues,
    events,
    verifyToken,
    resolveWorkspace: async (user, requested) =>
      user.apiKey ? apiKeyWorkspace(user, requested) : workspaces.resolve(user, requested),
    analytics,
    mailer,
    publicUrl: () => linkBase.url,
    deleteAuthUser: () => authRef.current?.deleteUser ?? null,
  };

  let started = false;
  const webDist = options.webDist === undefined ? defaultWebDist : options.webDist;
  const app = createApp({
    deps,
    operator: { user: env.OPERATOR_USER, password: operatorPassword },
    webDist: webDist && existsSync(webDist) ? webDist : null,
    clientAddress,
    started: () => started,
    mount: (app) =>
      app.all('/auth/v1/*', (c) =>
        authRef.current?.routes ? authRef.current.routes.fetch(c.req.raw, c.env) : c.notFound(),
      ),
    publicConfig: (request) => ({
      ...authRef.current?.clientConfig(clientOrigin(request)),
      posthogKey: env.POSTHOG_KEY ?? null,
      posthogHost: env.POSTHOG_HOST,
      sentryDsn: env.SENTRY_DSN ?? null,
    }),
  });

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: env.PORT, hostname: listenHost(env) }, () =>
      resolve(s),
    );
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  // The port is known only after listen when PORT=0 (tests).
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  linkBase.url = publicUrl;
  // supabase-js must talk to the origin the page came from. That origin is PUBLIC_URL, or with
  // PUBLIC_URL unset one of this machine's own loopback names; never whatever Host says. With
  // several gateways on one machine (npm start with LUMEN_GATEWAYS), PUBLIC_URL is the first
  // one's loopback URL: a page from another of them keeps talking to its own port.
  const ownOrigins = env.PUBLIC_URL
    ? [
        ...new Set([
          new URL(publicUrl).origin,
          ...(isLoopbackHost(new URL(publicUrl).hostname) ? loopbackOrigins(port) : []),
        ]),
      ]
    : loopbackOrigins(port);
  function clientOrigin(request: Request): string {
    const origin = new URL(request.url).origin;
    return ownOrigins.includes(origin) ? origin : new URL(publicUrl).origin;
  }
  try {
    authRef.current = await createAuth({
      mailer,
      env,
      db,
      logger,
      secrets,
      publicUrl,
      clientAddress,
      allowedRedirectOrigins: ownOrigins,
    });
  } catch (error) {
    server.close();
    mailer.close();
    throw error;
  }
  started = true;

  return {
    url: publicUrl,
    port,
    operatorPassword,
    operatorPasswordGenerated,
    deps,
    async close() {
      // Stop accepting, end open SSE streams, then release connections.
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await events.close();
      await queues.close();
      queueConnection.disconnect();
      redis.disconnect();
      await closeDb(db);
      mailer.close();
      await analytics.shutdown();
      await stopObservability();
      await stopTracing();
    },
  };
}
