import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { findFreePort } from './free-port';
import { stopStaleServer } from './stale-server';

export type EmbeddedRedisHandle = { url: string; stop(): Promise<void> };

export class MissingRedisError extends Error {
  readonly code = 'REDIS_NOT_FOUND';
  constructor() {
    super(
      'REDIS_URL is not set and no `redis-server` was found on PATH.\n' +
        '  Fix one of:\n' +
        '    - install it: `sudo apt-get install -y redis-server` (Debian/Ubuntu) or `brew install redis`\n' +
        '    - point Lumen at a running Redis: `REDIS_URL=redis://localhost:6379`\n' +
        '    - start one with Docker: `docker compose up -d redis` and set REDIS_URL=redis://localhost:6379',
    );
  }
}

export function redisServerBinary(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const path = found.stdout.trim();
  return found.status === 0 && path ? path : null;
}

/**
 * Spawns `redis-server` on a free loopback port (or `port`: a restart on the same folder and
 * port, as fault tests do), AOF on, never evicting (BullMQ needs that).
 */
export async function startEmbeddedRedis(options: {
  dir: string;
  port?: number;
}): Promise<EmbeddedRedisHandle> {
  const binary = redisServerBinary();
  if (!binary) throw new MissingRedisError();
  const dir = resolve(options.dir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // The AOF holds every job payload and session counter: readable by its owner only.
  await chmod(dir, 0o700);
  const password = await redisPassword(dir);
  // requirepass goes in a config file in that folder, not on the command line, where every
  // local user could read it in the process list.
  const configFile = join(dir, 'redis.conf');
  await writeFile(configFile, `requirepass ${password}\n`, { mode: 0o600 });
  await chmod(configFile, 0o600);
  // A previous run that was killed can leave its redis-server behind, still writing the same
  // AOF; stop it before starting ours.
  const pidFile = join(dir, 'redis.pid');
  await stopStaleServer(pidFile, { command: 'redis-server', signal: 'SIGTERM' });
  const port = options.port ?? (await findFreePort());
  const child = spawn(
    binary,
    [
      configFile,
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--maxmemory-policy',
      'noeviction',
      '--save',
      '',
      '--protected-mode',
      'yes',
      '--pidfile',
      pidFile,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = `redis://:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  await waitForRedis(
    url,
    // Killed by a signal, a child has `signalCode` set and `exitCode` still null.
    () => child.exitCode !== null || child.signalCode !== null,
    () => stderr,
  );
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The embedded Redis's password: generated once into `<dir>/password` (mode 0600) and kept, so
 * a restart on the same folder (and every process given the URL) keeps working. Any process on
 * this machine can reach a loopback port; without a password any local user could read or
 * change the queues.
 */
async function redisPassword(dir: string): Promise<string> {
  const file = join(dir, 'password');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (/^[A-Za-z0-9_-]{32,}$/.test(existing)) {
      await chmod(file, 0o600);
      return existing;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const password = randomBytes(32).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return password;
}

async function waitForRedis(url: string, exited: () => boolean, stderr: () => string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`redis-server exited during start: ${stderr()}`);
    const client = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.ping();
      client.disconnect();
      return;
    } catch {
      client.disconnect();
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  throw new Error(`redis-server did not answer on ${url} within 10 s`);
}
