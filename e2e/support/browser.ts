import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url)
    throw new Error('E2E_BASE_URL is not set: run e2e tests through `vitest --project e2e`');
  return url.replace(/\/$/, '');
}

export type BrowserSession = {
  browser: Browser;
  close(): Promise<void>;
  /** A fresh context (own storage, cookies) with a page; closed with the session. */
  newPage(options?: {
    width?: number;
    height?: number;
    colorScheme?: 'dark' | 'light';
    /** The viewer's timezone (the machine's when left out). */
    timezoneId?: string;
  }): Promise<{
    context: BrowserContext;
    page: Page;
  }>;
};

/**
 * One Chromium per test file. playwright-core gives every launch a throwaway profile directory,
 * and every page below gets a fresh context (own storage and cookies).
 */
export async function launchBrowser(): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const contexts: BrowserContext[] = [];
  return {
    browser,
    async newPage({ width = 1280, height = 800, colorScheme = 'dark', timezoneId } = {}) {
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: { width, height },
        colorScheme,
        ...(timezoneId ? { timezoneId } : {}),
      });
      contexts.push(context);
      const page = await context.newPage();
      // A bound on waiting for a condition, not a speed check: a loaded CI machine needs room.
      page.setDefaultTimeout(45_000);
      return { context, page };
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
    },
  };
}

/** Fails the test with the page's console errors attached when something throws in the app. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
