import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crawlerVerifier } from './crawler-ranges';

// An operator's own copies of the range files (CRAWLER_RANGES_DIR) replace the shipped snapshot
// file by file, are read again after a refresh without a restart, and a broken copy is loud.

const dir = mkdtempSync(join(tmpdir(), 'lumen-ranges-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (file: string, body: string, mtime: number) => {
  writeFileSync(join(dir, file), body);
  utimesSync(join(dir, file), mtime, mtime);
};

describe('crawlerVerifier', () => {
  it('uses the snapshot, then the folder’s copies as they change', () => {
    expect(crawlerVerifier(undefined).verify('GPTBot', '203.0.113.9')).toBe('unverified');
    // An empty folder: every file from the snapshot.
    expect(crawlerVerifier(dir).verify('GPTBot', '20.171.206.5')).toBe('verified');

    write(
      'gptbot.json',
      JSON.stringify({ creationTime: 'now', prefixes: [{ ipv4Prefix: '203.0.113.0/24' }] }),
      1_000,
    );
    const refreshed = crawlerVerifier(dir);
    expect(refreshed.verify('GPTBot', '203.0.113.9')).toBe('verified');
    expect(refreshed.verify('GPTBot', '20.171.206.5')).toBe('unverified');
    // Other files still come from the snapshot.
    expect(refreshed.verify('Bingbot', '157.55.39.12')).toBe('verified');
    expect(refreshed.sources.find((s) => s.file === 'gptbot.json')?.creationTime).toBe('now');

    write('gptbot.json', JSON.stringify({ prefixes: [{ ipv6Prefix: '2001:db8::/32' }] }), 2_000);
    expect(crawlerVerifier(dir).verify('GPTBot', '2001:db8::1')).toBe('verified');

    write('gptbot.json', '<html>', 3_000);
    expect(() => crawlerVerifier(dir)).toThrow(/gptbot\.json: not JSON/);
    write('gptbot.json', JSON.stringify({ prefixes: [{ ipv4Prefix: 'nope' }] }), 4_000);
    expect(() => crawlerVerifier(dir)).toThrow(/gptbot\.json: "nope" is not an address range/);
  });
});
