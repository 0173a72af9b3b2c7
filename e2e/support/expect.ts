import type { Locator, Page } from 'playwright-core';

/** Waits until the page's path (and optionally query) matches; returns the URL it settled on. */
export async function waitForPath(page: Page, pathname: string | RegExp): Promise<URL> {
  await page.waitForURL((url) =>
    typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname),
  );
  return new URL(page.url());
}

/** Reads until `done` holds (the test's own timeout bounds the wait), returning that value. */
export async function until<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean = Boolean,
): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function visible(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: 'visible' });
  return locator;
}

export async function gone(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'detached' });
}

export async function htmlHasDarkClass(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.classList.contains('dark'));
}

export async function hasSidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const overflowing = Array.from(document.querySelectorAll<HTMLElement>('main, aside, body'))
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .filter((element) => getComputedStyle(element).overflowX !== 'hidden');
    return root.scrollWidth > root.clientWidth + 1 || overflowing.length > 0;
  });
}
