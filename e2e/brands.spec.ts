import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlAs, signInFreshUser, TEST_PASSWORD, uniqueEmail } from './support/auth';
import { type BrowserSession, baseUrl, launchBrowser } from './support/browser';
import { gone, hasSidewaysScroll, visible, waitForPath } from './support/expect';

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
});

/** A finished quick check; the same brand and domain within 24 h is one check (no new job). */
async function completedQuickCheck(): Promise<string> {
  const response = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation ($input: QuickScoreInput!) { startQuickScore(input: $input) { id } }',
      variables: {
        input: {
          brandName: 'Northwind CRM',
          website: 'northwindcrm.com',
          industry: 'CRM software',
        },
      },
    }),
  });
  const body = (await response.json()) as { data: { startQuickScore: { id: string } } };
  return body.data.startQuickScore.id;
}

// Screenshots for a person to look at: set SCREENSHOT_DIR to keep them. Each theme is a real
// reload with the stored preference, as a person would see it.
async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('lumen-theme', t), theme);
    await page.reload();
    await visible(page.getByRole('heading', { level: 1 }));
    // Not networkidle: live badges keep a subscription open, so the network is never idle.
    // Wait for the skeletons to go.
    await page.waitForFunction(() => !document.querySelector('[aria-label^="Loading"]'));
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(dir, `${name}-${theme}.png`), fullPage: true });
  }
}

const brandIdFrom = (page: Page) => new URL(page.url()).pathname.split('/')[2] ?? '';

describe('brands', () => {
  it('signs up from a quick check result and lands on the brand with its numbers', async () => {
    const requestId = await completedQuickCheck();
    const { page } = await session.newPage();
    await page.goto(`/visibility/results/${requestId}`);
    const track = page.getByRole('link', { name: 'Track this brand' });
    await visible(track);
    await track.click();
    await waitForPath(page, '/signup');
    expect(new URL(page.url()).searchParams.get('quickScore')).toBe(requestId);
    await page.getByLabel('Email').fill(uniqueEmail('claim'));
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, /^\/campaigns\/[0-9a-f-]{36}$/);
    await visible(page.getByRole('heading', { name: 'Northwind CRM', level: 1 }));
    const score = page.getByTestId('brand-score');
    await visible(score.getByText('From the quick check', { exact: false }));
    expect(await score.getByTestId('score-value').textContent()).toMatch(/^\d{1,3}$/);
    // The keyword links from the setup card and from the numbers' keywords table.
    await visible(page.getByRole('link', { name: /CRM software/ }).first());
    // The sidebar badge counts the new brand at once.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Brands', exact: true })
      .click();
    const panel = page.getByRole('complementary', { name: 'Brands panel' });
    await visible(panel.getByRole('link', { name: /^All brands\s*1$/ }));
    await shoot(page, 'brand-detail-claimed');
  });

  it('creates a brand through the form using the alias tester, imports prompts, edits and deletes it', async () => {
    const { page } = await session.newPage();
    await signInFreshUser(page, '/campaigns');
    await visible(page.getByRole('heading', { name: 'No brands yet' }));
    await shoot(page, 'brand-list-empty');
    await page.getByRole('link', { name: 'Add brand' }).first().click();
    await waitForPath(page, '/campaigns/create');

    await page.getByLabel('Brand name').fill('Acme Analytics');
    await page.getByLabel(/^Aliases/).fill('Acme');
    await page.getByLabel(/^Domains/).fill('https://www.acme-analytics.io/');
    await page
      .getByLabel('Text to test')
      .fill(
        'Top tools:\n1. **Globex** leads the market.\n2. Acme is close behind; acmeology is not.',
      );
    const preview = page.getByTestId('alias-preview');
    await visible(preview.locator('mark', { hasText: 'Acme' }));
    expect(await preview.locator('mark').allTextContents()).toEqual(['Acme']);
    await visible(page.getByText('rank 1 · 1 mention'));
    // The tester found an untracked name: one click makes it a competitor, now ranked.
    await page.getByRole('button', { name: 'Globex' }).click();
    await visible(page.getByText('rank 2 · 1 mention'));
    expect(await preview.locator('mark').allTextContents()).toEqual(['Globex', 'Acme']);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Industry').fill('Web analytics');
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await page.getByLabel('Competitor 1').inputValue()).toBe('Globex');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel(/^Keywords/).fill('web analytics\nproduct analytics');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Create brand' }).click();
    await waitForPath(page, /^\/campaigns\/[0-9a-f-]{36}$/);
    const brandId = brandIdFrom(page);
    await visible(page.getByRole('heading', { name: 'Acme Analytics', level: 1 }));
    await visible(page.getByText('not measured yet'));
    await visible(page.getByRole('link', { name: /product analytics\s*5 prompts/ }));

    // CSV import: a keyword column, a quoted comma, a duplicate row.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'prompts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'prompt,keyword\n"Acme vs Globex, which is better?",conversion tracking\nWhich analytics tool suits shops?,web analytics\nwhich analytics tool suits shops,web analytics\n',
      ),
    });
    await visible(page.getByText('prompts.csv: 3 rows.'));
    await visible(page.getByText('1 duplicate skipped.'));
    await page.getByRole('button', { name: 'Add 2 prompts' }).click();
    await visible(page.getByRole('link', { name: /conversion tracking\s*1 prompt/ }));
    await visible(page.getByRole('link', { name: /web analytics\s*6 prompts/ }));
    await shoot(page, 'brand-detail');

    await page.getByRole('link', { name: /conversion tracking/ }).click();
    await waitForPath(page, /\/keywords\//);
    const row = page.getByRole('row', { name: /Acme vs Globex/ });
    // Kind and branded flag come from the wording and the analyzer; both can be corrected.
    // The prompt's kind (its country and language have selects of their own in the row).
    const kind = row.getByRole('combobox', { name: /^Kind of/ });
    expect(await kind.inputValue()).toBe('COMPARISON');
    expect(await row.getByRole('checkbox', { name: /is branded/ }).isChecked()).toBe(true);
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/graphql') && r.request().method() === 'POST'),
      kind.selectOption('HOW_TO'),
    ]);
    await page.reload();
    expect(
      await page
        .getByRole('row', { name: /Acme vs Globex/ })
        .getByRole('combobox', { name: /^Kind of/ })
        .inputValue(),
    ).toBe('HOW_TO');
    await shoot(page, 'keyword-detail');

    // Edit, with the unsaved-changes guard on a mistaken click.
    await page.goto(`/campaigns/${brandId}/edit`);
    await visible(page.getByRole('heading', { name: 'Edit Acme Analytics', level: 1 }));
    await shoot(page, 'brand-edit');
    await page.getByLabel('Brand name').fill('Acme Insights');
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByRole('link', { name: 'Cancel' }).click();
    await waitForPath(page, `/campaigns/${brandId}/edit`);
    // The browser's Back button asks too: stay keeps the edit, leave goes back for real.
    const stay = page.waitForEvent('dialog');
    await page.evaluate(() => window.history.back());
    const asked = await stay;
    expect(asked.message()).toMatch(/unsaved changes/);
    await asked.dismiss();
    await waitForPath(page, `/campaigns/${brandId}/edit`);
    expect(await page.getByLabel('Brand name').inputValue()).toBe('Acme Insights');
    const leave = page.waitForEvent('dialog');
    await page.evaluate(() => window.history.back());
    await (await leave).accept();
    await waitForPath(page, /\/keywords\//);
    await page.goto(`/campaigns/${brandId}/edit`);
    await visible(page.getByRole('heading', { name: 'Edit Acme Analytics', level: 1 }));
    await page.getByLabel('Brand name').fill('Acme Insights');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await waitForPath(page, `/campaigns/${brandId}`);
    await visible(page.getByRole('heading', { name: 'Acme Insights', level: 1 }));

    await page.goto('/campaigns');
    await visible(page.getByRole('link', { name: 'Acme Insights', exact: true }));
    await shoot(page, 'brand-list');
    await page.getByRole('button', { name: 'Delete Acme Insights' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(/1 competitor, 3 keywords, 12 prompts/));
    await dialog.getByRole('button', { name: 'Delete brand' }).click();
    await gone(dialog);
    await visible(page.getByRole('heading', { name: 'No brands yet' }));
  });

  it('keeps the brand pages within a 600 px window', async () => {
    const { page } = await session.newPage({ width: 600, height: 900 });
    const account = await signInFreshUser(page, '/campaigns/create');
    await visible(page.getByRole('heading', { name: 'Add brand', level: 1 }));
    expect(await hasSidewaysScroll(page)).toBe(false);
    await shoot(page, 'brand-create-600');
    const { createBrand } = await graphqlAs<{
      createBrand: { id: string; keywords: { id: string }[] };
    }>(
      account,
      `mutation ($input: BrandInput!) { createBrand(input: $input) { id keywords { id } } }`,
      {
        input: {
          name: 'Contoso Cloud',
          domains: ['contoso-cloud.example.com'],
          aliases: ['Contoso'],
          industry: 'Cloud hosting',
          engines: ['local-gpt', 'local-claude'],
          schedule: { cadence: 'DAILY', hour: 5, timezone: 'UTC' },
          competitors: [{ name: 'Fabrikam' }, { name: 'Litware' }],
          keywords: ['managed kubernetes'],
        },
      },
    );
    for (const [path, name] of [
      ['/campaigns', 'brand-list-600'],
      [`/campaigns/${createBrand.id}`, 'brand-detail-600'],
      [
        `/campaigns/${createBrand.id}/keywords/${createBrand.keywords[0]!.id}`,
        'keyword-detail-600',
      ],
    ] as const) {
      await page.goto(path);
      await visible(page.getByRole('heading', { level: 1 }));
      expect(await hasSidewaysScroll(page), path).toBe(false);
      await shoot(page, name);
    }
  });
});
