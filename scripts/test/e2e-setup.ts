import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { dropDatabasesNamed } from '@lumen/config/embedded-postgres';
import { prepareDatabase } from '../lib/prepare-database';
import { provisionTestServices } from './provision';

const root = resolve(import.meta.dirname, '../..');

/**
 * Vitest globalSetup for e2e/*.spec.ts: builds the web app once, and migrates and seeds one
 * database that every spec file copies. Each file then runs its own gateway (serving that build)
 * and worker on its own copy and Redis prefix (`e2e-file.ts`), so files run side by side.
 * The names are E2E_* because the integration tier's global setup runs in the same process.
 */
export default async function setup() {
  // Vitest sets NODE_ENV=test; the browser tests must exercise the production bundle.
  // Its own output folder: a developer's apps/web/dist (or another run's) is never overwritten.
  const webDist = mkdtempSync(join(tmpdir(), 'lumen-e2e-web-'));
  const build = spawnSync(
    'npm',
    ['run', 'build', '-w', '@lumen/web', '--', '--outDir', webDist, '--emptyOutDir'],
    {
      env: { ...process.env, NODE_ENV: 'production' },
      cwd: root,
      stdio: 'pipe',
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
  if (!existsSync(resolve(webDist, 'index.html')))
    throw new Error('web build produced no index.html');

  const services = await provisionTestServices('e2e');
  await prepareDatabase(services.databaseUrl);
  process.env.E2E_WEB_DIST = webDist;
  process.env.E2E_ADMIN_URL = services.adminUrl;
  process.env.E2E_TEMPLATE_DB = services.databaseName;
  process.env.E2E_REDIS_URL = services.redisUrl;
  process.env.E2E_REDIS_BASE_PREFIX = services.redisPrefix;
  process.env.E2E_OPERATOR_PASSWORD = E2E_OPERATOR_PASSWORD;

  return async () => {
    // A file whose worker died never reached its own cleanup: drop its copy here.
    await dropDatabasesNamed(services.adminUrl, `${services.databaseName}_f`);
    await services.teardown();
    rmSync(webDist, { recursive: true, force: true });
  };
}

const E2E_OPERATOR_PASSWORD = 'e2e-operator-password';
