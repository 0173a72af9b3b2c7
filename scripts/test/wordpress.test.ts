import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBinaries, MissingWordPressError } from './wordpress';

// A developer without PHP, MariaDB or WordPress gets a failure that says what to install,
// never a skipped test.
describe('test WordPress prerequisites', () => {
  it('names the apt packages when the programs are missing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'lumen-no-bin-'));
    try {
      const error = await findBinaries([empty], join(empty, 'wordpress')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MissingWordPressError);
      const message = (error as Error).message;
      expect(message).toContain('apt-get install -y php-cli php-mysql wordpress mariadb-server');
      expect(message).toContain('php (php-cli)');
      expect(message).toContain('mariadbd (mariadb-server)');
      expect(message).toContain('(wordpress)');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
