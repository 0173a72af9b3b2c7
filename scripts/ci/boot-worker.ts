/** CI: the worker boots against fresh services, stays up a few seconds, and exits 0 on SIGTERM. */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { provisionTestServices } from '../test/provision';

const root = resolve(import.meta.dirname, '../..');
const services = await provisionTestServices('ci');
let code: number | null = 1;
try {
  const child = spawn(resolve(root, 'node_modules/.bin/tsx'), ['apps/worker/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: services.databaseUrl,
      REDIS_URL: services.redisUrl,
      REDIS_PREFIX: services.redisPrefix,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (c) => done(c)));
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error('worker not ready within 60 s')), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('worker ready')) {
        clearTimeout(timer);
        ready();
      }
    });
    child.once('exit', (c) => fail(new Error(`worker exited during boot (code ${c})`)));
  });
  await new Promise((r) => setTimeout(r, 3000));
  child.kill('SIGTERM');
  code = await exited;
  console.log(`worker booted, ran 3 s and exited with code ${code}`);
} finally {
  await services.teardown();
}
process.exit(code === 0 ? 0 : 1);
