import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from '@lumen/config/embedded-postgres';
import { afterAll } from 'vitest';
import { deleteKeys, withDatabase } from './provision';
import { startProductOn } from './start-product';

/**
 * Vitest setupFiles for e2e/*.spec.ts: before the spec is imported, its own copy of the seeded
 * database, its own Redis prefix, and the real gateway and worker on them, in this file's
 * process. Spec files therefore run side by side: one's held queue or guest-check limit is
 * nobody else's (docs/testing.md). Everything is stopped and dropped when the file ends.
 */
const env = (name: string): string => {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: e2e-file.ts runs after scripts/test/e2e-setup.ts`);
  return value;
};
const adminUrl = env('E2E_ADMIN_URL');
const template = env('E2E_TEMPLATE_DB');
const redisUrl = env('E2E_REDIS_URL');

const id = randomBytes(4).toString('hex');
const name = `${template}_f${id}`;
await ensureDatabase(adminUrl, name, template);
const databaseUrl = withDatabase(adminUrl, name);
const redisPrefix = `${env('E2E_REDIS_BASE_PREFIX')}-f${id}`;

const product = await startProductOn({
  databaseUrl,
  redisUrl,
  redisPrefix,
  webDist: env('E2E_WEB_DIST'),
  env: {
    NODE_ENV: 'test',
    OPERATOR_PASSWORD: env('E2E_OPERATOR_PASSWORD'),
    // The specs seed runs that are RUNNING and dated in the past, outside any job
    // (e2e/support/seed-run.ts); a reconciler tick during the seeding rightly fails such a run.
    // Its first tick is at the worker's start, before any test; an hour keeps the next one out
    // of a spec file's few minutes. The reconciler is tested in the integration tier.
    RECONCILE_INTERVAL_MS: '3600000',
    // Every test signs people up from this one machine.
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
}).catch(async (error: unknown) => {
  await dropDatabase(adminUrl, name);
  throw error;
});
process.env.E2E_BASE_URL = product.gateway.url;
// For seed helpers that store what a run stores (e2e/support/seed-run.ts).
process.env.E2E_DATABASE_URL = databaseUrl;
process.env.E2E_REDIS_PREFIX = redisPrefix;

afterAll(async () => {
  await product.stop();
  await dropDatabase(adminUrl, name);
  await deleteKeys(redisUrl, redisPrefix);
});
