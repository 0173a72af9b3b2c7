import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { webBuildReason } from './web-build';

function tree() {
  const root = mkdtempSync(join(tmpdir(), 'lumen-web-build-'));
  for (const dir of ['apps/web/src/pages', 'apps/web/dist', 'packages/domain/src']) {
    mkdirSync(join(root, dir), { recursive: true });
  }
  const dirs = ['apps/web/src/pages', 'apps/web/src', 'apps/web/dist', 'packages/domain/src'];
  // Files at the given times; every folder older than all of them (writing a file touches its
  // folder, and a folder's time counts too: it changes when a file is deleted).
  const at = (...files: [string, number][]) => {
    for (const [file] of files) writeFileSync(join(root, file), 'x');
    for (const dir of dirs) utimesSync(join(root, dir), 500, 500);
    for (const [file, seconds] of files) utimesSync(join(root, file), seconds, seconds);
  };
  return { root, at };
}

describe('webBuildReason', () => {
  it('builds when there is no build', () => {
    const { root } = tree();
    expect(webBuildReason(root)).toMatch(/first start/);
  });

  it('serves a build newer than every source', () => {
    const { root, at } = tree();
    at(
      ['apps/web/src/pages/Page.tsx', 1_000],
      ['packages/domain/src/rule.ts', 1_000],
      ['apps/web/dist/index.html', 2_000],
    );
    expect(webBuildReason(root)).toBeNull();
  });

  it.each([
    ['apps/web/src/pages/Page.tsx', 'apps/web/src'],
    ['packages/domain/src/rule.ts', 'packages/domain/src'],
  ])('builds again after %s changed', (file, source) => {
    const { root, at } = tree();
    at(['apps/web/dist/index.html', 2_000], [file, 3_000]);
    expect(webBuildReason(root)).toBe(
      `Building the web app (${source} changed since the last build)…`,
    );
  });
});
