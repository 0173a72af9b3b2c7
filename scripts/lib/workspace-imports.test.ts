import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every workspace declares the workspaces it imports (docs/dependencies.md). knip cannot check
// these: an `@lumen/*` import resolves through the workspace symlink to a file of the repository,
// which knip counts as the project's own code rather than a dependency. Tests, scripts and
// benches may use devDependencies; everything else needs `dependencies`.
const root = resolve(import.meta.dirname, '../..');
type Manifest = {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
const read = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

const rootManifest = read(root);
const workspaces = ['apps', 'packages'].flatMap((group) =>
  readdirSync(join(root, group)).map((name) => join(root, group, name)),
);
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"](@lumen\/[^/'"]+)|import\(\s*['"](@lumen\/[^/'"]+)/g;
const SKIP = new Set(['node_modules', 'dist', '.data', 'generated']);
const DEV_ONLY = /(\.test\.tsx?|\.spec\.ts)$|(^|\/)(test|bench|scripts|e2e|cli)\//;

function sources(dir: string, nested: (path: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP.has(entry.name) && nested(path)) out.push(...sources(path, nested));
    } else if (/\.(ts|tsx|mts)$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** What a workspace imports and does not declare, as `file: @lumen/x (needs dependencies)`. */
function undeclared(dir: string, manifest: Manifest, files: string[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const path = relative(dir, file);
    for (const match of text.matchAll(IMPORT)) {
      const name = match[1] ?? match[2];
      if (!name || name === manifest.name) continue;
      const dev = DEV_ONLY.test(path) || dir === root;
      const declared = dev
        ? (manifest.dependencies?.[name] ?? manifest.devDependencies?.[name])
        : manifest.dependencies?.[name];
      if (!declared)
        problems.push(
          `${relative(root, file)}: ${name} (${dev ? 'devDependencies' : 'dependencies'})`,
        );
    }
  }
  return [...new Set(problems)];
}

describe('@lumen/* imports are declared by the importing workspace', () => {
  it.each(workspaces.map((dir) => [relative(root, dir), dir]))('%s', (_name, dir) => {
    expect(
      undeclared(
        dir,
        read(dir),
        sources(dir, () => true),
      ),
    ).toEqual([]);
  });

  it('the root (scripts, e2e, configuration)', () => {
    const files = [
      ...sources(join(root, 'scripts'), () => true),
      ...sources(join(root, 'e2e'), () => true),
      ...readdirSync(root)
        .filter((name) => /\.(ts|mts)$/.test(name))
        .map((name) => join(root, name)),
    ];
    expect(undeclared(root, rootManifest, files)).toEqual([]);
  });

  it('sees an undeclared import (the check itself works)', () => {
    const gateway = join(root, 'apps/gateway');
    const found = undeclared(
      gateway,
      { name: '@lumen/gateway' },
      sources(gateway, () => true),
    );
    expect(found).toContain('apps/gateway/src/main.ts: @lumen/config (dependencies)');
    expect(found).toContain(
      'apps/gateway/test/job-recovery.integration.test.ts: @lumen/worker (devDependencies)',
    );
  });
});
