import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithSession, signUpThroughApi, uniqueEmail } from './support/auth';
import { type BrowserSession, collectPageErrors, launchBrowser } from './support/browser';
import { hasSidewaysScroll, visible, waitForPath } from './support/expect';
import { MEASURED_BRAND, measuredBrand } from './support/measured-brand';
import { PHONE, shoot } from './support/screens';

// Reports (docs/reports.md): a person makes a report of a measured brand, downloads its PDF and
// shares it; the link opens in a fresh browser (no session) with the report and its PDF, and
// nothing of the app.

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
});

describe('reports', () => {
  it('makes a report, downloads its PDF, and opens its share link in a fresh browser', async () => {
    const account = await signUpThroughApi(uniqueEmail('reports'));
    const { brandId } = await measuredBrand(account);

    const { page } = await session.newPage({ width: 1280, height: 900 });
    const errors = collectPageErrors(page);
    await signInWithSession(page, account, `/campaigns/${brandId}`);
    await page.getByRole('link', { name: 'Reports', exact: true }).click();
    await waitForPath(page, `/campaigns/${brandId}/reports`);
    await visible(page.getByText('No reports yet'));
    await page.getByRole('button', { name: 'Create report' }).click();
    await waitForPath(page, /^\/reports\/[0-9a-f-]{36}$/);
    await visible(page.getByRole('heading', { name: new RegExp(`^${MEASURED_BRAND}:`) }));
    await visible(page.getByText('Visibility score'));
    await visible(page.getByRole('heading', { name: 'Share of voice' }));

    // The PDF, downloaded from the page with the person's session.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // A share link, shown once.
    await page.getByRole('button', { name: 'Create share link' }).click();
    const field = page.getByRole('textbox', { name: /The link/ });
    await visible(field);
    const url = await field.inputValue();
    expect(url).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);
    await visible(page.getByRole('list', { name: 'Share links' }).getByText(/Active, no expiry/));
    await shoot(page, 'report', () => visible(page.getByText('Visibility score')), [PHONE]);
    await page.setViewportSize({ width: PHONE, height: 800 });
    expect(await hasSidewaysScroll(page)).toBe(false);
    expect(errors).toEqual([]);

    // A fresh browser context: no token, no stored workspace.
    for (const colorScheme of ['light', 'dark'] as const) {
      const fresh = await session.newPage({ width: PHONE, height: 800, colorScheme });
      const response = await fresh.page.goto(url);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['x-robots-tag']).toContain('noindex');
      await visible(fresh.page.getByRole('heading', { name: new RegExp(`^${MEASURED_BRAND}:`) }));
      expect(await fresh.page.locator('meta[name="robots"]').getAttribute('content')).toContain(
        'noindex',
      );
      expect(await fresh.page.evaluate(() => localStorage.length)).toBe(0);
      expect(await hasSidewaysScroll(fresh.page)).toBe(false);
      const dir = process.env.SCREENSHOT_DIR;
      if (dir) {
        mkdirSync(dir, { recursive: true });
        await fresh.page.screenshot({
          path: join(dir, `report-shared-${PHONE}-${colorScheme}.png`),
          fullPage: true,
        });
      }
      if (colorScheme === 'light') {
        const [shared] = await Promise.all([
          fresh.page.waitForEvent('download'),
          fresh.page.getByRole('link', { name: 'Download PDF' }).click(),
        ]);
        expect(
          readFileSync((await shared.path())!)
            .subarray(0, 5)
            .toString(),
        ).toBe('%PDF-');
        // The app itself is not behind the link: the page may not connect anywhere (its CSP),
        // and the API, asked from the same fresh browser, wants a sign-in.
        expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");
        const answer = await fresh.context.request.post('/graphql', {
          data: { query: '{ reports { id } }' },
        });
        const api = await answer.text();
        expect(api).toContain('UNAUTHENTICATED');
      }
    }
  }, 240_000);
});
