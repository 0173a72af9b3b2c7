import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The release a build reports to Sentry under (and uploads its source maps for):
 * SENTRY_RELEASE when set (the Docker build passes it as a build argument), else
 * `lumen@<version>+<commit>` from git, else `lumen@<version>`. See docs/observability.md.
 */
export function buildRelease(root: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.SENTRY_RELEASE) return env.SENTRY_RELEASE;
  const { version } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  const git = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
  });
  const commit = git.status === 0 ? git.stdout.trim() : '';
  return commit ? `lumen@${version}+${commit}` : `lumen@${version}`;
}
