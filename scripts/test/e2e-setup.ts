import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadEnv } from '@lumen/config/env';
import { createDb } from '@lumen/db/client';
import { seedBuiltins } from '@lumen/db/seed/seed';
import { loadSeedCorpus } from '@lumen/engines/corpus/load-seed-corpus';
import { startGateway } from '@lumen/gateway/server';
import { startWorker } from '@lumen/worker/worker';
import { provisionTestServices } from './provision';

const root = resolve(import.meta.dirname, '../..');

/**
 * Vitest globalSetup for e2e/*.spec.ts: builds the web app, then runs the real gateway (serving
 * that build) and worker against a fresh database and Redis prefix, on a free port.
 */
export default async function setup() {
  const build = spawnSync('npm', ['run', 'build', '-w', '@lumen/web'], {
    cwd: root,
    stdio: 'pipe',
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
  const webDist = resolve(root, 'apps/web/dist');
  if (!existsSync(resolve(webDist, 'index.html')))
    throw new Error('web build produced no index.html');

  const services = await provisionTestServices('e2e');
  const handle = createDb(services.databaseUrl, { max: 2 });
  await seedBuiltins(handle.sql);
  await loadSeedCorpus(handle.sql);
  await handle.close();

  const env = loadEnv({
    ...process.env,
    NODE_ENV: 'test',
    PORT: '0',
    DATABASE_URL: services.databaseUrl,
    REDIS_URL: services.redisUrl,
    REDIS_PREFIX: services.redisPrefix,
    OPERATOR_PASSWORD: 'e2e-operator',
  });
  const gateway = await startGateway(env, { webDist });
  const worker = await startWorker(env);
  process.env.E2E_BASE_URL = gateway.url;
  process.env.E2E_OPERATOR_PASSWORD = 'e2e-operator';

  return async () => {
    await worker.close();
    await gateway.close();
    await services.teardown();
  };
}
