import { Redis, type RedisOptions } from 'ioredis';
import { createLogger } from './logger';

export type { Redis };

const log = createLogger('redis');

/**
 * Every connection of this process reports here. An outage is one warning when the first
 * connection loses Redis and one info line when the last of them is back, however many
 * connections retry (and fail) in between; ioredis would otherwise print a raw stack per retry.
 */
const down = new Set<Redis>();
let outageStartedAt = 0;

function watch(redis: Redis): Redis {
  redis.on('error', (error: Error) => {
    if (down.has(redis)) return;
    if (down.size === 0) {
      outageStartedAt = Date.now();
      log.warn({ err: error.message }, 'Redis is unavailable; retrying until it is back');
    }
    down.add(redis);
  });
  redis.on('ready', () => {
    if (!down.delete(redis) || down.size > 0) return;
    log.info({ downForMs: Date.now() - outageStartedAt }, 'Redis is available again');
  });
  redis.on('end', () => {
    // A connection closed on purpose no longer counts towards the outage.
    if (down.delete(redis) && down.size === 0) log.info('Redis outage over (connection closed)');
  });
  return redis;
}

/** True while some connection of this process cannot reach Redis. */
export function redisIsDown(): boolean {
  return down.size > 0;
}

/** A connection BullMQ can use: it must never give up on a command (maxRetriesPerRequest null). */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  return watch(new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, ...options }));
}

/** True for the socket errors every Redis client sees while the server is away. */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH)$/.test(code))
    return true;
  return error instanceof Error && /Connection is closed|connect ECONNREFUSED/.test(error.message);
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
