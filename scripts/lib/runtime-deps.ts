/**
 * What the production image installs next to the server bundles (docs/deployment.md, "The
 * image"). esbuild bundles every npm package the servers import (scripts/build-server.ts) except
 * the ones named here, which cannot live inside a bundle:
 * - RUNTIME_PACKAGES are installed with npm from a lockfile pruned out of the repository's own,
 *   so the image gets exactly the versions the tests ran against;
 * - RUNTIME_ASSETS are folders of files a bundled package reads from disk; the image copies them.
 * Adding to either list grows the image: runtime-deps.test.ts holds it to a budget.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const RUNTIME_PACKAGES: Record<string, string> = {
  // A Rust addon: one prebuilt .node file per platform, loaded by path.
  '@node-rs/argon2': 'password hashing for local auth (native addon)',
  // msgpackr (BullMQ) loads it by name when present and falls back to JavaScript without it.
  'msgpackr-extract': 'faster job decoding for BullMQ (optional native addon)',
};

/** Package → files it needs on disk (resolved from the bundle as node_modules/<package>/…). */
export const RUNTIME_ASSETS: Record<string, string[]> = {
  // @bull-board/api (bundled) finds its UI with require.resolve('@bull-board/ui/package.json') and
  // serves dist/ from disk. Only the files: the npm package would pull @bull-board/api and lodash.
  '@bull-board/ui': ['package.json', 'dist'],
};

export const RUNTIME_EXTERNALS = [...Object.keys(RUNTIME_PACKAGES), ...Object.keys(RUNTIME_ASSETS)];

type LockEntry = {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  link?: boolean;
  license?: string;
  integrity?: string;
  [key: string]: unknown;
};
type Lockfile = { lockfileVersion: number; packages: Record<string, LockEntry> };

export type RuntimeManifest = {
  packageJson: {
    name: string;
    private: true;
    type: 'module';
    dependencies: Record<string, string>;
  };
  lockfile: Lockfile & { name: string; requires: true };
  /** Every package npm installs for it, by lockfile path (node_modules/…). */
  paths: string[];
};

// npm's lookup: the nearest node_modules/<name> from the requiring package's folder upwards.
function locate(lock: Lockfile, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

/**
 * The runtime packages and everything they depend on, cut out of the repository's lockfile.
 * Peer dependencies are followed unless optional; optional dependencies (a native addon's
 * per-platform builds) are kept with their os/cpu fields, so npm installs only the matching one.
 */
export function runtimeManifest(root: string): RuntimeManifest {
  const lock = JSON.parse(readFileSync(resolve(root, 'package-lock.json'), 'utf8')) as Lockfile;
  const dependencies: Record<string, string> = {};
  const packages: Record<string, LockEntry> = {};
  const queue: string[] = [];
  for (const name of Object.keys(RUNTIME_PACKAGES)) {
    const path = locate(lock, '', name);
    const version = path && lock.packages[path]?.version;
    if (!path || !version) throw new Error(`${name} is not in package-lock.json at the root`);
    dependencies[name] = version;
    queue.push(path);
  }
  while (queue.length > 0) {
    const path = queue.shift() as string;
    if (packages[path]) continue;
    const original = lock.packages[path] as LockEntry;
    if (original.link)
      throw new Error(`${path} is a workspace link; runtime packages come from npm`);
    // The repository's lockfile lacks some platform builds of an addon (npm left them out);
    // `npm ci` refuses an entry naming an optional dependency the lockfile does not hold.
    const optional = Object.entries(original.optionalDependencies ?? {}).filter(([name]) =>
      locate(lock, path, name),
    );
    const entry: LockEntry = original.optionalDependencies
      ? { ...original, optionalDependencies: Object.fromEntries(optional) }
      : original;
    packages[path] = entry;
    const optionalPeers = entry.peerDependenciesMeta ?? {};
    const wanted = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((n) => !optionalPeers[n]?.optional),
    ];
    for (const name of wanted) {
      const found = locate(lock, path, name);
      if (found) queue.push(found);
      else if (!entry.optionalDependencies?.[name]) {
        throw new Error(`${path} needs ${name}, which package-lock.json does not hold`);
      }
    }
  }
  const name = 'lumen-runtime';
  const paths = Object.keys(packages).sort();
  return {
    packageJson: { name, private: true, type: 'module', dependencies },
    lockfile: {
      name,
      lockfileVersion: lock.lockfileVersion,
      requires: true,
      packages: {
        '': { name, dependencies },
        ...Object.fromEntries(paths.map((p) => [p, packages[p] as LockEntry])),
      },
    },
    paths,
  };
}
