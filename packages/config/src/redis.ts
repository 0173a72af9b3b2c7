import { Cluster, Redis, type RedisOptions } from 'ioredis';
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

export type RedisTarget =
  | { kind: 'single'; url: string }
  | {
      kind: 'cluster' | 'sentinel';
      nodes: { host: string; port: number }[];
      username?: string;
      password?: string;
      tls: boolean;
      /** Sentinel only: the monitored master's name. */
      name?: string;
      db?: number;
    };

/**
 * REDIS_URL in one of three forms (docs/deployment.md, "Redis Cluster, Sentinel and Valkey"):
 * - `redis://[user:password@]host:port[/db]` (or `rediss://` for TLS): one server;
 * - `redis+cluster://[user:password@]host1:port1,host2:port2`: a cluster, from any of its nodes;
 * - `redis+sentinel://[user:password@]host1:26379,host2:26379/master-name[/db]`: the master
 *   that Sentinel names. The password is the data nodes' (and the sentinels' when they share it).
 */
export function parseRedisUrl(url: string): RedisTarget {
  const match = /^(rediss?)\+(cluster|sentinel):\/\/(?:([^@/]*)@)?([^/?#]+)(\/[^?#]*)?$/.exec(url);
  if (!match) {
    if (/^rediss?\+/.test(url))
      throw new Error(
        'REDIS_URL: a cluster is redis+cluster://[user:password@]host:port,host:port; Sentinel is redis+sentinel://[user:password@]host:port,host:port/master-name',
      );
    return { kind: 'single', url };
  }
  const [, scheme, kind, auth, hosts, path] = match;
  const [user, pass] = (auth ?? '').split(':', 2);
  const nodes = hosts!.split(',').map((hostPort) => {
    const at = hostPort.lastIndexOf(':');
    const host = at > 0 ? hostPort.slice(0, at) : hostPort;
    const port = at > 0 ? Number(hostPort.slice(at + 1)) : kind === 'sentinel' ? 26379 : 6379;
    if (!host || !Number.isInteger(port) || port < 1 || port > 65535)
      throw new Error(`REDIS_URL: "${hostPort}" is not host:port`);
    return { host: host.replace(/^\[|\]$/g, ''), port };
  });
  const parts = (path ?? '').split('/').filter(Boolean);
  const target: RedisTarget = {
    kind: kind as 'cluster' | 'sentinel',
    nodes,
    tls: scheme === 'rediss',
    ...(user ? { username: decodeURIComponent(user) } : {}),
    ...(pass ? { password: decodeURIComponent(pass) } : {}),
  };
  if (kind === 'sentinel') {
    if (!parts[0])
      throw new Error('REDIS_URL: redis+sentinel:// needs the master name as its path');
    target.name = decodeURIComponent(parts[0]);
    if (parts[1]) target.db = Number(parts[1]);
  } else if (parts.length > 0) {
    throw new Error('REDIS_URL: a cluster has only database 0; remove the path');
  }
  return target;
}

/**
 * A connection BullMQ can use: it must never give up on a command (maxRetriesPerRequest null).
 * For a cluster URL this is an ioredis `Cluster`: it speaks the same commands the product uses
 * (keys under one hash-tagged prefix, pub/sub, Lua on single slots), so it is typed as `Redis`.
 */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  const base: RedisOptions = { maxRetriesPerRequest: null, enableReadyCheck: true, ...options };
  const target = parseRedisUrl(url);
  if (target.kind === 'single') return watch(new Redis(url, base));
  const auth = {
    ...(target.username ? { username: target.username } : {}),
    ...(target.password ? { password: target.password } : {}),
    ...(target.tls ? { tls: {} } : {}),
  };
  if (target.kind === 'sentinel') {
    return watch(
      new Redis({
        ...base,
        ...auth,
        sentinels: target.nodes,
        name: target.name!,
        ...(target.password ? { sentinelPassword: target.password } : {}),
        ...(target.db ? { db: target.db } : {}),
      }),
    );
  }
  const cluster = new Cluster(target.nodes, {
    redisOptions: { ...base, ...auth },
    enableReadyCheck: true,
  });
  return watch(cluster as unknown as Redis);
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
