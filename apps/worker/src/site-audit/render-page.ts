import { existsSync } from 'node:fs';
import { SafeFetchError, safeFetch } from '@lumen/config/safe-fetch';
import { AUDIT_USER_AGENT } from './audit-agent';

/** A headless Chromium that renders a page with its JavaScript; null from `render` when it could not. */
export type PageRenderer = {
  render(url: string): Promise<string | null>;
  close(): Promise<void>;
};

const RENDER_LIMITS = { requests: 60, bytesPerRequest: 2 * 1024 * 1024, navigationMs: 20_000 };

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The Chromium to render with: CHROMIUM_PATH, else the system's; null when there is none. */
export function chromiumPath(configured: string | undefined): string | null {
  const path = configured ?? '/usr/bin/chromium';
  return existsSync(path) ? path : null;
}

/**
 * Chromium never touches the network itself: every request it makes is answered through
 * safeFetch (public addresses only unless ALLOW_PRIVATE_HOSTS, bodies capped), only on the
 * page's own origin, at most RENDER_LIMITS.requests per page; the rest is aborted. So rendering
 * a page can reach nothing that reading it could not (docs/security.md, "Site audits").
 */
export async function startRenderer(
  executablePath: string,
  allowPrivateHosts: boolean,
): Promise<PageRenderer | null> {
  let chromium: typeof import('playwright-core').chromium;
  try {
    // Not bundled: the production image has neither playwright-core nor a Chromium, and there
    // the audit says "not checked". From the sources it is the root's dev dependency.
    const name = 'playwright-core';
    ({ chromium } = (await import(name)) as typeof import('playwright-core'));
  } catch {
    return null;
  }
  const browser = await chromium.launch({ executablePath, args: FLAGS });
  return {
    async render(url) {
      const origin = new URL(url).origin;
      const context = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: false });
      let requests = 0;
      try {
        const page = await context.newPage();
        await page.route('**/*', async (route) => {
          const request = route.request();
          requests += 1;
          let target: URL;
          try {
            target = new URL(request.url());
          } catch {
            return route.abort();
          }
          if (
            target.origin !== origin ||
            request.method() !== 'GET' ||
            requests > RENDER_LIMITS.requests
          ) {
            return route.abort();
          }
          try {
            const res = await safeFetch(target, {
              allowPrivateHosts,
              maxBytes: RENDER_LIMITS.bytesPerRequest,
              timeoutMs: 10_000,
              maxRedirects: 0,
              headers: {
                'user-agent': AUDIT_USER_AGENT,
                accept: request.headers().accept ?? '*/*',
              },
            });
            const headers: Record<string, string> = {};
            res.headers.forEach((v, k) => {
              headers[k] = v;
            });
            return route.fulfill({ status: res.status, headers, body: res.body });
          } catch (error) {
            if (error instanceof SafeFetchError) return route.abort();
            throw error;
          }
        });
        await page.goto(url, { waitUntil: 'load', timeout: RENDER_LIMITS.navigationMs });
        // Scripts that fetch their content after load: wait for the network to settle, briefly.
        await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
        return await page.content();
      } catch {
        return null;
      } finally {
        await context.close().catch(() => undefined);
      }
    },
    async close() {
      await browser.close().catch(() => undefined);
    },
  };
}
