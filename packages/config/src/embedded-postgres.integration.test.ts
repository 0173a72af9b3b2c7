import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres';

// DATA_DIR made by `mktemp -d` is mode 0700. Run as root (as on CI and in containers), the
// embedded Postgres runs as the `postgres` user and must still start there; a folder above
// DATA_DIR that the user cannot enter gets one clear sentence, not initdb's raw error.
const isRoot = process.getuid?.() === 0;
const made: string[] = [];

afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

describe('embedded Postgres data folder', () => {
  it('starts in a DATA_DIR made by mktemp -d (mode 0700)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'lumen-datadir-'));
    made.push(dataDir);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    const pg = await startEmbeddedPostgres({ dir: join(dataDir, 'postgres'), persistent: false });
    try {
      const sql = postgres(pg.url, { max: 1 });
      const [row] = await sql<{ ok: number }[]>`select 1 as ok`;
      await sql.end();
      expect(row?.ok).toBe(1);
      // Only the traverse bit was added for others: still no listing, reading or writing.
      expect((await stat(dataDir)).mode & 0o777).toBe(isRoot ? 0o701 : 0o700);
    } finally {
      await pg.stop();
    }
  });

  it('names the folder above DATA_DIR that the postgres user cannot enter', async () => {
    const outer = await mkdtemp(join(tmpdir(), 'lumen-private-'));
    made.push(outer);
    const dataDir = join(outer, 'data');
    await mkdir(dataDir);
    const starting = startEmbeddedPostgres({
      dir: join(dataDir, 'postgres'),
      persistent: false,
      ownedRoot: dataDir,
    });
    if (isRoot) {
      await expect(starting).rejects.toThrow(
        `The embedded Postgres runs as the 'postgres' user, which cannot enter ${outer}:`,
      );
      // Nothing above DATA_DIR was changed behind the operator's back.
      expect((await stat(outer)).mode & 0o777).toBe(0o700);
    } else {
      // Not root: Postgres runs as this user, who owns the folder, so it simply starts.
      const pg = await starting;
      await pg.stop();
    }
  });
});
