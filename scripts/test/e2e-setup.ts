import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startTestProduct } from './start-product';

const root = resolve(import.meta.dirname, '../..');

/**
 * Vitest globalSetup for e2e/*.spec.ts: builds the web app, then runs the real gateway (serving
 * that build) and worker against a fresh database and Redis prefix, on a free port.
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

  const product = await startTestProduct({
    label: 'e2e',
    // Every test signs people up from this one machine.
    env: {
      NODE_ENV: 'test',
      OPERATOR_PASSWORD: 'e2e-operator-password',
      AUTH_SIGNUPS_PER_ADDRESS_PER_DAY: '10000',
      // The publishing tests connect a WordPress on loopback (scripts/test/wordpress.ts).
      ALLOW_PRIVATE_HOSTS: '1',
      // e2e/auth.spec.ts signs in through the Google/Facebook stand-ins (loopback only).
      AUTH_STAND_INS: '1',
      // e2e/costs.spec.ts: an operator's price for the loopback engine's model, so a run of it
      // has a cost ($0.01 for 1 500 input and 700 output tokens; docs/engines.md, "Overriding").
      PRICE_TABLE: JSON.stringify([
        {
          provider: 'openai-compatible',
          model: 'lumen-e2e-model',
          inputPerMTok: 2,
          outputPerMTok: 10,
          asOf: '2026-11-01',
          source: 'e2e',
        },
      ]),
    },
    webDist,
  });
  process.env.E2E_BASE_URL = product.gateway.url;
  // For seed helpers that store what a run stores (e2e/support/seed-run.ts).
  process.env.E2E_DATABASE_URL = product.databaseUrl;
  process.env.E2E_REDIS_URL = product.redisUrl;
  process.env.E2E_REDIS_PREFIX = product.redisPrefix;
  process.env.E2E_OPERATOR_PASSWORD = 'e2e-operator-password';

  return async () => {
    await product.stop();
    rmSync(webDist, { recursive: true, force: true });
  };
}
