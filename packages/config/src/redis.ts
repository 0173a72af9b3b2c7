import { Redis, type RedisOptions } from 'ioredis';

export type { Redis };

/** A connection BullMQ can use: it must never give up on a command (maxRetriesPerRequest null). */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, ...options });
}

export class RedisPolicyError extends Error {
  readonly code = 'REDIS_EVICTION_POLICY';
}

/** BullMQ loses jobs if Redis evicts keys; refuse to run on such a server. */
export async function assertNoEviction(redis: Redis): Promise<void> {
  const reply = (await redis.config('GET', 'maxmemory-policy')) as string[];
  const policy = reply[1];
  if (policy !== undefined && policy !== 'noeviction') {
    throw new RedisPolicyError(
      `Redis maxmemory-policy is "${policy}"; BullMQ needs "noeviction". ` +
        'Run `CONFIG SET maxmemory-policy noeviction` or start redis-server with --maxmemory-policy noeviction.',
    );
  }
}
