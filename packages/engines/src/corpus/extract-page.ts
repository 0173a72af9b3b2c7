import { Worker } from 'node:worker_threads';
import type { ExtractedPage, ExtractOptions } from './extract-main-text';
import {
  measurePage,
  PAGE_BOUNDS,
  type PageBounds,
  PageRefusedError,
  tooSlow,
} from './page-bounds';

// From the sources (tsx, vitest) the thread is the TypeScript file beside this one, loaded
// through tsx; in the production bundle this code sits in apps/worker/dist/main.mjs and the
// thread is the bundle scripts/build-server.ts writes beside it (docs/deployment.md).
const fromSources = import.meta.url.endsWith('.ts');

/**
 * The thread's entry. From the sources on Node 24 it is the TypeScript file, loaded with
 * `--import tsx`. Node 22 does not apply that flag to worker threads (its own type stripping then
 * loads the file without tsx's resolver and the extensionless imports fail), so there a small
 * script registers tsx inside the thread first. That script is not used on 24: there the product
 * started by the e2e tests never got an answer from it. tsx is the root's: only a process
 * already running from the sources (under tsx or vitest) takes either path.
 */
function threadEntry(): { entry: string | URL; eval: boolean; execArgv: string[] } {
  if (!fromSources) {
    return {
      entry: new URL('./extract-page.thread.mjs', import.meta.url),
      eval: false,
      execArgv: [],
    };
  }
  const file = new URL('./extract-page.thread.ts', import.meta.url);
  if (Number(process.versions.node.split('.')[0]) >= 24) {
    return { entry: file, eval: false, execArgv: ['--import', 'tsx'] };
  }
  const api =
    typeof import.meta.resolve === 'function' ? import.meta.resolve('tsx/esm/api') : 'tsx/esm/api';
  return {
    entry: `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); });`,
    eval: true,
    execArgv: [],
  };
}

/** Memory of one extraction thread: a page at the byte limit needs a few tens of MB. */
const THREAD_HEAP_MB = 256;

/**
 * A fetched page's main text, with the work bounded (docs/security.md, "Fetched pages"): a page
 * past the byte, depth or tag limits is refused before any parsing, and the parse runs in a
 * worker thread that is stopped when it outlasts the time budget, so no page holds the event
 * loop that every other job shares. Throws PageRefusedError with a stable code.
 */
export async function extractPage(
  html: string,
  bounds: PageBounds = PAGE_BOUNDS,
  options?: ExtractOptions,
): Promise<ExtractedPage> {
  measurePage(html, bounds);
  return extractInThread(html, bounds.timeBudgetMs, options);
}

function extractInThread(
  html: string,
  budgetMs: number,
  options: ExtractOptions | undefined,
): Promise<ExtractedPage> {
  return new Promise<ExtractedPage>((resolve, reject) => {
    const { entry, eval: isScript, execArgv } = threadEntry();
    const thread = new Worker(entry, {
      eval: isScript,
      execArgv,
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    });
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void thread.terminate();
      outcome();
    };
    thread.on('message', (message: unknown) => {
      if (message === 'ready') {
        thread.postMessage(options ? { html, options } : html);
        timer = setTimeout(() => settle(() => reject(tooSlow(budgetMs))), budgetMs);
        return;
      }
      settle(() => resolve(message as ExtractedPage));
    });
    thread.on('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new PageRefusedError(
                'PAGE_TOO_LARGE',
                `Reading the page needed more than ${THREAD_HEAP_MB} MB of memory and was stopped; Lumen does not read it.`,
              )
            : error,
        ),
      ),
    );
    thread.on('exit', (code) =>
      settle(() =>
        reject(new Error(`The page extraction thread exited (${code}) before it answered.`)),
      ),
    );
  });
}
