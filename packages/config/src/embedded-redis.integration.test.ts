import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedRedis } from './embedded-redis';

// The embedded redis-server that `npm start` and `npm test` spawn when REDIS_URL is unset
// (docs/security.md, "Secrets at rest"): password-protected, its folder readable by us only.

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function answer(url: string): Promise<string> {
  const client = new Redis(url, {
    lazyConnect: true,
    // Ask PING ourselves: the ready check would turn NOAUTH into "Connection is closed".
    enableReadyCheck: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return await client.ping();
  } catch (error) {
    return String((error as Error).message);
  } finally {
    client.disconnect();
  }
}

describe('embedded Redis', () => {
  it('requires a generated password kept in a 0600 file inside a 0700 folder, across restarts', async () => {
    const base = await mkdtemp(join(tmpdir(), 'lumen-redis-'));
    dirs.push(base);
    const dir = join(base, 'redis');
    const first = await startEmbeddedRedis({ dir });
    const url = new URL(first.url);
    try {
      expect(url.password.length).toBeGreaterThanOrEqual(32);
      expect(await answer(first.url)).toBe('PONG');
      // Any local user can reach a loopback port: without the password nothing answers.
      const anonymous = `redis://127.0.0.1:${url.port}`;
      expect(await answer(anonymous)).toMatch(/NOAUTH|Authentication required/i);
      expect(await answer(`redis://:wrong-password@127.0.0.1:${url.port}`)).not.toBe('PONG');

      expect((await stat(dir)).mode & 0o777).toBe(0o700);
      expect((await stat(join(dir, 'password'))).mode & 0o777).toBe(0o600);
      expect((await readFile(join(dir, 'password'), 'utf8')).trim()).toBe(
        decodeURIComponent(url.password),
      );
      // Never on the command line, where `ps` shows it to everyone.
      const cmdline = await readFile(`/proc/${await pidOf(dir)}/cmdline`, 'utf8');
      expect(cmdline).not.toContain(decodeURIComponent(url.password));
    } finally {
      await first.stop();
    }
    // The same folder starts again with the same password (the URL the services were given).
    const again = await startEmbeddedRedis({ dir, port: Number(url.port) });
    try {
      expect(again.url).toBe(first.url);
      expect(await answer(again.url)).toBe('PONG');
    } finally {
      await again.stop();
    }
  });
});

async function pidOf(dir: string): Promise<number> {
  return Number((await readFile(join(dir, 'redis.pid'), 'utf8')).trim());
}
