import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findFreePort } from '@lumen/config/free-port';
import { afterEach, describe, expect, it } from 'vitest';

// `npm start` as a person runs it: scripts/start.ts with its supervised gateway and worker
// (docs/deployment.md, "npm start"). Nothing waits on a clock: each step waits for the state
// it needs, and the test's own timeout bounds the whole.

const root = resolve(import.meta.dirname, '..');
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanups.splice(0).reverse()) fn();
});

type Started = {
  child: ChildProcess;
  port: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  /** Resolves once `pattern` has matched `count` times in the output. */
  waitFor(pattern: RegExp, count?: number): Promise<RegExpMatchArray[]>;
};

/** `env` overrides the test run's; a variable set to undefined is removed. */
async function npmStart(env: Record<string, string | undefined>): Promise<Started> {
  const port = await findFreePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    LUMEN_NO_WEB_BUILD: '1',
    LOG_LEVEL: 'warn',
    ...env,
  };
  for (const [key, value] of Object.entries(childEnv))
    if (value === undefined) delete childEnv[key];
  // Its own process group, as in a terminal: Ctrl+C is SIGINT to the whole group.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    detached: true,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    // A failed test must not leave the product running.
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  });
  let output = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const w of waiters) w();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  const waitFor = (pattern: RegExp, count = 1) =>
    new Promise<RegExpMatchArray[]>((done, fail) => {
      const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
      const check = () => {
        const matches = [...output.matchAll(global)];
        if (matches.length >= count) {
          waiters.delete(check);
          done(matches);
        }
      };
      waiters.add(check);
      check();
      void exited.then(() => {
        if (waiters.delete(check))
          fail(new Error(`npm start exited before ${pattern} (×${count}):\n${output}`));
      });
    });
  return { child, port, exited, output: () => output, waitFor };
}

const pidOf = async (started: Started, name: string, nth: number) =>
  Number((await started.waitFor(new RegExp(`${name} started \\(pid (\\d+)\\)`), nth))[nth - 1]![1]);

/** Alive and not a zombie: a process that exited but was not reaped counts as gone. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function readyz(port: number): Promise<number | null> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
  } catch {
    return null; // not listening (yet)
  }
}

async function untilReady(port: number) {
  while ((await readyz(port)) !== 200) await new Promise((r) => setTimeout(r, 100));
}

describe('npm start', () => {
  it('restarts a worker and a gateway killed with SIGKILL, and Ctrl+C stops everything, embedded Postgres and Redis included', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lumen-start-'));
    chmodSync(dataDir, 0o755); // the embedded Postgres runs as the `postgres` user under root
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const started = await npmStart({
      DATA_DIR: dataDir,
      // No DATABASE_URL / REDIS_URL: npm start brings its own.
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      REDIS_PREFIX: undefined,
    });
    await started.waitFor(/Lumen is ready/);
    expect(await readyz(started.port)).toBe(200);

    // The pids npm start watches are the services' own node processes, on the fresh bundles.
    const worker1 = await pidOf(started, 'worker', 1);
    const gateway1 = await pidOf(started, 'gateway', 1);
    for (const pid of [worker1, gateway1]) {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(cmdline.some((arg) => arg.endsWith('/dist/main.mjs'))).toBe(true);
    }

    process.kill(worker1, 'SIGKILL');
    await started.waitFor(/worker was killed by SIGKILL after .*; restarting in 1\.0 s/);
    const worker2 = await pidOf(started, 'worker', 2);
    expect(worker2).not.toBe(worker1);
    await started.waitFor(/^worker ready$/m, 2);

    process.kill(gateway1, 'SIGKILL');
    await started.waitFor(/gateway was killed by SIGKILL/);
    const gateway2 = await pidOf(started, 'gateway', 2);
    expect(gateway2).not.toBe(gateway1);
    await untilReady(started.port);
    expect(started.child.exitCode).toBeNull();

    const postgres = Number(
      readFileSync(join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0],
    );
    const redis = Number(readFileSync(join(dataDir, 'redis/redis.pid'), 'utf8').trim());
    for (const pid of [worker2, gateway2, postgres, redis]) expect(alive(pid)).toBe(true);

    // Ctrl+C: the terminal sends SIGINT to every process of the group.
    process.kill(-started.child.pid!, 'SIGINT');
    expect(await started.exited).toEqual({ code: 0, signal: null });
    for (const pid of [worker2, gateway2, postgres, redis]) expect(alive(pid)).toBe(false);
    expect(existsSync(join(dataDir, 'postgres/postmaster.pid'))).toBe(false);
  }, 240_000);

  it('SIGTERM to npm start alone (a service manager) stops the gateway and the worker', async () => {
    // The test run's own Postgres and Redis (its database and key prefix).
    const started = await npmStart({ DATA_DIR: mkdtempSync(join(tmpdir(), 'lumen-start-')) });
    await started.waitFor(/Lumen is ready/);
    const worker = await pidOf(started, 'worker', 1);
    const gateway = await pidOf(started, 'gateway', 1);

    started.child.kill('SIGTERM');
    expect(await started.exited).toEqual({ code: 0, signal: null });
    expect(started.output()).toContain('[lumen] SIGTERM: stopping Lumen');
    expect(started.output()).not.toMatch(/restarting in/);
    for (const pid of [worker, gateway]) expect(alive(pid)).toBe(false);
  }, 180_000);

  it('LUMEN_GATEWAYS=2 LUMEN_WORKERS=2 runs two of each, prints every URL, and both gateways are one site', async () => {
    const started = await npmStart({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'lumen-start-')),
      LUMEN_GATEWAYS: '2',
      LUMEN_WORKERS: '2',
      PUBLIC_URL: undefined,
    });
    await started.waitFor(/Lumen is ready/);
    const [first, second] = [started.port, started.port + 1];
    expect(started.output()).toContain(
      `Gateways (2):         http://localhost:${first}, http://localhost:${second}`,
    );
    expect(started.output()).toContain('Workers:              2');
    for (const name of ['gateway', 'gateway-2', 'worker', 'worker-2'])
      await pidOf(started, name, 1);
    await started.waitFor(/^worker ready$/m, 2);
    for (const port of [first, second]) expect(await readyz(port)).toBe(200);

    // One issuer and one key: a session made on the second gateway is good on the first.
    const config = (await (await fetch(`http://127.0.0.1:${second}/config.json`)).json()) as {
      supabaseUrl: string;
      supabaseAnonKey: string;
    };
    // A page of the second gateway keeps talking to its own port.
    expect(config.supabaseUrl).toBe(`http://127.0.0.1:${second}`);
    const signUp = await fetch(`http://127.0.0.1:${second}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: config.supabaseAnonKey },
      body: JSON.stringify({
        email: `start-${Date.now()}@example.com`,
        password: 'correct horse battery',
      }),
    });
    const { access_token: token } = (await signUp.json()) as { access_token: string };
    const me = await fetch(`http://127.0.0.1:${first}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ me { email } }' }),
    });
    expect(((await me.json()) as { data?: { me?: unknown } }).data?.me).toBeTruthy();

    started.child.kill('SIGTERM');
    expect(await started.exited).toEqual({ code: 0, signal: null });
  }, 180_000);
});
