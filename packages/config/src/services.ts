import { join } from 'node:path';
import { ensureDatabase, startEmbeddedPostgres } from './embedded-postgres';
import { startEmbeddedRedis } from './embedded-redis';
import { createLogger } from './logger';

const log = createLogger('services');

export type Services = {
  databaseUrl: string;
  redisUrl: string;
  embedded: { postgres: boolean; redis: boolean };
  stop(): Promise<void>;
};

/**
 * Uses DATABASE_URL / REDIS_URL when set; otherwise starts an embedded Postgres under
 * `$DATA_DIR/postgres` and a `redis-server` under `$DATA_DIR/redis`.
 */
export async function ensureServices(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  redisUrl?: string | undefined;
  databaseName?: string;
}): Promise<Services> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => {});
  };
  try {
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      const pg = await startEmbeddedPostgres({
        dir: join(options.dataDir, 'postgres'),
        persistent: true,
        ownedRoot: options.dataDir,
      });
      stops.push(pg.stop);
      const name = options.databaseName ?? 'lumen';
      await ensureDatabase(pg.url, name);
      databaseUrl = pg.databaseUrl(name);
      log.info({ port: new URL(databaseUrl).port }, 'embedded Postgres started');
    }
    let redisUrl = options.redisUrl;
    if (!redisUrl) {
      const redis = await startEmbeddedRedis({ dir: join(options.dataDir, 'redis') });
      stops.push(redis.stop);
      redisUrl = redis.url;
      // The URL carries the generated password: only the port is logged.
      log.info({ port: new URL(redisUrl).port }, 'embedded Redis started');
    }
    return {
      databaseUrl,
      redisUrl,
      embedded: { postgres: !options.databaseUrl, redis: !options.redisUrl },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
