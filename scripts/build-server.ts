/**
 * Bundles the gateway, the worker and the migration step into plain JavaScript with esbuild, so
 * production (the Docker image) runs `node` on them instead of compiling TypeScript through tsx,
 * a devDependency. Our workspaces (@lumen/*) and the npm packages they import go into the bundle,
 * so the image installs none of the workspaces' dependencies (not the web app's, not the Sentry
 * CLI that @sentry/node depends on): only the few packages a bundle cannot hold
 * (scripts/lib/runtime-deps.ts), from the manifest and pruned lockfile written to dist/runtime/.
 * Each bundle sits where its source folder's relative paths still hold (apps/gateway/dist →
 * ../../web/dist, packages/db/dist → ../drizzle), with a linked source map. See
 * docs/deployment.md.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { buildRelease } from './lib/release';
import { RUNTIME_EXTERNALS, runtimeManifest } from './lib/runtime-deps';
import { sourceMapUpload, uploadSourceMaps } from './lib/sentry-upload';

const root = resolve(import.meta.dirname, '..');

export const SERVER_BUNDLES = [
  { entry: 'apps/gateway/src/main.ts', out: 'apps/gateway/dist/main.mjs' },
  { entry: 'apps/worker/src/main.ts', out: 'apps/worker/dist/main.mjs' },
  { entry: 'apps/worker/src/healthcheck.ts', out: 'apps/worker/dist/healthcheck.mjs' },
  // The thread that reads fetched pages, found beside main.mjs (packages/engines extract-page.ts).
  {
    entry: 'packages/engines/src/corpus/extract-page.thread.ts',
    out: 'apps/worker/dist/extract-page.thread.mjs',
  },
  // The gateway reads a page too ("Improve this page", docs/publishing.md).
  {
    entry: 'packages/engines/src/corpus/extract-page.thread.ts',
    out: 'apps/gateway/dist/extract-page.thread.mjs',
  },
  { entry: 'scripts/migrate.ts', out: 'packages/db/dist/migrate.mjs' },
] as const;

// Node's built-ins and the runtime packages stay imports; everything else is bundled.
const externalRuntimePackages: Plugin = {
  name: 'external-runtime-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      RUNTIME_EXTERNALS.some((name) => args.path === name || args.path.startsWith(`${name}/`))
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

// CommonJS packages inside an ESM bundle call require() (of built-ins, and @bull-board/api's
// require.resolve of its UI); give them a real one.
const banner = `import { createRequire as __lumenCreateRequire } from 'node:module';
const require = __lumenCreateRequire(import.meta.url);`;

export type BuiltBundle = {
  file: string;
  bytes: number;
  /** The npm packages bundled into it (docs/deployment.md keeps the web app's out). */
  packages: string[];
};

export async function buildServer(outRoot: string = root): Promise<BuiltBundle[]> {
  const results: BuiltBundle[] = [];
  const release = buildRelease(root);
  for (const { entry, out } of SERVER_BUNDLES) {
    const outfile = resolve(outRoot, out);
    const built = await build({
      entryPoints: [resolve(root, entry)],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      // Stack traces name our sources (the services enable source maps at start: observability).
      // Mappings only: the sources' text would triple the maps (about 50 MB) for no trace.
      sourcemap: 'linked',
      sourcesContent: false,
      banner: { js: banner },
      // The release Sentry reports under, fixed at build time; SENTRY_RELEASE still overrides.
      define: { 'process.env.LUMEN_BUILD_RELEASE': JSON.stringify(release) },
      logLevel: 'warning',
      plugins: [externalRuntimePackages],
      write: false,
      metafile: true,
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
    const packages = new Set<string>();
    for (const input of Object.keys(built.metafile.inputs)) {
      const name = [...input.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)].at(-1)?.[1];
      if (name) packages.add(name);
    }
    results.push({ file: out, bytes, packages: [...packages].sort() });
  }
  // With SENTRY_DSN and SENTRY_AUTH_TOKEN set (the Docker build, CI): maps to Sentry.
  const upload = sourceMapUpload(
    process.env,
    release,
    SERVER_BUNDLES.flatMap(({ out }) => [resolve(outRoot, out), resolve(outRoot, `${out}.map`)]),
  );
  if (upload) await uploadSourceMaps(upload);
  // What the image installs beside the bundles (Dockerfile: npm ci in the final stage).
  const manifest = runtimeManifest(root);
  const runtimeDir = resolve(outRoot, 'dist/runtime');
  mkdirSync(runtimeDir, { recursive: true });
  writeFileSync(
    resolve(runtimeDir, 'package.json'),
    `${JSON.stringify(manifest.packageJson, null, 2)}\n`,
  );
  writeFileSync(
    resolve(runtimeDir, 'package-lock.json'),
    `${JSON.stringify(manifest.lockfile, null, 2)}\n`,
  );
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const { file, bytes } of await buildServer()) {
    console.log(`${file}  ${(bytes / 1024).toFixed(0)} KB`);
  }
}
