import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFreshUser } from './support/auth';
import { type BrowserSession, launchBrowser } from './support/browser';
import { visible } from './support/expect';

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
});

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

describe.each(['dark', 'light'] as const)('axe in the %s theme', (theme) => {
  const prepare = async (page: Page) => {
    await page.addInitScript((value) => localStorage.setItem('lumen-theme', value), theme);
  };

  it('finds nothing serious on the public pages', async () => {
    const { page } = await session.newPage();
    await prepare(page);
    for (const path of ['/login', '/signup', '/visibility/quick-score', '/no/such/page']) {
      await page.goto(path);
      await visible(page.getByRole('heading', { level: 1 }));
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.goto('/visibility/quick-score');
    await page.getByRole('link', { name: 'Brands (locked)' }).hover();
    await visible(page.getByRole('tooltip'));
    expect(await seriousViolations(page), 'tooltip').toEqual([]);
  });

  it('finds nothing serious in the signed-in shell', async () => {
    const { page } = await session.newPage();
    await prepare(page);
    const account = await signInFreshUser(page, '/dashboard');
    for (const path of [
      '/dashboard',
      '/campaigns',
      '/publishing/sites',
      '/publishing/templates',
      '/publishing/published',
      '/analytics',
      '/settings',
      '/settings/api',
      '/help',
      '/managed-service',
      '/integrations',
    ]) {
      await page.goto(path);
      await visible(page.getByRole('heading', { level: 1 }));
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Opportunities' })
      .click();
    await visible(page.getByRole('complementary', { name: 'Opportunities panel' }));
    await page.getByRole('button', { name: account.user.email }).click();
    await visible(page.getByRole('menu'));
    expect(await seriousViolations(page), 'panel and menu open').toEqual([]);
  });

  it('finds nothing serious in the compact (600 px) shell with a panel open', async () => {
    const { page } = await session.newPage({ width: 600, height: 800 });
    await prepare(page);
    await signInFreshUser(page, '/dashboard');
    await visible(page.getByRole('heading', { level: 1 }));
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Brands' })
      .click();
    await visible(page.getByRole('complementary', { name: 'Brands panel' }));
    expect(await seriousViolations(page), 'compact with panel').toEqual([]);
  });
});
