import { randomBytes } from 'node:crypto';
import { dropDatabasesNamed } from '@lumen/config/embedded-postgres';
import { provisionTestServices } from './provision';

/**
 * Vitest globalSetup for *.integration.test.ts: one migrated database (the template every test
 * file copies, `integration-file.ts`) and one Redis prefix (every file adds its own part).
 */
export default async function setup() {
  const services = await provisionTestServices('int');
  process.env.LUMEN_TEST_ADMIN_URL = services.adminUrl;
  process.env.LUMEN_TEST_TEMPLATE_DB = services.databaseName;
  process.env.DATABASE_URL = services.databaseUrl;
  process.env.REDIS_URL = services.redisUrl;
  process.env.REDIS_PREFIX = services.redisPrefix;
  process.env.ALLOW_PRIVATE_HOSTS = '1';
  // One key for the run: every test file's gateway shares the database and its sealed secrets.
  // Tests sign many people up from this one machine.
  process.env.AUTH_SIGNUPS_PER_ADDRESS_PER_DAY ??= '10000';
  process.env.ENCRYPTION_KEY ??= randomBytes(32).toString('base64');
  return async () => {
    // A file whose worker died never reached its own cleanup: drop its copy here.
    await dropDatabasesNamed(services.adminUrl, `${services.databaseName}_f`);
    await services.teardown();
  };
}
