import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractMainText } from './extract-main-text';
import { extractPage } from './extract-page';
import { PAGE_BOUNDS, PageRefusedError } from './page-bounds';

// Starting a thread from the sources loads tsx in it: seconds on a loaded machine. A hang guard.
const THREAD_TEST_TIMEOUT = 60_000;

const refusalOf = (work: Promise<unknown>) =>
  work.then(
    () => 'read',
    (error: unknown) => (error instanceof PageRefusedError ? error.code : String(error)),
  );

describe('extractPage', () => {
  it(
    'reads a normal page in a thread exactly as extractMainText does',
    async () => {
      const html = readFileSync(new URL('./fixtures/wordpress-post.html', import.meta.url), 'utf8');
      expect(await extractPage(html)).toEqual(extractMainText(html));
    },
    THREAD_TEST_TIMEOUT,
  );

  it('refuses the 500 KB page nested 100,000 deep before parsing it', async () => {
    const hostile = `<main>${'<div>'.repeat(100_000)}Zylo`;
    expect(await refusalOf(extractPage(hostile))).toBe('PAGE_TOO_DEEP');
  });

  it(
    'stops a parse that outlasts its time budget, and the event loop turns meanwhile',
    async () => {
      // Depth and tags unbounded, so only the budget stands between this page and minutes of
      // parsing; the page is only ever refused by the clock.
      const bounds = { ...PAGE_BOUNDS, maxDepth: Infinity, maxTags: Infinity, timeBudgetMs: 200 };
      const hostile = `<main>${'<div>'.repeat(200_000)}Zylo`;
      let done = false;
      let turns = 0;
      const outcome = refusalOf(extractPage(hostile, bounds)).finally(() => {
        done = true;
      });
      while (!done) {
        await new Promise((turn) => setImmediate(turn));
        turns++;
      }
      expect(await outcome).toBe('PAGE_TOO_SLOW');
      // Parsed on this thread, the page would have held the loop until it finished.
      expect(turns).toBeGreaterThan(1);
    },
    THREAD_TEST_TIMEOUT,
  );
});
