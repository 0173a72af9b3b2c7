import { randomBytes } from 'node:crypto';
import { loadEnv } from '@lumen/config/env';
import { type RunningGateway, startGateway } from '@lumen/gateway/server';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { prepareDatabase } from '../lib/prepare-database';
import { provisionTestServices } from './provision';

export type TestProduct = {
  /** The product's own database and Redis (e2e seed helpers store runs and publish events). */
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  gateway: RunningGateway;
  worker: RunningWorker;
  stop(): Promise<void>;
};

/**
 * The real gateway and worker, in this process, on a free port, against a fresh seeded
 * database and Redis prefix. Used by the benchmarks.
 */
export async function startTestProduct(options: {
  label: string;
  env: Record<string, string>;
  webDist: string | null;
}): Promise<TestProduct> {
  const services = await provisionTestServices(options.label);
  try {
    await prepareDatabase(services.databaseUrl);
    const running = await startProductOn({
      ...services,
      env: options.env,
      webDist: options.webDist,
    });
    return {
      ...running,
      async stop() {
        await running.stop();
        await services.teardown();
      },
    };
  } catch (error) {
    await services.teardown();
    throw error;
  }
}

/**
 * The real gateway and worker, in this process, on a free port, against a database and Redis
 * prefix that already exist (the e2e tier gives each spec file its own, `e2e-file.ts`).
 * `stop` closes both and leaves the database and keys to the caller.
 */
export async function startProductOn(options: {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  env: Record<string, string>;
  webDist: string | null;
}): Promise<TestProduct> {
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    ...options.env,
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    REDIS_PREFIX: options.redisPrefix,
  });
  const gateway = await startGateway(env, { webDist: options.webDist });
  const worker = await startWorker(env).catch(async (error: unknown) => {
    await gateway.close();
    throw error;
  });
  return {
    databaseUrl: options.databaseUrl,
    redisUrl: options.redisUrl,
    redisPrefix: options.redisPrefix,
    gateway,
    worker,
    async stop() {
      await worker.close();
      await gateway.close();
    },
  };
}

/** Benchmarks run the production configuration and speak from many addresses via a trusted proxy. */
export const BENCH_ENV = {
  NODE_ENV: 'production',
  LOCAL_AUTH: '1',
  LOG_LEVEL: 'error',
  OPERATOR_PASSWORD: 'bench-operator-password',
  // Production refuses to start without a key for secrets at rest.
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  TRUST_PROXY: '127.0.0.1,::1,::ffff:127.0.0.1',
  AUTH_SIGNUPS_PER_ADDRESS_PER_DAY: '100000',
  // No mail server here: accounts are confirmed at sign-up.
  AUTH_AUTOCONFIRM: '1',
};
