import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createVerifier, type Verifier } from '@lumen/domain/crawlers/crawler-agents';
import { RANGE_SOURCES } from '@lumen/domain/crawlers/range-sources';
import { RANGES_SNAPSHOT } from '@lumen/domain/crawlers/ranges-snapshot';

// The crawler address lists a log is verified against (docs/crawlers.md, "Verification"):
// the operator's own copies in CRAWLER_RANGES_DIR when set (refreshed with `npm run
// crawler-ranges:refresh`), else the dated snapshot shipped in @lumen/domain. The folder is
// read again when a file in it changed, so a refresh needs no restart.

let cached: { key: string; verifier: Verifier } | null = null;

function folderKey(dir: string): string {
  return RANGE_SOURCES.map((s) => {
    try {
      const st = statSync(join(dir, s.file));
      return `${s.file}:${st.mtimeMs}:${st.size}`;
    } catch {
      return `${s.file}:-`;
    }
  }).join('|');
}

/**
 * The verifier for the configured lists. A file missing from the folder is taken from the
 * snapshot; a file that is there but broken throws with its name (a refresh that went wrong
 * must be seen, not silently verify nothing).
 */
export function crawlerVerifier(dir: string | undefined): Verifier {
  const key = dir ? `${dir}#${folderKey(dir)}` : 'snapshot';
  if (cached?.key === key) return cached.verifier;
  const files: Record<string, unknown> = { ...RANGES_SNAPSHOT };
  if (dir) {
    for (const source of RANGE_SOURCES) {
      let text: string;
      try {
        text = readFileSync(join(dir, source.file), 'utf8');
      } catch {
        continue;
      }
      try {
        files[source.file] = JSON.parse(text);
      } catch {
        throw new Error(`${join(dir, source.file)}: not JSON`);
      }
    }
  }
  const verifier = createVerifier(files);
  cached = { key, verifier };
  return verifier;
}
