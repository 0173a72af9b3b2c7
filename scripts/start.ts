/**
 * `npm start` (and `npm run dev` with --dev): the whole product on one machine.
 * Uses DATABASE_URL / REDIS_URL when set, else an embedded Postgres and a local redis-server
 * under $DATA_DIR; migrates and seeds; runs the gateway and the worker; prints the URLs.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { ConfigError, loadEnv } from '@lumen/config/env';
import { ensureServices, type Services } from '@lumen/config/services';
import { prepareDatabase } from './lib/prepare-database';

const dev = process.argv.includes('--dev');
const root = resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];
let services: Services | undefined;
let stopping = false;

function say(line: string) {
  process.stdout.write(`${line}\n`);
}

async function main() {
  const started = Date.now();
  const env = loadEnv();
  const dataDir = resolve(root, env.DATA_DIR);

  if (!dev && !existsSync(resolve(root, 'apps/web/dist/index.html'))) {
    say('Building the web app (first start only)…');
    const build = spawnSync('npm', ['run', 'build', '-w', '@lumen/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('Building the web app failed (see above).');
  }

  if (!(await portIsFree(env.PORT))) {
    throw new Error(
      `Port ${env.PORT} is already in use. Stop what uses it, or start Lumen on another port: PORT=4001 npm start`,
    );
  }

  services = await ensureServices({
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
  });
  const seeded = await prepareDatabase(services.databaseUrl);
  if (seeded.corpus > 0) say(`Seeded ${seeded.corpus} corpus documents for the local engine.`);

  const operatorPassword = env.OPERATOR_PASSWORD ?? randomBytes(18).toString('base64url');
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: services.databaseUrl,
    REDIS_URL: services.redisUrl,
    OPERATOR_PASSWORD: operatorPassword,
    LUMEN_QUIET_OPERATOR_PASSWORD: '1',
    PORT: String(env.PORT),
    // In dev the browser talks to Vite (5173), which proxies /graphql and /auth/v1: the public
    // origin (auth issuer, OAuth redirects, supabaseUrl in /config.json) must be Vite's.
    ...(dev && !env.PUBLIC_URL ? { PUBLIC_URL: 'http://localhost:5173' } : {}),
  };
  const tsx = resolve(root, 'node_modules/.bin/tsx');
  const run = (name: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}) => {
    const child = spawn(args[0]!, args.slice(1), {
      cwd: root,
      env: { ...childEnv, ...extraEnv },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code, signal) => {
      if (!stopping) {
        console.error(`${name} exited (${signal ?? code}); stopping Lumen.`);
        void shutdown(code ?? 1);
      }
    });
    children.push(child);
  };
  const watch = dev ? ['watch', '--clear-screen=false'] : [];
  run('gateway', [tsx, ...watch, 'apps/gateway/src/main.ts']);
  run('worker', [tsx, ...watch, 'apps/worker/src/main.ts']);
  if (dev)
    run('web', [
      resolve(root, 'node_modules/.bin/vite'),
      '--config',
      'apps/web/vite.config.ts',
      'apps/web',
    ]);

  const base = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  if (dev) await waitForReady('http://127.0.0.1:5173/config.json');
  await waitForReady(`http://127.0.0.1:${env.PORT}/readyz`);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  say('');
  say(`  Lumen is ready (${seconds} s)`);
  say(`  App:                  ${dev ? 'http://localhost:5173 (hot reload)' : base}`);
  say(`  GraphQL:              ${base}/graphql`);
  say(
    `  Operators' dashboard: ${base}/admin/queues  (user ${env.OPERATOR_USER}, password ${env.OPERATOR_PASSWORD ? '<OPERATOR_PASSWORD>' : operatorPassword})`,
  );
  say(
    `  Postgres:             ${services.embedded.postgres ? `embedded, data in ${resolve(dataDir, 'postgres')}` : 'DATABASE_URL'}`,
  );
  say(
    `  Redis:                ${services.embedded.redis ? `local redis-server, data in ${resolve(dataDir, 'redis')}` : 'REDIS_URL'}`,
  );
  say(
    `  Auth:                 ${env.SUPABASE_URL ? env.SUPABASE_URL : 'local (Supabase-compatible, offline)'}`,
  );
  say('  Press Ctrl+C to stop.');
  say('');
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '0.0.0.0', () => server.close(() => done(true)));
  });
}

async function waitForReady(url: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`Lumen did not become ready at ${url} within 120 s`);
}

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
          child.once('exit', () => {
            clearTimeout(timer);
            done();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  await services?.stop();
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

main().catch(async (error: unknown) => {
  const message =
    error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(`\nLumen could not start:\n${message}\n`);
  await shutdown(1);
});
