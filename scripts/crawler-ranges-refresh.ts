import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { prefixesOf } from '@lumen/domain/crawlers/ip-ranges';
import { RANGE_SOURCES } from '@lumen/domain/crawlers/range-sources';

// Downloads the AI crawlers' published address lists into a folder for CRAWLER_RANGES_DIR
// (docs/crawlers.md, "The snapshot, and refreshing it"):
//   npm run crawler-ranges:refresh -- /var/lib/lumen/crawler-ranges [--mirror https://mirror.local]
// Each file is checked to be in the providers' shape before it replaces the previous copy, so a
// failed or broken download keeps the last good one. Exits 1 when any file failed.

const args = process.argv.slice(2);
const mirrorAt = args.indexOf('--mirror');
const mirror = mirrorAt >= 0 ? args[mirrorAt + 1] : undefined;
const dir = args.find((a, i) => !a.startsWith('--') && i !== mirrorAt + 1);
if (!dir) {
  console.error('usage: npm run crawler-ranges:refresh -- <folder> [--mirror <base URL>]');
  process.exit(2);
}
const folder = resolve(dir);
mkdirSync(folder, { recursive: true });

let failed = 0;
for (const source of RANGE_SOURCES) {
  // A mirror serves every file under its own name (for hosts without internet access).
  const url = mirror ? `${mirror.replace(/\/+$/, '')}/${source.file}` : source.url;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const text = await res.text();
    const { creationTime, prefixes } = prefixesOf(JSON.parse(text));
    if (prefixes.length === 0) throw new Error('no prefixes');
    const target = join(folder, source.file);
    writeFileSync(`${target}.tmp`, text);
    renameSync(`${target}.tmp`, target);
    console.log(
      `${source.file}: ${prefixes.length} prefixes (creationTime ${creationTime ?? '?'})`,
    );
  } catch (error) {
    failed++;
    console.error(`${source.file}: kept the previous copy; ${url}: ${(error as Error).message}`);
  }
}
process.exit(failed ? 1 : 0);
