import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlAs, signInFreshUser } from './support/auth';
import { type BrowserSession, launchBrowser } from './support/browser';
import { gone, hasSidewaysScroll, htmlHasDarkClass, visible, waitForPath } from './support/expect';

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
});

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
const brandsPanel = (page: Page) => page.getByRole('complementary', { name: 'Brands panel' });
const opportunitiesPanel = (page: Page) =>
  page.getByRole('complementary', { name: 'Opportunities panel' });
const navButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true });

describe('guest layout', () => {
  it('shows the guest chip, the lock and locked items with a delayed tooltip', async () => {
    const { page } = await session.newPage();
    await page.goto('/visibility');
    await waitForPath(page, '/visibility/quick-score');
    await visible(page.getByText('Guest User', { exact: true }));
    await visible(page.getByText('Free Trial', { exact: true }));
    await visible(page.getByRole('img', { name: 'Guest access' }));
    await visible(page.getByRole('link', { name: 'Visibility Score' }));

    const locked = page.getByRole('link', { name: 'Dashboard (locked)' });
    await locked.hover();
    const tooltip = page.getByRole('tooltip');
    await visible(tooltip);
    expect(await tooltip.textContent()).toBe('Sign up to access this feature');
    expect(await locked.getAttribute('aria-describedby')).toBe(await tooltip.getAttribute('id'));
    // Shown beside the item and not clipped by the sidebar's scroll container.
    const [item, bubble] = await Promise.all([locked.boundingBox(), tooltip.boundingBox()]);
    expect(bubble && item && bubble.x >= item.x + item.width).toBe(true);
    expect(
      await tooltip.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return (
          rect.width > 150 &&
          rect.right <= window.innerWidth &&
          element.parentElement === document.body
        );
      }),
    ).toBe(true);
    await page.mouse.move(900, 700);
    await gone(tooltip);
  });

  it('sends a locked item to /signup', async () => {
    const { page } = await session.newPage();
    await page.goto('/visibility/quick-score');
    for (const name of ['Dashboard', 'Brands', 'Opportunities', 'Analytics']) {
      expect(await page.getByRole('link', { name: `${name} (locked)` }).getAttribute('href')).toBe(
        '/signup',
      );
    }
    await page.getByRole('link', { name: 'Analytics (locked)' }).click();
    await waitForPath(page, '/signup');
    await visible(page.getByRole('heading', { name: 'Create your Lumen account' }));
  });

  it('takes the logo to /login', async () => {
    const { page } = await session.newPage();
    await page.goto('/visibility/quick-score');
    await page.getByRole('link', { name: 'Lumen, sign in' }).click();
    await waitForPath(page, '/login');
  });
});

describe('theme', () => {
  it('is dark by default, toggles to light, and the choice survives a reload', async () => {
    const { page } = await session.newPage({ colorScheme: 'light' });
    await page.goto('/visibility/quick-score');
    await visible(page.getByRole('button', { name: 'Toggle theme' }));
    expect(await htmlHasDarkClass(page)).toBe(true);

    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(await htmlHasDarkClass(page)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('lumen-theme'))).toBe('light');

    await page.reload();
    await visible(page.getByRole('button', { name: 'Toggle theme' }));
    expect(await htmlHasDarkClass(page)).toBe(false);

    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(await htmlHasDarkClass(page)).toBe(true);
    await page.reload();
    expect(await htmlHasDarkClass(page)).toBe(true);
  });

  it('applies the saved theme before the app script runs (no flash)', async () => {
    const { page } = await session.newPage();
    await page.goto('/visibility/quick-score');
    await page.evaluate(() => localStorage.setItem('lumen-theme', 'light'));
    // Block the app bundle: whatever the page shows now comes from index.html alone.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    expect(await htmlHasDarkClass(page)).toBe(false);
  });

  it('has a toggle in the main layout too', async () => {
    const { page } = await session.newPage();
    await signInFreshUser(page, '/dashboard');
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(await htmlHasDarkClass(page)).toBe(false);
    await page.reload();
    await visible(page.getByRole('button', { name: 'Toggle theme' }));
    expect(await htmlHasDarkClass(page)).toBe(false);
  });
});

describe('main layout', () => {
  it('redirects the legacy and hub routes', async () => {
    const { page } = await session.newPage();
    await signInFreshUser(page, '/intelligence');
    await waitForPath(page, '/dashboard');
    await page.goto('/opportunities');
    await waitForPath(page, '/publishing/opportunities');
    await page.goto('/publishing');
    await waitForPath(page, '/publishing/opportunities');
    await visible(page.getByRole('heading', { name: 'Opportunities', level: 1 }));
    await page.goto('/no/such/page');
    await visible(page.getByRole('heading', { name: 'Page not found' }));
  });

  it('collapses the sidebar to icons and expands it again', async () => {
    const { page } = await session.newPage();
    await signInFreshUser(page, '/dashboard');
    const aside = sidebar(page);
    expect((await aside.boundingBox())?.width).toBe(256);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await visible(page.getByRole('button', { name: 'Expand sidebar' }));
    await page.waitForFunction(
      () =>
        document.querySelector('aside[aria-label="Sidebar"]')?.getBoundingClientRect().width === 80,
    );
    // Items keep their accessible names when only icons show.
    await visible(page.getByRole('link', { name: 'Analytics', exact: true }));
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await visible(page.getByRole('button', { name: 'Collapse sidebar' }));
    await page.waitForFunction(
      () =>
        document.querySelector('aside[aria-label="Sidebar"]')?.getBoundingClientRect().width ===
        256,
    );
  });

  it('opens one hub panel at a time; the same item closes it', async () => {
    const { page } = await session.newPage();
    await signInFreshUser(page, '/analytics');
    await navButton(page, 'Brands').click();
    const brands = await visible(brandsPanel(page));
    expect((await brands.boundingBox())?.width).toBe(256);
    // Focus moves into the panel so the keyboard reaches its entries next.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('All brands');
    await visible(brands.getByRole('link', { name: 'All brands' }));
    await visible(brands.getByRole('link', { name: 'Add brand' }));
    expect(await navButton(page, 'Brands').getAttribute('aria-expanded')).toBe('true');

    await navButton(page, 'Opportunities').click();
    const opportunities = await visible(opportunitiesPanel(page));
    await gone(brandsPanel(page));
    for (const name of [
      'Opportunities',
      'Orders in progress',
      'Drafts',
      'Published',
      'WordPress sites',
      'Templates',
    ]) {
      await visible(opportunities.getByRole('link', { name, exact: true }));
    }
    await visible(opportunities.getByRole('heading', { name: 'Settings' }));

    await navButton(page, 'Opportunities').click();
    await gone(opportunitiesPanel(page));
    expect(await page.getByRole('complementary', { name: /panel$/ }).count()).toBe(0);
  });

  it('hides zero badges for a new workspace', async () => {
    const { page } = await session.newPage();
    await signInFreshUser(page, '/dashboard');
    await navButton(page, 'Opportunities').click();
    const panel = await visible(opportunitiesPanel(page));
    await visible(page.getByRole('heading', { name: 'Track your first brand' }));
    for (const name of [
      'Opportunities',
      'Orders in progress',
      'Drafts',
      'Published',
      'WordPress sites',
    ]) {
      expect((await panel.getByRole('link', { name, exact: true }).textContent())?.trim()).toBe(
        name,
      );
    }
  });

  it('keeps a panel open inside its section and on the dashboard, closes it elsewhere', async () => {
    const { page } = await session.newPage();
    await signInFreshUser(page, '/dashboard');

    await navButton(page, 'Brands').click();
    await brandsPanel(page).getByRole('link', { name: 'Add brand' }).click();
    await waitForPath(page, '/campaigns/create');
    await visible(brandsPanel(page));
    await brandsPanel(page).getByRole('link', { name: 'All brands' }).click();
    await waitForPath(page, '/campaigns');
    await visible(brandsPanel(page));
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await waitForPath(page, '/');
    await visible(brandsPanel(page));
    await page.getByRole('link', { name: 'Analytics', exact: true }).click();
    await waitForPath(page, '/analytics');
    await gone(brandsPanel(page));

    await navButton(page, 'Opportunities').click();
    await opportunitiesPanel(page).getByRole('link', { name: 'Drafts' }).click();
    await waitForPath(page, '/publishing/drafts');
    await visible(opportunitiesPanel(page));
    await page.goto('/settings');
    await gone(opportunitiesPanel(page));
  });

  it('closes panels and the user menu with Escape', async () => {
    const { page } = await session.newPage();
    const account = await signInFreshUser(page, '/dashboard');
    await navButton(page, 'Brands').click();
    await visible(brandsPanel(page));
    await page.keyboard.press('Escape');
    await gone(brandsPanel(page));
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Brands');

    const menuButton = page.getByRole('button', { name: account.user.email });
    await menuButton.click();
    const menu = await visible(page.getByRole('menu'));
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
      'Settings',
      'Integrations',
      'Activity log',
      'Help & Support',
      'Log Out',
    ]);
    await page.keyboard.press('Escape');
    await gone(page.getByRole('menu'));
    await expect
      .poll(() => menuButton.evaluate((element) => element === document.activeElement))
      .toBe(true);
  });

  it('reaches Settings, Integrations and Help from the user menu', async () => {
    const { page } = await session.newPage();
    const account = await signInFreshUser(page, '/dashboard');
    const openMenu = async () => {
      await page.getByRole('button', { name: account.user.email }).click();
      await visible(page.getByRole('menu'));
    };
    await openMenu();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await waitForPath(page, '/settings');
    await visible(page.getByRole('heading', { name: 'Settings', level: 1 }));
    await openMenu();
    await page.getByRole('menuitem', { name: 'Integrations' }).click();
    await waitForPath(page, '/integrations');
    await openMenu();
    await page.getByRole('menuitem', { name: 'Help & Support' }).click();
    await waitForPath(page, '/help');
    await visible(page.getByRole('heading', { name: 'Help & Support', level: 1 }));
  });

  it('shows the user chip with email and no plan on an instance without plans, and logs out to /login', async () => {
    const { page } = await session.newPage();
    const account = await signInFreshUser(page, '/dashboard');
    const { me } = await graphqlAs<{
      me: { workspaces: { planName: string | null; personal: boolean }[] };
    }>(account, '{ me { workspaces { planName personal } } }');
    // This instance sells no plans (PLANS unset): the chip names none, rather than "Pro Plan"
    // for an account nobody paid for.
    expect(me.workspaces.find((workspace) => workspace.personal)?.planName).toBeNull();
    const chip = page.getByRole('button', { name: account.user.email });
    await visible(chip);
    expect(await chip.textContent()).toContain(account.user.email);
    expect(await chip.textContent()).not.toMatch(/plan/i);

    await chip.click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await waitForPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('lumen-auth-token'))).toBeNull();
    await page.goto('/dashboard');
    await waitForPath(page, '/login');
  });

  it('takes a Managed Service contact request', async () => {
    const { page } = await session.newPage();
    await signInFreshUser(page, '/dashboard');
    await visible(page.getByText('Need help with your visibility on AI platforms?'));
    await page.getByRole('link', { name: 'See more' }).click();
    await waitForPath(page, '/managed-service');
    await page.getByRole('button', { name: 'Send request' }).click();
    await visible(page.getByText('Tell us your name.'));
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Company (optional)').fill('Analytical Engines Ltd');
    await page
      .getByLabel('How can we help?')
      .fill('We want to appear in ChatGPT answers about engines.');
    await page.getByRole('button', { name: 'Send request' }).click();
    await visible(page.getByText(/Your request is with our team/));
    await visible(page.getByText(/We will be in touch/));
    const toaster = page.locator('[data-sonner-toaster]');
    expect(await toaster.getAttribute('data-y-position')).toBe('top');
    expect(await toaster.getAttribute('data-x-position')).toBe('right');
    // Toasts leave on their own (3000 ms).
    await gone(page.getByText(/We will be in touch/));
  });
});

describe('deployments', () => {
  it('reloads once when a lazy page chunk of the running build has gone', async () => {
    const { page } = await session.newPage();
    await signInFreshUser(page, '/dashboard');
    await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
    let aborted = 0;
    await page.route(/\/assets\/AnalyticsPage-[^/]+\.js$/, async (route) => {
      if (aborted === 0) {
        aborted += 1;
        await route.fulfill({ status: 404, body: 'gone' });
      } else {
        await route.continue();
      }
    });
    const reloaded = page.waitForEvent('load');
    await page.getByRole('link', { name: 'Analytics', exact: true }).click();
    await reloaded;
    await visible(page.getByRole('heading', { name: 'Analytics', level: 1 }));
    expect(aborted).toBe(1);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
  });
});

describe('narrow window (600 px)', () => {
  it('uses the compact sidebar, overlays panels and never scrolls sideways', async () => {
    const { page } = await session.newPage({ width: 600, height: 800 });
    await signInFreshUser(page, '/dashboard');
    await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
    expect((await sidebar(page).boundingBox())?.width).toBe(80);
    expect(await page.getByRole('button', { name: 'Collapse sidebar' }).count()).toBe(0);
    expect(await hasSidewaysScroll(page)).toBe(false);

    const main = page.locator('main#main');
    const before = await main.boundingBox();
    await navButton(page, 'Opportunities').click();
    const panel = await visible(opportunitiesPanel(page));
    const after = await main.boundingBox();
    expect(after?.width).toBe(before?.width);
    expect(await panel.evaluate((element) => getComputedStyle(element).position)).toBe('absolute');
    expect(await hasSidewaysScroll(page)).toBe(false);

    await panel.getByRole('link', { name: 'Drafts' }).click();
    await waitForPath(page, '/publishing/drafts');
    await gone(opportunitiesPanel(page));

    for (const path of ['/campaigns', '/analytics', '/settings', '/managed-service', '/help']) {
      await page.goto(path);
      await visible(page.getByRole('heading', { level: 1 }));
      expect(await hasSidewaysScroll(page), path).toBe(false);
    }
  });

  it('keeps the guest layout within the window', async () => {
    const { page } = await session.newPage({ width: 600, height: 800 });
    await page.goto('/visibility/quick-score');
    await visible(page.getByRole('heading', { name: 'Visibility Score', level: 1 }));
    expect(await hasSidewaysScroll(page)).toBe(false);
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      await visible(page.getByRole('heading', { level: 1 }));
      expect(await hasSidewaysScroll(page), path).toBe(false);
    }
  });
});
