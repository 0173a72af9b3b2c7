import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ServerType, serve } from '@hono/node-server';
import type { Env } from '@lumen/config/env';
import { createLogger } from '@lumen/config/logger';
import { createRedis } from '@lumen/config/redis';
import { createDb } from '@lumen/db/client';
import { createQueues } from '@lumen/jobs/queues';
import { createApp } from './app';
import { createTokenVerifier } from './auth/verify-token';
import type { GatewayDeps, WorkspaceResolver } from './context';
import { LumenError } from './errors';
import { createEventBus } from './event-bus';
import { startObservability, stopObservability } from './observability';

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
  options: { webDist?: string | null } = {},
): Promise<RunningGateway> {
  const logger = createLogger('gateway');
  if (!env.DATABASE_URL || !env.REDIS_URL) {
    throw new Error('DATABASE_URL and REDIS_URL must be set (npm start provides embedded ones).');
  }
  startObservability({
    sentryDsn: env.SENTRY_DSN,
    posthogKey: env.POSTHOG_KEY,
    posthogHost: env.POSTHOG_HOST,
    environment: env.NODE_ENV,
  });
  const db = createDb(env.DATABASE_URL);
  const redis = createRedis(env.REDIS_URL);
  const subscriber = createRedis(env.REDIS_URL);
  const queueConnection = createRedis(env.REDIS_URL);
  const queues = createQueues(queueConnection, env.REDIS_PREFIX);
  const events = createEventBus(subscriber, env.REDIS_PREFIX);

  const operatorPasswordGenerated = !env.OPERATOR_PASSWORD;
  const operatorPassword = env.OPERATOR_PASSWORD ?? randomBytes(12).toString('base64url');

  // The port is known only after listen when PORT=0 (tests); the URL is fixed up below.
  const ref: { publicUrl: string } = {
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  };
  const supabaseUrl = () => env.SUPABASE_URL ?? ref.publicUrl;
  const verifyToken = createTokenVerifier({
    issuer: `${env.SUPABASE_URL ?? ref.publicUrl}/auth/v1`,
    jwksUrl: `${env.SUPABASE_URL ?? ref.publicUrl}/auth/v1/.well-known/jwks.json`,
    jwtSecret: env.SUPABASE_JWT_SECRET,
  });
  const resolveWorkspace: WorkspaceResolver = async () => {
    throw new LumenError('FORBIDDEN', 'Workspaces are not available yet.');
  };

  const deps: GatewayDeps = {
    env,
    logger,
    db,
    redis,
    queues,
    events,
    verifyToken: (token) => verifyToken(token),
    resolveWorkspace,
    get publicUrl() {
      return ref.publicUrl;
    },
  };

  const webDist = options.webDist === undefined ? defaultWebDist : options.webDist;
  const app = createApp({
    deps,
    operator: { user: env.OPERATOR_USER, password: operatorPassword },
    webDist: webDist && existsSync(webDist) ? webDist : null,
    publicConfig: () => ({
      supabaseUrl: supabaseUrl(),
      supabaseAnonKey: env.SUPABASE_ANON_KEY ?? null,
      posthogKey: env.POSTHOG_KEY ?? null,
      posthogHost: env.POSTHOG_HOST,
      sentryDsn: env.SENTRY_DSN ?? null,
    }),
  });

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: env.PORT, hostname: '0.0.0.0' }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  if (!env.PUBLIC_URL) ref.publicUrl = `http://localhost:${port}`;

  return {
    url: ref.publicUrl,
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
      await db.close();
      await stopObservability();
    },
  };
}
