import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findFreePort } from '@lumen/config/free-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltBundle, buildServer } from '../../../scripts/build-server';
import { buildRelease } from '../../../scripts/lib/release';
import { RUNTIME_ASSETS, runtimeManifest } from '../../../scripts/lib/runtime-deps';
import { provisionTestServices, type TestServices } from '../../../scripts/test/provision';
import { startEnvelopeServer } from '../../../scripts/test/sentry-envelopes';
import { startTcpProxy, targetOf, viaProxy } from '../../../scripts/test/tcp-proxy';

// The Docker image runs these bundles with plain `node` (no tsx) beside nothing but the runtime
// packages (scripts/lib/runtime-deps.ts). Prove they start and stop against real Postgres and
// Redis from a folder outside the repository, holding exactly what the image holds, so no
// package of the repository's node_modules can be found by accident. See docs/deployment.md.
const root = resolve(import.meta.dirname, '../../..');
let services: TestServices;
let bundles: BuiltBundle[];
// Like the image's /app: bundles, migrations, the runtime packages and assets; no sources.
const app = mkdtempSync(join(tmpdir(), 'lumen-image-'));
const children: ChildProcess[] = [];

beforeAll(async () => {
  services = await provisionTestServices('bundle');
  bundles = await buildServer(app);
  cpSync(resolve(root, 'packages/db/drizzle'), join(app, 'packages/db/drizzle'), {
    recursive: true,
  });
  // What `npm ci` of dist/runtime installs, copied from the repository's own install (the same
  // lockfile versions; only this platform's build of each addon is on disk).
  for (const path of runtimeManifest(root).paths) {
    if (existsSync(resolve(root, path)))
      cpSync(resolve(root, path), join(app, path), { recursive: true });
  }
  for (const [name, files] of Object.entries(RUNTIME_ASSETS)) {
    for (const file of files) {
      cpSync(resolve(root, 'node_modules', name, file), join(app, 'node_modules', name, file), {
        recursive: true,
      });
    }
  }
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await services?.teardown();
  rmSync(app, { recursive: true, force: true });
});

function runNode(file: string, env: NodeJS.ProcessEnv) {
  // As the image runs them (NODE_OPTIONS in the Dockerfile).
  const child = spawn(process.execPath, ['--enable-source-maps', file], {
    cwd: app,
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

// Bounded by the test's timeout, not by a number of tries that load could outlast.
async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 100));
}

describe('the production bundle (node dist/…)', () => {
  it('migrates, serves /readyz from the gateway, boots the worker, and both stop on SIGTERM', async () => {
    const migrate = runNode('packages/db/dist/migrate.mjs', {});
    expect(await migrate.exited).toBe(0);
    expect(migrate.output()).toContain('migrated');

    const port = await findFreePort();
    const sentry = await startEnvelopeServer();
    const database = await startTcpProxy(targetOf(services.databaseUrl, 5432));
    const gateway = runNode('apps/gateway/dist/main.mjs', {
      PORT: String(port),
      OPERATOR_PASSWORD: 'bundle-test-password',
      SENTRY_DSN: sentry.dsn,
      DATABASE_URL: viaProxy(services.databaseUrl, database),
    });
    const heartbeatFile = join(app, 'worker-heartbeat');
    const worker = runNode('apps/worker/dist/main.mjs', { WORKER_HEARTBEAT_FILE: heartbeatFile });
    await until(async () => {
      if (gateway.child.exitCode !== null) throw new Error(`gateway exited: ${gateway.output()}`);
      const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
      return res?.status === 200;
    });
    // The operators' dashboard is served from @bull-board/ui's files (a runtime asset).
    const board = await fetch(`http://127.0.0.1:${port}/admin/queues`, {
      headers: {
        authorization: `Basic ${Buffer.from('operator:bundle-test-password').toString('base64')}`,
      },
    });
    expect(board.status).toBe(200);
    expect(await board.text()).toContain('<div id="root">');

    // A failure is reported under the release the bundle was built as, with a stack that names
    // the TypeScript sources (source maps), not main.mjs.
    await database.cut();
    const failed = await fetch(`http://127.0.0.1:${port}/admin/contact-requests`, {
      headers: {
        authorization: `Basic ${Buffer.from('operator:bundle-test-password').toString('base64')}`,
      },
    }).catch((error: unknown) => {
      throw new Error(`gateway (exit ${gateway.child.exitCode}) said: ${gateway.output()}`, {
        cause: error,
      });
    });
    expect(failed.status).toBe(500);
    await database.restore();
    const report = await sentry.waitFor((e) => e.includes('"where":"http"'));
    expect(report).toContain(`"release":"${buildRelease(root)}"`);
    expect(report).toMatch(/"filename":"[^"]*apps\/gateway\/src\/app\.ts"/);
    await sentry.close();
    await until(() => {
      if (worker.child.exitCode !== null) throw new Error(`worker exited: ${worker.output()}`);
      return worker.output().includes('worker ready');
    });

    // docker-compose.yml's worker healthcheck: healthy while the worker runs, not once it stops.
    const healthcheck = () =>
      runNode('apps/worker/dist/healthcheck.mjs', { WORKER_HEARTBEAT_FILE: heartbeatFile });
    expect(await healthcheck().exited).toBe(0);

    gateway.child.kill('SIGTERM');
    worker.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
    expect(await worker.exited).toBe(0);
    await database.close();
    const after = healthcheck();
    expect(await after.exited).toBe(1);
    expect(after.output()).toContain('no heartbeat');
  });
});

describe("the worker's page extraction thread", () => {
  it('is found beside the worker bundle and reads a page with none of the packages', async () => {
    // extract-page.ts asks for the thread file next to the code that starts it: main.mjs.
    const main = readFileSync(join(app, 'apps/worker/dist/main.mjs'), 'utf8');
    expect(main).toContain('"./extract-page.thread.mjs", import.meta.url');
    writeFileSync(
      join(app, 'read-page.mjs'),
      `import { Worker } from 'node:worker_threads';
const thread = new Worker(new URL('./apps/worker/dist/extract-page.thread.mjs', import.meta.url));
thread.on('message', (message) => {
  if (message === 'ready') return thread.postMessage('<main><h1>Zylo CRM</h1><p>Fast setup.</p></main>');
  console.log(JSON.stringify(message));
  void thread.terminate();
});`,
    );
    const read = runNode('read-page.mjs', {});
    expect(await read.exited).toBe(0);
    expect(JSON.parse(read.output())).toEqual({
      title: 'Zylo CRM',
      body: '# Zylo CRM\n\nFast setup.',
      publishedAt: null,
    });
  });
});

describe('what the bundles hold', () => {
  // The budget in docs/deployment.md ("Size and budget"); the maps add about half again.
  it('stays within 25 MB of JavaScript', () => {
    const total = bundles.reduce((sum, { bytes }) => sum + bytes, 0);
    expect(total / 1024 / 1024).toBeLessThanOrEqual(25);
  });

  it("bundles none of the web app's packages and no Sentry build tooling", () => {
    const deps = (workspace: string) =>
      Object.keys(
        (
          JSON.parse(readFileSync(resolve(root, workspace, 'package.json'), 'utf8')) as {
            dependencies?: Record<string, string>;
          }
        ).dependencies ?? {},
      );
    // A package a server workspace declares too (graphql, marked) is the servers' own.
    const serverDeps = new Set(
      ['apps/gateway', 'apps/worker', 'packages/config', 'packages/db', 'packages/domain']
        .concat(['packages/engines', 'packages/jobs', 'packages/wordpress'])
        .flatMap(deps),
    );
    const webOnly = deps('apps/web').filter((name) => !serverDeps.has(name));
    expect(webOnly).toContain('react');
    for (const { file, packages } of bundles) {
      expect(
        packages.filter((name) => webOnly.includes(name)),
        file,
      ).toEqual([]);
      expect(
        packages.filter((name) =>
          ['sentry', '@sentry/cli', '@sentry/bundler-plugins'].includes(name),
        ),
        file,
      ).toEqual([]);
    }
  });
});
