import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Context } from '../context';
import { groupedLoader, perRequest } from './per-request';

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('loaders', () => {
  it('live in src/loaders alone: no DataLoader is built anywhere else in the gateway', () => {
    const elsewhere = sourceFiles(SRC)
      .filter((f) => !relative(SRC, f).startsWith('loaders/'))
      .filter((f) => /from 'dataloader'|new DataLoader\b/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f));
    expect(elsewhere).toEqual([]);
  });

  it('are built once per request context', () => {
    let built = 0;
    const loaders = perRequest(() => ({ n: ++built }));
    const a = {} as Context;
    const b = {} as Context;
    expect(loaders(a)).toBe(loaders(a));
    expect(loaders(b)).not.toBe(loaders(a));
    expect(built).toBe(2);
  });

  it('read each shape of key once for all its ids and hand every key its own rows', async () => {
    const reads: { ids: string[]; range: string }[] = [];
    const loader = groupedLoader<{ id: string; range: string }, { id: string; v: string }>(
      (k) => k.id,
      (k) => k.range,
      async (ids, k) => {
        reads.push({ ids, range: k.range });
        return ids.flatMap((id) => [
          { id, v: `${id}@${k.range}#1` },
          { id, v: `${id}@${k.range}#2` },
        ]);
      },
      (r) => r.id,
    );
    const rows = await Promise.all([
      loader.load({ id: 'a', range: 'week' }),
      loader.load({ id: 'b', range: 'week' }),
      loader.load({ id: 'a', range: 'month' }),
      loader.load({ id: 'c', range: 'week' }),
    ]);
    expect(reads).toEqual([
      { ids: ['a', 'b', 'c'], range: 'week' },
      { ids: ['a'], range: 'month' },
    ]);
    expect(rows.map((list) => list.map((r) => r.v))).toEqual([
      ['a@week#1', 'a@week#2'],
      ['b@week#1', 'b@week#2'],
      ['a@month#1', 'a@month#2'],
      ['c@week#1', 'c@week#2'],
    ]);
  });
});
