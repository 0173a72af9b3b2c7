import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiSession,
  graphqlAs,
  signInWithSession,
  signUpThroughApi,
  uniqueEmail,
} from './support/auth';
import { type BrowserSession, collectPageErrors, launchBrowser } from './support/browser';
import { hasSidewaysScroll, visible, waitForPath } from './support/expect';
import { MEASURED_BRAND, measuredBrand } from './support/measured-brand';
import { PHONE } from './support/screens';
import { seedTechnicalOpportunity } from './support/seed-run';

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
});

// Screenshots for a person to look at: set SCREENSHOT_DIR to keep them.
async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('lumen-theme', t), theme);
    await page.reload();
    await visible(page.getByRole('heading', { level: 1 }));
    // Not networkidle: the live badge keeps a subscription open. Wait for the skeletons to go.
    await page.waitForFunction(() => !document.querySelector('[aria-label^="Loading"]'));
    await page.screenshot({ path: join(dir, `${name}-${theme}.png`), fullPage: true });
  }
}

/** Serious or critical axe violations of the page, in both themes (a real reload each). */
async function violations(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('lumen-theme', t), theme);
    await page.reload();
    await visible(page.getByRole('heading', { level: 1 }));
    await page.waitForFunction(() => !document.querySelector('[aria-label^="Loading"]'));
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'])
      .analyze();
    for (const v of results.violations) {
      if (v.impact === 'serious' || v.impact === 'critical') {
        found.push(`${theme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      }
    }
  }
  return found;
}

const COMPETITORS = ['Relaymark', 'Salesmith'];

/**
 * A brand measured by the real worker on the local engines: the run completes, its gap
 * analysis runs on the gap-analysis queue and leaves opportunities (competitors named, the
 * brand, unknown to the corpus, missing).
 */

async function openCount(account: ApiSession): Promise<number> {
  const { navigationCounts } = await graphqlAs<{ navigationCounts: { opportunities: number } }>(
    account,
    '{ navigationCounts { opportunities } }',
  );
  return navigationCounts.opportunities;
}

const columnCount = async (page: Page, status: string) =>
  Number(await page.getByTestId(`column-count-${status}`).textContent());

describe('opportunities', () => {
  it('opens one from the list, reads its evidence, moves it on the board by keyboard and by drag, dismisses it with a reason', async () => {
    const account = await signUpThroughApi();
    await measuredBrand(account);
    const { page } = await session.newPage({ height: 1200 });
    const errors = collectPageErrors(page);
    await signInWithSession(page, account, '/publishing/opportunities');

    // The list, most impactful first; open the first one.
    const list = await visible(page.getByRole('list', { name: 'Opportunities' }));
    const first = list.getByRole('link').first();
    const title = (await first.textContent()) ?? '';
    expect(title).toContain(`${MEASURED_BRAND} is missing from`);
    expect(await violations(page)).toEqual([]);
    await shoot(page, 'opportunities-list');
    await first.click();
    await waitForPath(page, /^\/opportunities\/[0-9a-f-]{36}$/);
    await visible(page.getByRole('heading', { level: 1, name: title }));

    // Its evidence: competitors named instead, highlighted in real answer excerpts; sources.
    const excerpts = await visible(page.getByRole('list', { name: 'Answer excerpts' }));
    const marked = await excerpts.locator('mark').allTextContents();
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.every((m) => COMPETITORS.includes(m))).toBe(true);
    const named = page.locator('section', {
      has: page.getByRole('heading', { name: 'Named instead' }),
    });
    expect(await named.textContent()).toMatch(/Relaymark|Salesmith/);
    await visible(page.getByRole('table', { name: 'Cited sources' }));
    const where = page.locator('section', {
      has: page.getByRole('heading', { name: 'Where the gap shows' }),
    });
    const prompt = (await where.locator('dt:text-is("Prompt") + dd').first().textContent()) ?? '';
    const engines = await where
      .locator('dt:text-is("Engines") + dd > span.rounded-md')
      .allTextContents();
    expect(prompt.length).toBeGreaterThan(2);
    expect(engines.length).toBeGreaterThan(0);
    await visible(page.getByRole('heading', { name: 'Suggested outline' }));
    expect(await violations(page)).toEqual([]);
    await shoot(page, 'opportunity-detail');

    // The board: the card moves to Planned with the keyboard; columns and the badge agree.
    await page.goto('/publishing/pipeline');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: title }) });
    await visible(card);
    // Clamped titles read alike: the card also shows the prompt and the engines showing the gap.
    expect(await card.getByTestId('card-prompt').textContent()).toBe(prompt);
    expect(await card.getByTestId('card-engines').textContent()).toBe(engines.join(', '));
    expect(await violations(page)).toEqual([]);
    const newBefore = await columnCount(page, 'NEW');
    await card.focus();
    await page.keyboard.press('ArrowRight');
    const planned = page.getByRole('region', { name: /^Planned, / });
    await visible(planned.getByRole('link', { name: title }));
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="column-count-NEW"]')?.textContent === String(n),
      newBefore - 1,
    );
    expect(await columnCount(page, 'PLANNED')).toBe(1);
    const open =
      (await columnCount(page, 'NEW')) +
      (await columnCount(page, 'PLANNED')) +
      (await columnCount(page, 'IN_PROGRESS'));
    expect(await openCount(account)).toBe(open);
    // The sidebar badge says the same, live.
    await page.getByRole('button', { name: 'Opportunities' }).first().click();
    const badge = page.getByRole('link', { name: /^Opportunities/ }).getByText(String(open));
    await visible(badge);
    await shoot(page, 'opportunities-pipeline');

    // Drag it on to In progress (the columns it may go to are the drop targets), once the
    // toasts, which sit over the board's top right, are gone: a drop on a toast is no drop.
    const inProgress = page.getByRole('region', { name: /^In progress, / });
    await expect
      .poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 30_000 })
      .toBe(0);
    await planned
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: title }) })
      // Dropped near the column's top: a long board makes its centre fall off the screen.
      .dragTo(inProgress, { targetPosition: { x: 40, y: 40 } });
    await visible(inProgress.getByRole('link', { name: title }));
    await page.waitForFunction(
      () => document.querySelector('[data-testid="column-count-IN_PROGRESS"]')?.textContent === '1',
    );

    // Dismiss it from the board: a reason is required.
    const moved = inProgress
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: title }) });
    await moved.focus();
    await page.keyboard.press('Delete');
    const dialog = await visible(page.getByRole('dialog', { name: 'Dismiss this opportunity?' }));
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await visible(dialog.getByText('Say why, so the team knows later.'));
    await dialog.getByLabel('Reason').fill('We do not sell to agencies');
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    const dismissed = page.getByRole('region', { name: /^Dismissed, / });
    await visible(dismissed.getByRole('link', { name: title }));
    expect(await openCount(account)).toBe(open - 1);
    // The screenshots reloaded the page, which closes the panel: open it again.
    if (!(await page.getByRole('link', { name: /^Opportunities/ }).isVisible())) {
      await page.getByRole('button', { name: 'Opportunities' }).first().click();
    }
    const panelLink = page.getByRole('link', { name: /^Opportunities/ });
    if (open - 1 > 0) await visible(panelLink.getByText(String(open - 1)));
    else
      await page.waitForFunction(
        () =>
          !/\d/.test(
            [...document.querySelectorAll('a')].find((a) =>
              a.textContent?.startsWith('Opportunities'),
            )?.textContent ?? '',
          ),
      );

    // The history keeps who moved it and why.
    // By keyboard: the toasts of the moves above may still cover the card.
    await dismissed.getByRole('link', { name: title }).focus();
    await page.keyboard.press('Enter');
    const history = await visible(page.getByRole('list', { name: 'Status history' }));
    await visible(history.getByText('Planned → In progress'));
    await visible(history.getByText('In progress → Dismissed'));
    await visible(history.getByText('“We do not sell to agencies”'));
    expect(errors).toEqual([]);
  });

  it('shows a site audit finding on its technical opportunity: severity, evidence and the fix', async () => {
    const owner = await signUpThroughApi(uniqueEmail('technical'));
    const { createBrand, me } = await graphqlAs<{
      createBrand: { id: string };
      me: { workspaces: { id: string }[] };
    }>(owner, `mutation ($input: BrandInput!) { createBrand(input: $input) { id } }`, {
      input: {
        name: 'Quayside Books',
        domains: ['quayside-books.example.com'],
        aliases: [],
        industry: 'Bookkeeping software',
        engines: ['local-gpt'],
        schedule: { cadence: 'WEEKLY', hour: 6, weekday: 1, timezone: 'UTC' },
        competitors: [],
        keywords: ['bookkeeping'],
      },
    }).then(async (made) => ({
      ...made,
      ...(await graphqlAs<{ me: { workspaces: { id: string }[] } }>(
        owner,
        '{ me { workspaces { id } } }',
      )),
    }));
    const id = await seedTechnicalOpportunity({
      workspaceId: me.workspaces[0]!.id,
      brandId: createBrand.id,
      title: 'GPTBot may not read the site',
      finding: {
        key: 'access:gptbot',
        area: 'access',
        severity: 'high',
        title: 'GPTBot may not read the site',
        evidence: 'line 5: Disallow: /',
        fix: 'Allow GPTBot in robots.txt, or remove the Disallow line of its group.',
        url: null,
      },
    });
    const { page } = await session.newPage({ width: PHONE, height: 844 });
    const errors = collectPageErrors(page);
    await signInWithSession(page, owner, `/opportunities/${id}`);
    const card = page.getByRole('region', { name: 'What the site audit found' });
    await visible(card.getByText('High: costs visibility now'));
    await visible(card.getByText('line 5: Disallow: /'));
    await visible(card.getByText('Allow GPTBot in robots.txt', { exact: false }));
    // A finding has no answers behind it: no empty "where the gap shows".
    expect(await page.getByText('Where the gap shows').count()).toBe(0);
    expect(await hasSidewaysScroll(page)).toBe(false);
    await shoot(page, 'opportunity-technical');
    expect(errors).toEqual([]);
  });
});
