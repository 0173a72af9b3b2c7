import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

export const PHONE = 390;
export const DESKTOP = 1440;

/**
 * Screenshots for a person to look at, kept only when SCREENSHOT_DIR is set: `name` at each width
 * in both themes (each theme a real reload with the stored preference, as a person sees it). The
 * app scrolls inside its own columns, so the window is made as tall as the page's content first
 * and the picture holds all of it. The viewport is left at the last width and its first height.
 */
export async function shoot(
  page: Page,
  name: string,
  ready: () => Promise<unknown>,
  widths: readonly number[] = [PHONE, DESKTOP],
): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const first = page.viewportSize() ?? { width: DESKTOP, height: 800 };
  for (const width of widths) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: first.height });
      await page.evaluate((t) => localStorage.setItem('lumen-theme', t), theme);
      await page.reload();
      await ready();
      await page.evaluate(() => document.fonts.ready);
      const height = await page.evaluate(() =>
        Math.max(
          document.documentElement.scrollHeight,
          ...Array.from(document.querySelectorAll('main, aside')).map((e) => e.scrollHeight),
        ),
      );
      await page.setViewportSize({ width, height: Math.min(Math.max(height, first.height), 6000) });
      await ready();
      await page.screenshot({ path: join(dir, `${name}-${width}-${theme}.png`) });
    }
  }
  await page.setViewportSize(first);
}
