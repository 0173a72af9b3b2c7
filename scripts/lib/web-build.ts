import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * What the web build is made from: the app's own sources and config, and the workspace packages
 * it imports (generated GraphQL types, pure domain code). A change to any of them after the
 * last build means `npm start` must build again, or it would serve yesterday's pages.
 */
export const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/schema/src',
  'packages/domain/src',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Why the web app must be built before serving it, or null when the build is current. */
export function webBuildReason(root: string): string | null {
  const built = resolve(root, 'apps/web/dist/index.html');
  if (!existsSync(built)) return 'Building the web app (first start only)…';
  const builtAt = statSync(built).mtimeMs;
  const changed = WEB_SOURCES.find((source) => newestMtime(resolve(root, source)) > builtAt);
  return changed ? `Building the web app (${changed} changed since the last build)…` : null;
}
