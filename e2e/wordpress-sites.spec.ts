import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWordPress, type TestWordPress } from '../scripts/test/wordpress';
import { signInFreshUser } from './support/auth';
import { type BrowserSession, launchBrowser } from './support/browser';
import { gone, hasSidewaysScroll, visible } from './support/expect';

// Connecting a real WordPress (scripts/test/wordpress.ts) through /publishing/sites.

let session: BrowserSession;
let wp: TestWordPress;

beforeAll(async () => {
  [session, wp] = await Promise.all([launchBrowser(), startTestWordPress()]);
});

afterAll(async () => {
  await Promise.all([session?.close(), wp?.stop()]);
});

// Screenshots for a person to look at: set SCREENSHOT_DIR to keep them.
// The shell keeps a live subscription open, so "network idle" never comes: wait for `ready`.
async function shoot(page: Page, name: string, ready: (page: Page) => Locator): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('lumen-theme', t), theme);
    await page.reload();
    await visible(page.getByRole('heading', { level: 1 }));
    await visible(ready(page));
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(dir, `${name}-${theme}.png`), fullPage: true });
  }
}

/** The sidebar's WordPress sites entry with its live count, in the Opportunities panel. */
async function sitesEntry(page: Page, count: number) {
  const panel = page.getByRole('complementary', { name: 'Opportunities panel' });
  if (!(await panel.isVisible())) {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Opportunities' })
      .click();
  }
  const name = count > 0 ? new RegExp(`^WordPress sites\\s*${count}$`) : /^WordPress sites$/;
  return visible(panel.getByRole('link', { name }));
}

describe('WordPress sites page', () => {
  it('connects a site, shows a wrong password in place, tests and removes it', async () => {
    const { page } = await session.newPage();
    await signInFreshUser(page, '/publishing/sites');
    await visible(page.getByRole('heading', { name: 'WordPress sites', level: 1 }));
    await visible(page.getByText('No WordPress sites connected'));
    await shoot(page, 'sites-empty', (p) => p.getByText('No WordPress sites connected'));

    await page.getByRole('button', { name: 'Connect a site' }).click();
    await page.getByLabel('Site address').fill(wp.url);
    await page.getByLabel('WordPress user name').fill(wp.username);
    await page
      .getByLabel('Application password', { exact: true })
      .fill('abcd efgh ijkl mnop qrst uvwx');
    await page.getByRole('button', { name: 'Connect site' }).click();
    await visible(page.getByText(/did not accept this user name and application password/));
    expect(
      await page.getByLabel('Application password', { exact: true }).getAttribute('aria-invalid'),
    ).toBe('true');
    await page.getByText('How do I create an application password?').click();
    await visible(page.getByText(/Copy the password WordPress shows/));
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({
        path: join(process.env.SCREENSHOT_DIR, 'sites-form-error-dark.png'),
        fullPage: true,
      });
    }

    await page.getByLabel('Application password', { exact: true }).fill(wp.applicationPassword);
    await page.getByRole('button', { name: 'Connect site' }).click();
    const table = page.getByRole('table', { name: 'WordPress sites' });
    await visible(table.getByText('Lumen Test Site'));
    await visible(table.getByText('Connected').filter({ visible: true }));
    // The password is gone from the page once the site is stored.
    expect(await page.content()).not.toContain(wp.applicationPassword);
    await sitesEntry(page, 1);
    await shoot(page, 'sites-list', (p) =>
      p.getByRole('table').getByText('Connected').filter({ visible: true }),
    );

    await page.getByRole('button', { name: 'Test Lumen Test Site' }).click();
    await visible(page.getByText('Lumen Test Site: connection works'));

    // Narrow screens: no sideways scroll, status and actions still in view.
    // (With the sidebar panel closed: an open panel takes 240 px and the table scrolls inside.)
    const closePanel = page.getByRole('button', { name: 'Close panel' });
    if (await closePanel.isVisible()) await closePanel.click();
    await gone(page.getByRole('complementary', { name: 'Opportunities panel' }));
    for (const width of [680, 390]) {
      // Opened at that width (a resize alone can leave the wide sidebar's layout for a moment).
      await page.setViewportSize({ width, height: 800 });
      await page.reload();
      await visible(table.getByText('Connected').filter({ visible: true }));
      expect(await hasSidewaysScroll(page)).toBe(false);
      const remove = page.getByRole('button', { name: 'Remove Lumen Test Site' });
      await visible(remove);
      const box = await remove.boundingBox();
      expect(box && box.x + box.width <= width, `${width}px: ${JSON.stringify(box)}`).toBe(true);
      await shoot(page, `sites-${width}px`, (p) =>
        p.getByRole('table').getByText('Connected').filter({ visible: true }),
      );
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // The password revoked in WordPress: the next test shows the failure and its reason.
    await wp.revokeApplicationPassword(wp.applicationPasswordUuid);
    await page.getByRole('button', { name: 'Test Lumen Test Site' }).click();
    await visible(page.getByText('Lumen Test Site: connection failing'));
    await visible(table.getByText('Failing').filter({ visible: true }));
    await visible(
      table
        .getByText(/did not accept this user name and application password/)
        .filter({ visible: true }),
    );
    await shoot(page, 'sites-failing', (p) =>
      p.getByRole('table').getByText('Failing').filter({ visible: true }),
    );

    // A new password from WordPress puts it right: a wrong one is refused in the dialog first.
    const fresh = await wp.createApplicationPassword('Lumen e2e');
    await page.getByRole('button', { name: 'Replace the password of Lumen Test Site' }).click();
    const rekey = page.getByRole('dialog', { name: /New application password/ });
    await rekey.getByLabel('Application password').fill('zzzz zzzz zzzz zzzz zzzz zzzz');
    await rekey.getByRole('button', { name: 'Check and save' }).click();
    await visible(rekey.getByText(/did not accept this user name and application password/));
    await rekey.getByLabel('Application password').fill(fresh.password);
    await rekey.getByRole('button', { name: 'Check and save' }).click();
    await gone(rekey);
    await visible(table.getByText('Connected').filter({ visible: true }));

    await page.getByRole('button', { name: 'Remove Lumen Test Site' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(/Lumen forgets the site/));
    await dialog.getByRole('button', { name: 'Remove site' }).click();
    await gone(table);
    await visible(page.getByText('No WordPress sites connected'));
    await sitesEntry(page, 0);
  });
});
