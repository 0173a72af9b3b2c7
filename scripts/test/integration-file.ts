import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from '@lumen/config/embedded-postgres';
import { afterAll } from 'vitest';
import { deleteKeys, withDatabase } from './provision';

/**
 * Vitest setupFiles for *.integration.test.ts: each test file gets its own database, copied
 * from the run's migrated template, and its own Redis key prefix, before the file is imported.
 * Files therefore run in parallel without seeing each other's rows, queues or rate limits
 * (docs/testing.md). Both are removed when the file ends.
 */
const adminUrl = process.env.LUMEN_TEST_ADMIN_URL;
const template = process.env.LUMEN_TEST_TEMPLATE_DB;
const redisUrl = process.env.REDIS_URL;
if (!adminUrl || !template || !redisUrl)
  throw new Error('integration-file.ts runs after scripts/test/integration-setup.ts');

const id = randomBytes(4).toString('hex');
const name = `${template}_f${id}`;
await ensureDatabase(adminUrl, name, template);
process.env.DATABASE_URL = withDatabase(adminUrl, name);
const prefix = `${process.env.REDIS_PREFIX}-f${id}`;
process.env.REDIS_PREFIX = prefix;

afterAll(async () => {
  await dropDatabase(adminUrl, name);
  await deleteKeys(redisUrl, prefix);
});
