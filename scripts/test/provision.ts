import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  dropDatabase,
  ensureDatabase,
  startEmbeddedPostgres,
} from '@lumen/config/embedded-postgres';
import { startEmbeddedRedis } from '@lumen/config/embedded-redis';
import { migrate } from '@lumen/db/migrate';
import { Redis } from 'ioredis';

export type TestServices = {
  /** The server's maintenance database, for creating and dropping others. */
  adminUrl: string;
  databaseName: string;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  teardown(): Promise<void>;
};

/**
 * Every test run gets its own database and Redis key prefix, on the servers named by
 * DATABASE_URL / REDIS_URL when set, else on an embedded Postgres and a spawned redis-server
 * in a temporary folder. Everything started here is stopped by `teardown`.
 */
export async function provisionTestServices(label: string): Promise<TestServices> {
  const id = `${label}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const cleanups: Array<() => Promise<void>> = [];
  const teardown = async () => {
    for (const fn of cleanups.reverse()) await fn().catch((e) => console.error('[teardown]', e));
  };
  try {
    const dir = await mkdtemp(join(tmpdir(), 'lumen-test-'));
    // mkdtemp makes it 0700; Postgres runs as the `postgres` user when we are root.
    await chmod(dir, 0o755);
    cleanups.push(() => rm(dir, { recursive: true, force: true }));

    let adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) {
      const pg = await startEmbeddedPostgres({ dir: join(dir, 'postgres'), persistent: false });
      cleanups.push(pg.stop);
      adminUrl = pg.url;
    }
    const dbName = `lumen_test_${id}`.toLowerCase();
    await ensureDatabase(adminUrl, dbName);
    const admin = adminUrl;
    cleanups.push(() => dropDatabase(admin, dbName));
    const databaseUrl = withDatabase(adminUrl, dbName);
    await migrate(databaseUrl);

    let redisUrl = process.env.REDIS_URL;
    if (!redisUrl) {
      const redis = await startEmbeddedRedis({ dir: join(dir, 'redis') });
      cleanups.push(redis.stop);
      redisUrl = redis.url;
    }
    const redisPrefix = `lumen-test-${id}`;
    const url = redisUrl;
    cleanups.push(() => deleteKeys(url, redisPrefix));
    return { adminUrl: admin, databaseName: dbName, databaseUrl, redisUrl, redisPrefix, teardown };
  } catch (error) {
    await teardown();
    throw error;
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function deleteKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
