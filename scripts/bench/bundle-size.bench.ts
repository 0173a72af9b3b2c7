/**
 * The web's JavaScript per key route, gzip, against its budget (docs/benchmarks.md): the public
 * quick check ≤ 150 KB, the signed-in dashboard entry ≤ 300 KB. Builds the web app into a
 * temporary folder, so it never touches apps/web/dist. Sizes do not depend on the machine, so no
 * machine reference is printed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { measureRoutes } from '../../apps/web/scripts/bundleSize';

const BUDGETS_KB: Record<string, number> = {
  '/visibility/quick-score': 150,
  '/dashboard': 300,
};

const require = createRequire(import.meta.url);
const web = resolve(import.meta.dirname, '../../apps/web');
const out = mkdtempSync(join(tmpdir(), 'lumen-bundle-'));
try {
  const build = spawnSync(
    process.execPath,
    [
      join(dirname(require.resolve('vite/package.json', { paths: [web] })), 'bin/vite.js'),
      'build',
      '--outDir',
      out,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: web, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (build.status !== 0) throw new Error(`vite build exited with ${build.status}`);
  const sizes = measureRoutes(out);
  console.log('web bundles (JavaScript loaded before the route renders, gzip)');
  let failed = false;
  for (const [route, kb] of Object.entries(sizes)) {
    const budget = BUDGETS_KB[route];
    if (budget === undefined) {
      console.log(`  ${route.padEnd(26)} ${kb.toFixed(1).padStart(7)} KB`);
      continue;
    }
    const pass = kb <= budget;
    failed ||= !pass;
    console.log(
      `  ${route.padEnd(26)} ${kb.toFixed(1).padStart(7)} KB  budget ≤ ${budget} KB → ${pass ? 'PASS' : 'FAIL'}`,
    );
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  rmSync(out, { recursive: true, force: true });
}
