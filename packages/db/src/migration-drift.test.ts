import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const pkg = resolve(import.meta.dirname, '..');

describe('migrations', () => {
  it('cover every change to the Drizzle schema (run `npm run db:generate -- --name <what_changed>` when this fails)', () => {
    // drizzle-kit takes --out relative to the package, so the scratch copy lives inside it.
    const out = mkdtempSync(join(pkg, '.drift-'));
    try {
      cpSync(join(pkg, 'drizzle'), out, { recursive: true });
      const before = readdirSync(out).filter((f) => f.endsWith('.sql'));
      const run = spawnSync(
        resolve(pkg, '../../node_modules/.bin/drizzle-kit'),
        [
          'generate',
          '--dialect',
          'postgresql',
          '--schema',
          './src/schema/*.ts',
          '--out',
          relative(pkg, out),
        ],
        // A hang guard: drizzle-kit took 59.7 s at load 44 on two cores.
        { cwd: pkg, encoding: 'utf8', timeout: 170_000 },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(`${run.stdout}${run.stderr}`).not.toMatch(/error/i);
      const after = readdirSync(out).filter((f) => f.endsWith('.sql'));
      expect(after).toEqual(before);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 180_000);
});
