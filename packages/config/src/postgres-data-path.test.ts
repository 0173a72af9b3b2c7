import { describe, expect, it } from 'vitest';
import { type FolderMode, planDataPath } from './postgres-data-path';

const pg = { uid: 100, gid: 101 };
const root = (path: string, mode: number): FolderMode => ({ path, mode, uid: 0, gid: 0 });

describe('planDataPath', () => {
  it('opens (o+x) the folders inside DATA_DIR the postgres user cannot enter', () => {
    const plan = planDataPath(
      [root('/tmp/tmp.abc', 0o700), root('/tmp', 0o1777), root('/', 0o755)],
      '/tmp/tmp.abc',
      pg,
    );
    expect(plan).toEqual({ ok: true, open: ['/tmp/tmp.abc'] });
  });

  it('stops with one sentence naming a folder above DATA_DIR it cannot enter', () => {
    const plan = planDataPath(
      [root('/root/lumen/.data', 0o755), root('/root/lumen', 0o755), root('/root', 0o700)],
      '/root/lumen/.data',
      pg,
    );
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.blocked).toBe('/root');
    expect(plan.message).toMatch(/cannot enter \/root: set DATA_DIR .*chmod o\+x \/root/);
    expect(plan.message).not.toContain('\n');
  });

  it.each([
    ['owner with x', { path: '/d', mode: 0o700, uid: 100, gid: 0 }, true],
    ['owner without x', { path: '/d', mode: 0o600, uid: 100, gid: 0 }, false],
    ['group with x', { path: '/d', mode: 0o750, uid: 0, gid: 101 }, true],
    ['group without x', { path: '/d', mode: 0o705, uid: 0, gid: 101 }, false],
    ['others with x', { path: '/d', mode: 0o711, uid: 0, gid: 0 }, true],
  ])('%s', (_name, folder, enters) => {
    const plan = planDataPath([folder], '/elsewhere', pg);
    expect(plan.ok).toBe(enters);
  });
});
