import type { Redis } from 'ioredis';

// INCR and EXPIRE in one step: a crash (or a lost reply) between two separate commands would
// leave a counter without expiry, locking its address out for good.
const INCREMENT_WINDOW = `
local n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return n`;

/** Counts one hit in a fixed window of `seconds`; returns the count including this hit. */
export async function incrementWindow(redis: Redis, key: string, seconds: number): Promise<number> {
  return Number(await redis.eval(INCREMENT_WINDOW, 1, key, String(seconds)));
}

/** Takes back a hit that turned out not to count (a correct operator password). */
export async function decrementWindow(redis: Redis, key: string): Promise<void> {
  await redis.decr(key);
}

const COUNT_IN_WINDOW = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if n == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;

/** `incrementWindow`, also telling how long the window has left (for RateLimit-Reset). */
export async function countInWindow(
  redis: Redis,
  key: string,
  seconds: number,
): Promise<{ used: number; resetSeconds: number }> {
  const [used, ttlMs] = (await redis.eval(COUNT_IN_WINDOW, 1, key, String(seconds * 1000))) as [
    number,
    number,
  ];
  return { used: Number(used), resetSeconds: Number(ttlMs) / 1000 };
}
