import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { findFreePort } from '@lumen/config/free-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../scripts/build-server';
import { provisionTestServices, type TestServices } from '../../../scripts/test/provision';

// The Docker image runs these bundles with plain `node` (no tsx); prove they start and stop
// against real Postgres and Redis. See docs/deployment.md.
const root = resolve(import.meta.dirname, '../../..');
let services: TestServices;
const children: ChildProcess[] = [];

beforeAll(async () => {
  services = await provisionTestServices('bundle');
  await buildServer();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await services?.teardown();
});

function runNode(file: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [file], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: services.databaseUrl,
      REDIS_URL: services.redisUrl,
      REDIS_PREFIX: services.redisPrefix,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, exited, output: () => output };
}

async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not happen`);
}

describe('the production bundle (node dist/…)', () => {
  it('migrates, serves /readyz from the gateway, boots the worker, and both stop on SIGTERM', async () => {
    const migrate = runNode('packages/db/dist/migrate.mjs', {});
    expect(await migrate.exited).toBe(0);
    expect(migrate.output()).toContain('migrated');

    const port = await findFreePort();
    const gateway = runNode('apps/gateway/dist/main.mjs', { PORT: String(port) });
    const worker = runNode('apps/worker/dist/main.mjs', {});
    await until(async () => {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
      return res?.status === 200;
    }, `gateway /readyz (output: ${gateway.output()})`);
    await until(() => worker.output().includes('worker ready'), 'worker ready');

    gateway.child.kill('SIGTERM');
    worker.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
    expect(await worker.exited).toBe(0);
  });
});
