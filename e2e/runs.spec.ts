import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, graphqlAs, signInFreshUser } from './support/auth';
import { type BrowserSession, collectPageErrors, launchBrowser } from './support/browser';
import { gone, hasSidewaysScroll, visible, waitForPath } from './support/expect';

// Brand runs in the real product: the gateway, the worker and the local engines answering from
// the seed corpus. Each test seeds its own account and brand through the API.

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
});

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

const LOCAL_ENGINES = ['local-gpt', 'local-claude', 'local-gemini', 'local-perplexity'];

/** Northwind CRM with two competitors and two keywords: 10 prompts × 4 local engines. */
async function seedBrand(account: ApiSession, name = 'Northwind CRM'): Promise<string> {
  const { createBrand } = await graphqlAs<{ createBrand: { id: string } }>(
    account,
    `mutation ($input: BrandInput!) { createBrand(input: $input) { id } }`,
    {
      input: {
        name,
        domains: ['northwindcrm.com'],
        aliases: [],
        industry: 'CRM software',
        country: 'Germany',
        language: 'en',
        engines: LOCAL_ENGINES,
        schedule: { cadence: 'WEEKLY', hour: 7, timezone: 'Europe/Berlin' },
        competitors: [
          { name: 'Relaymark', domains: ['relaymark.com'], aliases: [] },
          { name: 'Salesmith', domains: ['salesmith.com'], aliases: [] },
        ],
        keywords: ['CRM software', 'sales pipeline tool'],
      },
    },
  );
  return createBrand.id;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('brand runs', () => {
  it('runs a brand now from its page: live per-engine progress to a result, history, answers', async () => {
    const { page } = await session.newPage({ height: 1400 });
    const errors = collectPageErrors(page);
    const account = await signInFreshUser(page, '/campaigns');
    const brandId = await seedBrand(account);
    await page.goto(`/campaigns/${brandId}`);
    await visible(page.getByRole('heading', { name: 'Northwind CRM', level: 1 }));
    await visible(page.getByText(/^No run yet\. A run asks/));
    await visible(page.getByText(/^No runs yet\./));

    await page.getByRole('button', { name: 'Run now' }).first().click();
    // The panel follows the run without a reload: to COMPLETED, every engine with its 10 answers.
    const panel = page.locator('[data-testid=run-panel][data-status=COMPLETED]');
    await visible(panel);
    await visible(page.getByRole('button', { name: 'Run now' }).first());
    expect(await page.getByRole('button', { name: 'Run now' }).first().isEnabled()).toBe(true);
    await visible(panel.getByText('40 of 40'));
    for (const label of ['ChatGPT', 'Claude', 'Gemini', 'Perplexity']) {
      await visible(panel.getByRole('listitem').filter({ hasText: label }).getByText('10/10'));
    }
    // The score card shows the run's score, the history its row.
    const score = await page.getByTestId('brand-score').getByTestId('score-value').textContent();
    expect(score).toMatch(/^\d{1,3}$/);
    const history = page.getByRole('table', { name: 'Runs' });
    await visible(history.getByText('Completed', { exact: true }));
    await visible(history.getByText('40/40'));
    await shoot(page, 'run-brand-detail-completed');

    // The answers: mentions highlighted, sources with their owner, filtered by engine.
    await page.getByRole('link', { name: 'Answers' }).click();
    await waitForPath(page, /^\/campaigns\/[0-9a-f-]{36}\/runs\/[0-9a-f-]{36}$/);
    const answers = page.getByTestId('answer');
    await visible(answers.first());
    expect(await answers.count()).toBe(20);
    await visible(page.locator('mark', { hasText: 'Northwind CRM' }).first());
    await visible(page.locator('mark', { hasText: 'Relaymark' }).first());
    await visible(page.getByText('Third party').first());
    await page.getByRole('button', { name: 'Show more answers' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=answer]').length === 40,
    );
    const gemini = page.getByRole('button', { name: /Gemini/ });
    await gemini.click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=answer]').length === 10,
    );
    for (const text of await answers.allTextContents()) expect(text).toContain('Gemini');
    await shoot(page, 'run-answers');
    expect(errors).toEqual([]);
  });

  it('shows a live run on the brand list and a toast when a run ends elsewhere', async () => {
    const { page } = await session.newPage();
    const account = await signInFreshUser(page, '/campaigns');
    const brandId = await seedBrand(account, 'Contoso Cloud');
    await page.goto('/campaigns');
    const row = page.getByRole('row').filter({ hasText: 'Contoso Cloud' });
    await visible(row.getByText('not measured yet'));
    await row.getByRole('button', { name: 'Run Contoso Cloud now' }).click();
    // The list's icon asks first, with the estimate the brand page shows beside its button.
    const dialog = page.getByRole('dialog', { name: 'Run Contoso Cloud now?' });
    await visible(
      dialog.getByText(/^This run would ask about \d+ answers, free \(local engine\)\.$/),
    );
    await shoot(page, 'run-now-estimate-list');
    await dialog.getByRole('button', { name: 'Run now' }).click();
    // The list's score cell moves to the run's score without a reload, and the list is
    // "elsewhere" too: the toast comes here, then leaves.
    await visible(row.getByTestId('score-value'));
    await visible(page.getByText('Contoso Cloud: run finished'));
    await gone(page.getByText('Contoso Cloud: run finished'));

    // Elsewhere in the app, a run that finishes brings a toast with a way to it.
    // In-app navigation keeps the layout (and its open subscription) mounted.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
    await graphqlAs(account, 'mutation ($id: ID!) { startRun(brandId: $id) { id } }', {
      id: brandId,
    });
    const toast = page.getByText('Contoso Cloud: run finished');
    await visible(toast);
    await shoot(page, 'run-finished-toast');
    await page.getByRole('button', { name: 'View' }).click();
    await waitForPath(page, new RegExp(`^/campaigns/${brandId}/runs/[0-9a-f-]{36}$`));
    await visible(page.getByTestId('answer').first());
  });

  it('still follows a run to its end by polling when live updates cannot connect', async () => {
    const { page } = await session.newPage();
    const account = await signInFreshUser(page, '/campaigns');
    const brandId = await seedBrand(account, 'Fabrikam Sales');
    // Every subscription (GraphQL over SSE) fails; queries and mutations go through.
    await page.route('**/graphql', (route) =>
      (route.request().headers().accept ?? '').includes('text/event-stream')
        ? route.abort()
        : route.continue(),
    );
    await page.goto(`/campaigns/${brandId}`);
    await page.getByRole('button', { name: 'Run now' }).first().click();
    const panel = page.locator('[data-testid=run-panel][data-status=COMPLETED]');
    await visible(panel);
    await visible(panel.getByText('40 of 40'));
  });

  it.each(['dark', 'light'] as const)(
    'has nothing serious for axe on the brand with a run and on the run (%s)',
    async (theme) => {
      const { page } = await session.newPage();
      await page.addInitScript((value) => localStorage.setItem('lumen-theme', value), theme);
      const account = await signInFreshUser(page, '/campaigns');
      const brandId = await seedBrand(account);
      await page.goto(`/campaigns/${brandId}`);
      await page.getByRole('button', { name: 'Run now' }).first().click();
      await visible(page.locator('[data-testid=run-panel][data-status=COMPLETED]'));
      await visible(page.getByRole('table', { name: 'Runs' }));
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Answers' }).click();
      await visible(page.getByTestId('answer').first());
      expect(await seriousViolations(page)).toEqual([]);
    },
  );

  it('fits a 600 px screen in the light theme', async () => {
    const { page } = await session.newPage({ width: 600, colorScheme: 'light' });
    const account = await signInFreshUser(page, '/campaigns');
    const brandId = await seedBrand(account);
    await page.evaluate(() => localStorage.setItem('lumen-theme', 'light'));
    await page.goto(`/campaigns/${brandId}`);
    await page.getByRole('button', { name: 'Run now' }).first().click();
    await visible(page.locator('[data-testid=run-panel][data-status=COMPLETED]'));
    expect(await hasSidewaysScroll(page)).toBe(false);
    await page.getByRole('link', { name: 'Answers' }).click();
    await visible(page.getByTestId('answer').first());
    expect(await hasSidewaysScroll(page)).toBe(false);
    await shoot(page, 'run-answers-600-light');
  });
});
