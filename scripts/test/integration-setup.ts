import type { TestProject } from 'vitest/node';
import { provisionTestServices } from './provision';

// Vitest globalSetup for *.integration.test.ts: a fresh migrated database and Redis prefix.
export default async function setup(project: TestProject) {
  const services = await provisionTestServices('int');
  process.env.DATABASE_URL = services.databaseUrl;
  process.env.REDIS_URL = services.redisUrl;
  process.env.REDIS_PREFIX = services.redisPrefix;
  process.env.ALLOW_PRIVATE_HOSTS = '1';
  project.provide('databaseUrl', services.databaseUrl);
  project.provide('redisUrl', services.redisUrl);
  project.provide('redisPrefix', services.redisPrefix);
  return () => services.teardown();
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    redisUrl: string;
    redisPrefix: string;
  }
}
