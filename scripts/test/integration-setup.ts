import { randomBytes } from 'node:crypto';
import { provisionTestServices } from './provision';

// Vitest globalSetup for *.integration.test.ts: a fresh migrated database and Redis prefix.
export default async function setup() {
  const services = await provisionTestServices('int');
  process.env.DATABASE_URL = services.databaseUrl;
  process.env.REDIS_URL = services.redisUrl;
  process.env.REDIS_PREFIX = services.redisPrefix;
  process.env.ALLOW_PRIVATE_HOSTS = '1';
  // One key for the run: every test file's gateway shares the database and its sealed secrets.
  // Tests sign many people up from this one machine.
  process.env.AUTH_SIGNUPS_PER_ADDRESS_PER_DAY ??= '10000';
  process.env.ENCRYPTION_KEY ??= randomBytes(32).toString('base64');
  return () => services.teardown();
}
