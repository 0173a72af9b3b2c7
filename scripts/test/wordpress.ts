import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { findFreePort } from '@lumen/config/free-port';

// A real WordPress for tests (docs/publishing.md, "Testing against WordPress"): Debian's
// `wordpress` package served by `php -S`, on a private MariaDB that listens on its own socket
// only (no TCP port, so it never meets a MariaDB the machine already runs). Everything it starts
// is stopped by `stop()`.

const run = promisify(execFile);

const WORDPRESS_DIR = '/usr/share/wordpress';
const APT_PACKAGES = 'php-cli php-mysql wordpress mariadb-server';

export type TestWordPress = {
  /** Home address, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** The administrator's login. */
  username: string;
  /** The administrator's login password (for the browser); the API uses application passwords. */
  password: string;
  /** An application password of the administrator, as WordPress shows it once ("abcd efgh …"). */
  applicationPassword: string;
  applicationPasswordUuid: string;
  /** Makes another application password for the administrator. */
  createApplicationPassword(name: string): Promise<{ password: string; uuid: string }>;
  /** Revokes one, as a user would under Users → Profile → Application Passwords. */
  revokeApplicationPassword(uuid: string): Promise<void>;
  /** A request authenticated as the logged-in administrator (cookie and REST nonce). */
  adminFetch(path: string, init?: RequestInit): Promise<Response>;
  /** Drops a must-use plugin in; WordPress loads it on the next request. */
  addMuPlugin(name: string, php: string): Promise<void>;
  /** Pids of every process started (MariaDB, the PHP server and its workers). */
  pids(): number[];
  /** Milliseconds each start-up step took (for docs/publishing.md's figures). */
  timings: Record<string, number>;
  stop(): Promise<void>;
};

export class MissingWordPressError extends Error {
  constructor(missing: string[]) {
    super(
      `The WordPress tests need PHP, MariaDB and WordPress on this machine (missing: ${missing.join(', ')}).\n` +
        `  Install them: apt-get install -y ${APT_PACKAGES}   (Debian/Ubuntu; .ci/run does this)`,
    );
  }
}

const defaultSearchPath = () => [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin'];

function which(name: string, searchPath: string[]): string | null {
  for (const dir of searchPath) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** The programs the harness needs; a clear error naming the apt packages when any is missing. */
export async function findBinaries(searchPath = defaultSearchPath(), wordpressDir = WORDPRESS_DIR) {
  const [php, mariadbd, installDb, client] = [
    'php',
    'mariadbd',
    'mariadb-install-db',
    'mariadb',
  ].map((name) => which(name, searchPath));
  const missing: string[] = [];
  if (!php) missing.push('php (php-cli)');
  if (!mariadbd || !installDb || !client) missing.push('mariadbd (mariadb-server)');
  if (!existsSync(join(wordpressDir, 'wp-login.php'))) missing.push(`${wordpressDir} (wordpress)`);
  if (php) {
    const { stdout } = await run(php, ['-m']);
    if (!/^mysqli$/m.test(stdout)) missing.push('the mysqli extension (php-mysql)');
  }
  if (missing.length > 0) throw new MissingWordPressError(missing);
  return {
    php: php as string,
    mariadbd: mariadbd as string,
    installDb: installDb as string,
    client: client as string,
  };
}

type Started = { child: ChildProcess; exited: Promise<void>; output: () => string };

function start(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Started {
  // Own process group: the PHP server forks workers that outlive their master.
  const child = spawn(cmd, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => {
    output = (output + c.toString()).slice(-20_000);
  });
  child.stderr?.on('data', (c: Buffer) => {
    output = (output + c.toString()).slice(-20_000);
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return { child, exited, output: () => output };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Pids of `pid`'s children (Linux /proc). */
async function childrenOf(pid: number): Promise<number[]> {
  try {
    const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8');
    return text.split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function waitUntil(what: string, check: () => Promise<boolean> | boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const canConnect = (options: { path: string } | { host: string; port: number }) =>
  new Promise<boolean>((done) => {
    const socket = connect(options as never);
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

async function killAndWait(pids: number[]) {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {}
  }
  try {
    await waitUntil('processes to exit', () => pids.every((p) => !alive(p)), 10_000);
  } catch {
    for (const pid of pids.filter(alive)) process.kill(pid, 'SIGKILL');
  }
}

const phpString = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function wpConfig(options: { socket: string; url: string; dbPassword: string }): string {
  const salts = [
    'AUTH_KEY',
    'SECURE_AUTH_KEY',
    'LOGGED_IN_KEY',
    'NONCE_KEY',
    'AUTH_SALT',
    'SECURE_AUTH_SALT',
    'LOGGED_IN_SALT',
    'NONCE_SALT',
  ]
    .map((k) => `define('${k}', '${randomBytes(24).toString('hex')}');`)
    .join('\n');
  return `<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'wp');
define('DB_PASSWORD', ${phpString(options.dbPassword)});
define('DB_HOST', ${phpString(`localhost:${options.socket}`)});
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
${salts}
$table_prefix = 'wp_';
define('WP_HOME', ${phpString(options.url)});
define('WP_SITEURL', ${phpString(options.url)});
// Application Passwords over plain HTTP need a local environment.
define('WP_ENVIRONMENT_TYPE', 'local');
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('DISABLE_WP_CRON', true);
define('DISALLOW_FILE_MODS', true);
define('WP_DEBUG', false);
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
`;
}

// Sends every request that is not a file to index.php, as Apache's rewrite rules would.
const ROUTER = `<?php
$root = $_SERVER['DOCUMENT_ROOT'];
$path = urldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH));
if ($path !== '/' && file_exists($root . $path)) {
  if (is_dir($root . $path) && file_exists($root . rtrim($path, '/') . '/index.php')) {
    $_SERVER['SCRIPT_NAME'] = rtrim($path, '/') . '/index.php';
    $_SERVER['SCRIPT_FILENAME'] = $root . $_SERVER['SCRIPT_NAME'];
    chdir(dirname($_SERVER['SCRIPT_FILENAME']));
    require $_SERVER['SCRIPT_FILENAME'];
    return true;
  }
  return false;
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $root . '/index.php';
chdir($root);
require $root . '/index.php';
`;

/** Copies WordPress: hard links where the file system allows (fast), plain copies otherwise. */
async function copyWordPress(target: string) {
  try {
    await run('cp', ['-rL', '--link', WORDPRESS_DIR, target]);
  } catch {
    await rm(target, { recursive: true, force: true });
    await run('cp', ['-rL', WORDPRESS_DIR, target]);
  }
  // Files WordPress may write must not be links into /usr/share or /etc.
  await rm(join(target, '.htaccess'), { force: true });
  await rm(join(target, 'wp-config.php'), { force: true });
}

/**
 * A new MariaDB data folder. `mariadb-install-db` takes ~5 s (mostly waiting on its own start and
 * shutdown), so it runs once per machine and MariaDB version into a template that each instance
 * copies (~0.5 s). The template is built aside and renamed, so a half-built one is never used.
 */
async function freshDataDir(
  bin: { mariadbd: string; installDb: string },
  dataDir: string,
  user: string[],
) {
  const { stdout: version } = await run(bin.mariadbd, ['--version']);
  const key = createHash('sha256').update(version).digest('hex').slice(0, 12);
  const template = join(tmpdir(), `lumen-mariadb-template-${process.getuid?.() ?? 0}-${key}`);
  if (!existsSync(join(template, 'mysql'))) {
    const building = `${template}.${randomBytes(4).toString('hex')}`;
    await mkdir(building, { recursive: true });
    if (user.length > 0) await run('chown', ['mysql:mysql', building]);
    await run(bin.installDb, [
      '--no-defaults',
      ...user,
      `--datadir=${building}`,
      '--skip-test-db',
      '--auth-root-authentication-method=socket',
      '--innodb-log-file-size=8M',
    ]);
    try {
      await rename(building, template);
    } catch {
      // Another run built it first.
      await rm(building, { recursive: true, force: true });
    }
  }
  await run('cp', ['-a', '--sparse=always', template, dataDir]);
}

class CookieJar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === 'deleted' || /expires=Thu, 01-Jan-1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export async function startTestWordPress(): Promise<TestWordPress> {
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (step: string) => {
    const now = performance.now();
    timings[step] = Math.round(now - mark);
    mark = now;
  };
  const bin = await findBinaries();
  const isRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(join(tmpdir(), 'lumen-wordpress-'));
  // mkdtemp makes it 0700; MariaDB runs as `mysql` when we are root and must reach its folders.
  await chmod(dir, 0o755);
  const started: Started[] = [];
  const workerPids = new Set<number>();
  const pids = () => [
    ...started.map((s) => s.child.pid).filter((p): p is number => p !== undefined),
    ...workerPids,
  ];
  const stop = async () => {
    for (const s of started) for (const p of await childrenOf(s.child.pid ?? -1)) workerPids.add(p);
    await killAndWait(pids().filter(alive));
    await Promise.all(started.map((s) => s.exited));
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const dataDir = join(dir, 'mysql');
    const runDir = join(dir, 'run');
    const docroot = join(dir, 'wordpress');
    const socket = join(runDir, 'mysqld.sock');
    await mkdir(runDir);
    const user = isRoot ? ['--user=mysql'] : [];
    if (isRoot) {
      const { stdout } = await run('id', ['-u', 'mysql']);
      const { stdout: gid } = await run('id', ['-g', 'mysql']);
      // MariaDB dies silently when its run folder is not its own.
      await chown(runDir, Number(stdout), Number(gid));
    }

    const [, port] = await Promise.all([
      freshDataDir(bin, dataDir, user),
      findFreePort(),
      copyWordPress(docroot),
    ]);
    lap('files');

    const db = start(bin.mariadbd, [
      '--no-defaults',
      ...user,
      `--datadir=${dataDir}`,
      `--socket=${socket}`,
      `--pid-file=${join(runDir, 'mysqld.pid')}`,
      '--skip-networking',
      '--skip-log-bin',
      '--innodb-buffer-pool-size=32M',
      '--innodb-log-file-size=8M',
      // A throwaway database: durability is not worth the fsyncs.
      '--innodb-flush-log-at-trx-commit=0',
      '--innodb-doublewrite=0',
    ]);
    started.push(db);
    await waitUntil(
      'MariaDB',
      async () => {
        if (db.child.exitCode !== null) throw new Error(`MariaDB exited:\n${db.output()}`);
        return existsSync(socket) && canConnect({ path: socket });
      },
      30_000,
    );
    lap('mariadb');
    const dbPassword = randomBytes(12).toString('hex');
    await run(bin.client, [
      '--no-defaults',
      `--socket=${socket}`,
      '-u',
      isRoot ? 'root' : userInfo().username,
      '-e',
      `CREATE DATABASE wordpress; CREATE USER 'wp'@'localhost' IDENTIFIED BY '${dbPassword}'; GRANT ALL ON wordpress.* TO 'wp'@'localhost';`,
    ]);

    const url = `http://127.0.0.1:${port}`;
    await writeFile(join(docroot, 'wp-config.php'), wpConfig({ socket, url, dbPassword }));
    await writeFile(join(dir, 'router.php'), ROUTER);
    // Several workers: the installer calls the site itself to test pretty permalinks.
    const php = start(
      bin.php,
      ['-S', `127.0.0.1:${port}`, '-t', docroot, join(dir, 'router.php')],
      { PHP_CLI_SERVER_WORKERS: '4' },
    );
    started.push(php);
    await waitUntil('the PHP server', async () => {
      if (php.child.exitCode !== null) throw new Error(`php -S exited:\n${php.output()}`);
      return canConnect({ host: '127.0.0.1', port });
    });
    for (const p of await childrenOf(php.child.pid ?? -1)) workerPids.add(p);
    lap('php');

    const username = 'admin';
    const password = randomBytes(12).toString('hex');
    const install = await fetch(`${url}/wp-admin/install.php?step=2`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        weblog_title: 'Lumen Test Site',
        user_name: username,
        admin_password: password,
        admin_password2: password,
        pw_weak: '1',
        admin_email: 'admin@example.com',
        blog_public: '0',
        language: '',
      }),
    });
    const installPage = await install.text();
    if (!install.ok || !/Success!/.test(installPage)) {
      throw new Error(
        `WordPress install failed (${install.status}):\n${installPage.slice(0, 2000)}`,
      );
    }

    lap('install');
    const jar = new CookieJar();
    jar.take(await fetch(`${url}/wp-login.php`, { redirect: 'manual', headers: { cookie: '' } }));
    const login = await fetch(`${url}/wp-login.php`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `wordpress_test_cookie=WP%20Cookie%20check; ${jar.header()}`,
      },
      body: new URLSearchParams({
        log: username,
        pwd: password,
        'wp-submit': 'Log In',
        testcookie: '1',
        redirect_to: `${url}/wp-admin/`,
      }),
    });
    jar.take(login);
    if (login.status !== 302) throw new Error(`WordPress login failed (${login.status})`);
    const nonceRes = await fetch(`${url}/wp-admin/admin-ajax.php?action=rest-nonce`, {
      headers: { cookie: jar.header() },
    });
    const nonce = (await nonceRes.text()).trim();
    if (!/^[0-9a-f]{10}$/.test(nonce)) throw new Error(`No REST nonce (${nonceRes.status})`);

    const adminFetch = (path: string, init: RequestInit = {}) =>
      fetch(`${url}${path}`, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          cookie: jar.header(),
          'x-wp-nonce': nonce,
        },
      });
    const createApplicationPassword = async (name: string) => {
      const res = await adminFetch('/wp-json/wp/v2/users/me/application-passwords', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      const body = (await res.json()) as { password?: string; uuid?: string };
      if (res.status !== 201 || !body.password || !body.uuid) {
        throw new Error(`Creating an application password failed (${res.status})`);
      }
      return { password: body.password, uuid: body.uuid };
    };
    const first = await createApplicationPassword('Lumen tests');
    lap('applicationPassword');
    for (const p of await childrenOf(php.child.pid ?? -1)) workerPids.add(p);

    return {
      url,
      username,
      password,
      applicationPassword: first.password,
      applicationPasswordUuid: first.uuid,
      createApplicationPassword,
      async revokeApplicationPassword(uuid) {
        const res = await adminFetch(`/wp-json/wp/v2/users/me/application-passwords/${uuid}`, {
          method: 'DELETE',
        });
        if (!res.ok) throw new Error(`Revoking the application password failed (${res.status})`);
      },
      adminFetch,
      async addMuPlugin(name, code) {
        await mkdir(join(docroot, 'wp-content', 'mu-plugins'), { recursive: true });
        await writeFile(join(docroot, 'wp-content', 'mu-plugins', `${name}.php`), code);
      },
      pids,
      timings,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
