/**
 * Bundles the gateway, the worker and the migration step into plain JavaScript with esbuild, so
 * production (the Docker image) runs `node` on them instead of compiling TypeScript through tsx,
 * a devDependency. The workspace packages (@lumen/*, TypeScript sources) go into the bundle;
 * npm packages stay external and come from `npm ci --omit=dev`. Each bundle sits where its source
 * folder's relative paths still hold (apps/gateway/dist → ../../web/dist, packages/db/dist →
 * ../drizzle). See docs/deployment.md.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';

const root = resolve(import.meta.dirname, '..');

export const SERVER_BUNDLES = [
  { entry: 'apps/gateway/src/main.ts', out: 'apps/gateway/dist/main.mjs' },
  { entry: 'apps/worker/src/main.ts', out: 'apps/worker/dist/main.mjs' },
  { entry: 'scripts/migrate.ts', out: 'packages/db/dist/migrate.mjs' },
] as const;

// Bare imports of npm packages stay imports; our own workspaces are bundled from source.
const externalNpmPackages: Plugin = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@lumen/') || args.path.startsWith('node:')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

export async function buildServer(
  outRoot: string = root,
): Promise<{ file: string; bytes: number }[]> {
  const results: { file: string; bytes: number }[] = [];
  for (const { entry, out } of SERVER_BUNDLES) {
    const outfile = resolve(outRoot, out);
    const built = await build({
      entryPoints: [resolve(root, entry)],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      sourcemap: 'linked',
      logLevel: 'warning',
      plugins: [externalNpmPackages],
      write: false,
    });
    // Each file lands whole (written aside, then renamed): `npm start` rebuilds at every start,
    // and a service starting at that moment must never read half a bundle.
    mkdirSync(dirname(outfile), { recursive: true });
    let bytes = 0;
    for (const file of built.outputFiles) {
      const aside = `${file.path}.${process.pid}.tmp`;
      writeFileSync(aside, file.contents);
      renameSync(aside, file.path);
      if (file.path === outfile) bytes = file.contents.length;
    }
    results.push({ file: out, bytes });
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const { file, bytes } of await buildServer()) {
    console.log(`${file}  ${(bytes / 1024).toFixed(0)} KB`);
  }
}
