import { provisionTestServices } from './provision';

// Vitest globalSetup for *.integration.test.ts: a fresh migrated database and Redis prefix.
export default async function setup() {
  const services = await provisionTestServices('int');
  process.env.DATABASE_URL = services.databaseUrl;
  process.env.REDIS_URL = services.redisUrl;
  process.env.REDIS_PREFIX = services.redisPrefix;
  process.env.ALLOW_PRIVATE_HOSTS = '1';
  return () => services.teardown();
}
