// The gzip size of the JavaScript each key route needs (budgets in docs/benchmarks.md).
// Run after `vite build`: npx tsx apps/web/scripts/bundleSize.ts [dist]
// `npm run bench` builds into a temporary folder and checks the budgets
// (scripts/bench/bundle-size.bench.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

type ManifestChunk = {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
};
type Manifest = Record<string, ManifestChunk>;

/** KB gzip of the JavaScript loaded before each key route can render. */
export function measureRoutes(distFolder: string): Record<string, number> {
  const dist = `${distFolder.replace(/\/$/, '')}/`;
  const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Manifest;

  const staticClosure = (keys: string[], seen = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (seen.has(key)) continue;
      seen.add(key);
      staticClosure(manifest[key]?.imports ?? [], seen);
    }
    return seen;
  };
  const gzipKb = (keys: Set<string>): number => {
    let bytes = 0;
    for (const key of keys) {
      const chunk = manifest[key];
      if (chunk?.file.endsWith('.js'))
        bytes += gzipSync(readFileSync(`${dist}${chunk.file}`)).length;
    }
    return Math.round((bytes / 1024) * 10) / 10;
  };

  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('no entry chunk in the manifest');
  const src = (path: string) => `src/${path}`;
  // Pages move between modules; find them by file name.
  const page = (file: string) => {
    const key = Object.keys(manifest).find((candidate) => candidate.endsWith(`/pages/${file}`));
    if (!key) throw new Error(`no ${file} in the manifest`);
    return key;
  };

  const routes: Record<string, string[]> = {
    'entry (index.html)': [entry],
    '/visibility/quick-score': [
      entry,
      src('modules/shell/components/GuestLayout.tsx'),
      page('QuickScorePage.tsx'),
    ],
    '/login': [entry, src('modules/auth/components/AuthRoot.tsx'), page('LoginPage.tsx')],
    '/dashboard': [
      entry,
      src('modules/auth/components/AuthRoot.tsx'),
      src('modules/shell/components/MainLayout.tsx'),
      page('DashboardPage.tsx'),
    ],
  };

  const sizes: Record<string, number> = {};
  for (const [route, keys] of Object.entries(routes)) {
    const missing = keys.filter((key) => !manifest[key]);
    if (missing.length > 0) throw new Error(`not in the manifest: ${missing.join(', ')}`);
    sizes[route] = gzipKb(staticClosure(keys));
  }
  return sizes;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ?? fileURLToPath(new URL('../dist/', import.meta.url));
  for (const [route, kb] of Object.entries(measureRoutes(dist))) {
    console.log(`${route.padEnd(26)} ${kb.toString().padStart(7)} KB gzip`);
  }
}
