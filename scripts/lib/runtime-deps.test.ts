import { readFileSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  RUNTIME_ASSETS,
  RUNTIME_EXTERNALS,
  RUNTIME_PACKAGES,
  runtimeManifest,
} from './runtime-deps';

// The budget docs/deployment.md states for what the image installs beside the bundles. Raise it
// only with a reason written there: every package here ships in every image.
const BUDGET = { packages: 8, megabytes: 6 };

const root = resolve(import.meta.dirname, '../..');
const manifest = runtimeManifest(root);

async function bytesOf(path: string): Promise<number> {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const entry of await readdir(path)) total += await bytesOf(join(path, entry));
  return total;
}

function dependenciesOf(workspace: string): string[] {
  const pkg = JSON.parse(readFileSync(resolve(root, workspace, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return Object.keys(pkg.dependencies ?? {});
}

describe('the runtime packages the image installs (scripts/lib/runtime-deps.ts)', () => {
  // Only this platform's build of each native addon gets installed; the rest are skipped by npm.
  const installed = manifest.paths.filter((path) => {
    try {
      return statSync(resolve(root, path)).isDirectory();
    } catch {
      return false;
    }
  });

  it(`installs at most ${BUDGET.packages} packages and ${BUDGET.megabytes} MB with its assets`, async () => {
    expect(installed.length).toBeGreaterThan(0);
    expect(installed.length).toBeLessThanOrEqual(BUDGET.packages);
    let bytes = 0;
    for (const path of installed) bytes += await bytesOf(resolve(root, path));
    for (const [name, files] of Object.entries(RUNTIME_ASSETS)) {
      for (const file of files) bytes += await bytesOf(resolve(root, 'node_modules', name, file));
    }
    expect(bytes / 1024 / 1024).toBeLessThanOrEqual(BUDGET.megabytes);
  });

  it("holds none of the web app's packages and no Sentry CLI", () => {
    const servers = new Set(
      ['apps/gateway', 'apps/worker']
        .concat(['packages/config', 'packages/db', 'packages/engines', 'packages/wordpress'])
        .flatMap(dependenciesOf),
    );
    const webOnly = dependenciesOf('apps/web').filter((name) => !servers.has(name));
    expect(webOnly).toContain('react');
    const names = [
      ...manifest.paths,
      ...Object.keys(RUNTIME_ASSETS).map((n) => `node_modules/${n}`),
    ].map((path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(names.filter((name) => webOnly.includes(name))).toEqual([]);
    expect(names.filter((name) => name === 'sentry' || name.startsWith('@sentry/'))).toEqual([]);
  });

  it('pins each runtime package to the version the repository installs and tests', () => {
    for (const name of Object.keys(RUNTIME_PACKAGES)) {
      const { version } = JSON.parse(
        readFileSync(resolve(root, 'node_modules', name, 'package.json'), 'utf8'),
      ) as { version: string };
      expect(manifest.packageJson.dependencies[name]).toBe(version);
    }
    expect(RUNTIME_EXTERNALS).toEqual([
      ...Object.keys(RUNTIME_PACKAGES),
      ...Object.keys(RUNTIME_ASSETS),
    ]);
    // npm ci needs every package the lockfile names to carry its version and integrity.
    for (const path of manifest.paths) {
      expect(manifest.lockfile.packages[path]?.version, path).toBeTruthy();
      expect(manifest.lockfile.packages[path]?.integrity, path).toBeTruthy();
    }
  });
});
