import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlAs, signInFreshUser, signInWithSession, signUpThroughApi } from './support/auth';
import { type BrowserSession, collectPageErrors, launchBrowser } from './support/browser';
import { gone, hasSidewaysScroll, visible, waitForPath } from './support/expect';
import { measuredBrand } from './support/measured-brand';

// From an opportunity to an approved draft: "Create content" orders it, the orders page shows
// the worker writing it live, the editor saves versions, a save from a stale version (another
// tab or the API saved first) is refused with CONFLICT and nothing is lost; the composer's
// placeholders are listed and hold approval back until they are filled in; then it is approved.
// With SCREENSHOT_DIR set, the pages are kept in both themes at 1280 and 390 px.

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
});

async function shoot(page: Page, name: string, ready: () => Promise<unknown>): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('lumen-theme', t), theme);
    await page.reload();
    await ready();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(dir, `${name}-${theme}.png`), fullPage: true });
  }
}

/** Serious or critical axe violations of the page, in both themes (a real reload each). */
async function violations(page: Page, ready: () => Promise<unknown>): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('lumen-theme', t), theme);
    await page.reload();
    await ready();
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

const DRAFT = `query ($id: ID!) { draft(id: $id) { id title slug body excerpt metaTitle metaDescription
  categories tags version status } }`;

describe('drafts', () => {
  it('creates content from an opportunity, follows the order live, edits, hits CONFLICT from a stale version, approves', async () => {
    const account = await signUpThroughApi();
    const { opportunities } = await measuredBrand(account);
    const opportunity = opportunities[0]!;
    const { page } = await session.newPage({ width: 1280, height: 1000 });
    const errors = collectPageErrors(page);
    const streams: string[] = [];
    page.on('request', (request) => {
      if ((request.postData() ?? '').includes('OrderUpdated')) streams.push(request.url());
    });
    await signInWithSession(page, account, `/opportunities/${opportunity.id}`);

    // The dialog is pre-filled with a built-in template; no site is connected yet.
    await page.getByRole('button', { name: 'Create content' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create content' });
    await visible(dialog);
    const template = dialog.getByLabel('Template');
    await expect.poll(() => template.inputValue()).not.toBe('');
    expect(await template.locator('option:checked').textContent()).toMatch(/\(built-in\)$/);
    expect(await dialog.getByLabel('WordPress site').inputValue()).toBe('');
    // A comparison: its pricing section needs facts Lumen does not have (a placeholder).
    await template.selectOption({ label: 'Head-to-head comparison (built-in)' });
    // The composer writes in milliseconds, so the list is made to read the order as it was
    // when ordered (QUEUED, no draft): only the orderUpdated subscription can then move the row.
    let rewritten = false;
    await page.route('**/graphql', async (route) => {
      // Only the first read: the page's own re-read once the order is done must see the truth.
      if (rewritten || !(route.request().postData() ?? '').includes('query Orders')) {
        return route.continue();
      }
      const response = await route.fetch();
      const body = (await response.json()) as {
        data: { orders: { edges: { node: Record<string, unknown> }[] } };
      };
      for (const { node } of body.data.orders.edges) {
        Object.assign(node, { status: 'QUEUED', draft: null, writer: null });
      }
      rewritten = true;
      await route.fulfill({ response, json: body });
    });
    await dialog.getByRole('button', { name: 'Create content' }).click();
    await waitForPath(page, '/publishing/orders');

    // The row reaches "Draft ready" without a reload: the subscription pushes it.
    const table = page.getByRole('table', { name: 'Orders' });
    await visible(table.getByRole('link', { name: opportunity.title, exact: true }));
    await visible(table.getByTestId('order-status').filter({ hasText: 'Draft ready' }));
    expect(rewritten).toBe(true);
    expect(streams.length).toBeGreaterThan(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    expect(await table.getByText('Lumen composer (no AI provider)').count()).toBe(1);
    await shoot(page, 'orders-1280', () => visible(table.getByTestId('order-status')));

    await table.getByRole('link', { name: /Open the draft for/ }).click();
    await waitForPath(page, /\/publishing\/drafts\/[0-9a-f-]{36}$/);
    const draftId = page.url().split('/').at(-1)!;
    await visible(page.getByRole('heading', { level: 1 }));
    const title = page.getByLabel('Title', { exact: true });
    const generated = await title.inputValue();
    expect(generated.length).toBeGreaterThan(10);
    await visible(page.getByText('Version 1', { exact: true }));

    // Preview renders the markdown.
    await page.getByRole('tab', { name: 'Preview' }).click();
    await visible(page.getByTestId('draft-preview').locator('h2').first());
    await page.getByRole('tab', { name: 'Write' }).click();

    // A link the publishing path would refuse is a visible warning in the preview, not a word.
    const bodyField = page.getByLabel('Body (Markdown)');
    const generatedBody = await bodyField.inputValue();
    await bodyField.fill(`[Read the pricing](javascript&#58;alert(1))\n\n${generatedBody}`);
    await page.getByRole('tab', { name: 'Preview' }).click();
    const warning = page.getByTestId('draft-preview').getByRole('note').first();
    await visible(warning);
    expect(await warning.textContent()).toMatch(
      /⚠ Read the pricing \(Link removed: javascript: links are not allowed.*It will not be published\.\)/,
    );
    expect(await page.getByTestId('draft-preview').locator('a[href^="javascript"]').count()).toBe(
      0,
    );
    if (process.env.SCREENSHOT_DIR) {
      mkdirSync(process.env.SCREENSHOT_DIR, { recursive: true });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        for (const theme of ['light', 'dark'] as const) {
          await page.evaluate(
            (t) => document.documentElement.classList.toggle('dark', t === 'dark'),
            theme,
          );
          await warning.scrollIntoViewIfNeeded();
          await page.screenshot({
            path: join(
              process.env.SCREENSHOT_DIR,
              `draft-preview-refused-link-${width}-${theme}.png`,
            ),
          });
        }
      }
      await page.setViewportSize({ width: 1280, height: 1000 });
    }
    await page.getByRole('tab', { name: 'Write' }).click();
    await bodyField.fill(generatedBody);

    // Meta counters follow the text.
    const metaTitle = page.getByLabel('Meta title');
    await metaTitle.fill('Best CRM for small agencies');
    await visible(page.getByText('27 / 60'));

    // Save → version 2.
    await title.fill('Best CRM for small agencies, compared');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByText('Saved as version 2'));
    await visible(page.getByText('Version 2', { exact: true }));

    // Unsaved edits: leaving through a link asks first; staying keeps them.
    await page.getByLabel('Excerpt').fill('Three CRMs compared on what AI assistants say.');
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.message());
        void d.dismiss();
      }),
    );
    await page.locator(`a[href="/opportunities/${opportunity.id}"]`).first().click();
    expect(await asked).toMatch(/unsaved changes/i);
    expect(page.url()).toContain(draftId);

    // Meanwhile someone saves through the API (as a second tab would): version 3.
    const { draft } = await graphqlAs<{ draft: Record<string, unknown> & { version: number } }>(
      account,
      DRAFT,
      { id: draftId },
    );
    const { id: _id, version, status: _s, ...input } = draft;
    expect(version).toBe(2);
    await graphqlAs(
      account,
      `mutation ($id: ID!, $input: DraftInput!, $version: Int!) {
         updateDraft(id: $id, input: $input, version: $version) { version } }`,
      { id: draftId, version: 2, input: { ...input, title: 'Title from the other tab' } },
    );
    await visible(page.getByText(/Someone saved version 3 while you were editing/));

    // Our save names version 2: CONFLICT, and nothing of theirs is overwritten.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(
      page.getByRole('alert').filter({ hasText: 'Someone saved this draft after you opened it' }),
    );
    const after = await graphqlAs<{
      draft: { title: string; version: number; excerpt: string | null };
    }>(account, DRAFT, { id: draftId });
    expect(after.draft).toMatchObject({ title: 'Title from the other tab', version: 3 });
    expect(after.draft.excerpt).not.toBe('Three CRMs compared on what AI assistants say.');

    await page.getByRole('button', { name: 'Reload the latest version' }).click();
    await expect.poll(() => title.inputValue()).toBe('Title from the other tab');
    await visible(page.getByText('Version 3', { exact: true }));

    // Restore version 1: saved as version 4.
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await page
      .getByRole('dialog', { name: 'Restore version 1?' })
      .getByRole('button', { name: 'Restore' })
      .click();
    await visible(page.getByText('Version 1 restored as version 4'));
    await expect.poll(() => title.inputValue()).toBe(generated);

    // The offline composer writes a brief: the editor says so plainly, lists the
    // [[Fill in: …]] places it left, marks them in the preview, and keeps Submit and Approve
    // off with the reason until they are filled in and saved.
    const todo = page.getByTestId('draft-placeholders');
    await visible(todo.getByText(/^This draft is a brief to complete\./));
    const items = todo.getByRole('listitem');
    await visible(items.first());
    const left = await items.count();
    await visible(todo.getByText(left === 1 ? '1 place to fill in' : `${left} places to fill in`));
    await visible(
      todo.getByText(
        'Submit for review and Approve wait until every placeholder is filled in and saved.',
      ),
    );
    const approveButton = page.getByRole('button', { name: 'Approve' });
    const submitButton = page.getByRole('button', { name: 'Submit for review' });
    for (const button of [approveButton, submitButton]) {
      await expect.poll(() => button.isDisabled()).toBe(true);
      expect(await button.getAttribute('aria-describedby')).toBe('draft-review-blocked');
      expect(await button.getAttribute('title')).toMatch(/^This draft still has .* to fill in/);
    }
    const showMarks = async () => {
      await page.getByRole('tab', { name: 'Preview' }).click();
      await visible(page.getByTestId('draft-preview').locator('mark').first());
    };
    await showMarks();
    const marks = page.getByTestId('draft-preview').locator('mark');
    expect(await marks.count()).toBe(left);
    expect(await marks.first().textContent()).toMatch(/^\[\[Fill in: .+\]\]$/);
    if (process.env.SCREENSHOT_DIR) {
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await shoot(page, `draft-editor-placeholders-${width}`, async () => {
          await visible(todo.getByRole('listitem').first());
        });
        await shoot(page, `draft-editor-placeholders-preview-${width}`, async () => {
          await showMarks();
          await page.getByTestId('draft-preview').locator('mark').first().scrollIntoViewIfNeeded();
        });
      }
      await page.setViewportSize({ width: 1280, height: 1000 });
      await showMarks();
    }
    expect(await violations(page, () => visible(todo.getByRole('listitem').first()))).toEqual([]);

    // "Go to it" opens Write with the placeholder selected, ready to be typed over.
    await items.first().getByRole('button').click();
    await expect
      .poll(() =>
        bodyField.evaluate((t) => {
          const area = t as HTMLTextAreaElement;
          return area.value.slice(area.selectionStart, area.selectionEnd);
        }),
      )
      .toMatch(/^\[\[Fill in: .+\]\]$/);

    // Filled in: the list empties as it is typed; once saved (version 5), approval is open.
    await bodyField.fill(
      (await bodyField.inputValue()).replace(/\[\[Fill in:[^\]]*\]\]/g, 'From 12 € a seat.'),
    );
    await gone(todo.getByRole('listitem').first());
    await visible(todo.getByText(/^Save your changes: Submit for review and Approve wait/));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByText('Saved as version 5'));
    await gone(todo.locator('#draft-review-blocked'));
    // Still the composer's draft: the brief notice stays, plain.
    await visible(todo.getByText(/^This draft is a brief to complete\./));
    await expect.poll(() => approveButton.isEnabled()).toBe(true);
    await expect.poll(() => submitButton.isEnabled()).toBe(true);

    // Approve.
    await page.getByRole('button', { name: 'Approve' }).click();
    await visible(page.getByText('Draft approved'));
    await visible(
      page.locator('header').getByTestId('draft-status').filter({ hasText: 'Approved' }).first(),
    );
    await visible(page.getByTestId('draft-publish-slot').getByText(/^Approved /));
    await visible(page.getByTestId('draft-preview-slot'));
    await shoot(page, 'draft-editor-1280', () =>
      visible(page.getByLabel('Title', { exact: true })),
    );
    expect(
      await violations(page, () => visible(page.getByLabel('Title', { exact: true }))),
    ).toEqual([]);

    // The drafts list shows it approved.
    await page.goto('/publishing/drafts');
    const drafts = page.getByRole('table', { name: 'Drafts' });
    await visible(drafts.getByRole('link', { name: generated }));
    await visible(drafts.getByTestId('draft-status').filter({ hasText: 'Approved' }));
    await shoot(page, 'drafts-1280', () => visible(drafts));
    expect(await violations(page, () => visible(drafts))).toEqual([]);
    await page.goto('/publishing/orders');
    expect(
      await violations(page, () => visible(page.getByRole('table', { name: 'Orders' }))),
    ).toEqual([]);

    // Narrow window: no sideways scroll on the three pages.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [
      '/publishing/orders',
      '/publishing/drafts',
      `/publishing/drafts/${draftId}`,
    ]) {
      await page.goto(path);
      await visible(page.getByRole('heading', { level: 1 }));
      await gone(page.locator('[aria-label^="Loading"]'));
      expect(await hasSidewaysScroll(page)).toBe(false);
    }
    await shoot(page, 'draft-editor-390', () => visible(page.getByLabel('Title', { exact: true })));
    await page.goto('/publishing/orders');
    await visible(page.getByTestId('order-status-narrow').filter({ hasText: 'Draft ready' }));
    expect(await hasSidewaysScroll(page)).toBe(false);
    await shoot(page, 'orders-390', () => visible(page.getByTestId('order-status-narrow')));
    expect(errors).toEqual([]);
  });

  it('polls the list instead of opening a stream per order when many are open', async () => {
    const account = await signUpThroughApi();
    const { opportunities } = await measuredBrand(account);
    const { templates } = await graphqlAs<{ templates: { id: string; builtIn: boolean }[] }>(
      account,
      '{ templates { id builtIn } }',
    );
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { createOrder } = await graphqlAs<{ createOrder: { id: string } }>(
        account,
        'mutation ($input: CreateOrderInput!) { createOrder(input: $input) { id } }',
        { input: { opportunityId: opportunities[0]!.id, templateId: templates[0]!.id } },
      );
      ids.push(createOrder.id);
    }
    const { page } = await session.newPage({ width: 1280, height: 900 });
    const streams: string[] = [];
    page.on('request', (request) => {
      if ((request.postData() ?? '').includes('OrderUpdated')) streams.push(request.url());
    });
    // The first read shows all five still queued; only the page's polling can correct it.
    let rewritten = false;
    await page.route('**/graphql', async (route) => {
      if (rewritten || !(route.request().postData() ?? '').includes('query Orders')) {
        return route.continue();
      }
      const response = await route.fetch();
      const body = (await response.json()) as {
        data: { orders: { edges: { node: Record<string, unknown> }[] } };
      };
      for (const { node } of body.data.orders.edges) {
        Object.assign(node, { status: 'QUEUED', draft: null, writer: null });
      }
      rewritten = true;
      await route.fulfill({ response, json: body });
    });
    await signInWithSession(page, account, '/publishing/orders');
    const table = page.getByRole('table', { name: 'Orders' });
    await expect
      .poll(() => table.getByTestId('order-status').filter({ hasText: 'Draft ready' }).count(), {
        timeout: 20_000,
      })
      .toBe(5);
    expect(rewritten).toBe(true);
    expect(streams).toEqual([]);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  it('shows empty, loading and error states', async () => {
    const { page } = await session.newPage({ width: 390, height: 844 });
    await signInFreshUser(page, '/publishing/orders');
    await visible(page.getByText('No orders yet'));
    await shoot(page, 'orders-empty-390', () => visible(page.getByText('No orders yet')));
    await page.goto('/publishing/drafts');
    await visible(page.getByText('No drafts yet'));
    await shoot(page, 'drafts-empty-390', () => visible(page.getByText('No drafts yet')));

    // The list's request never answers: the skeleton says it is loading.
    await page.route('**/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      if (body.includes('query Orders')) return; // left hanging
      await route.continue();
    });
    await page.goto('/publishing/orders');
    await visible(page.getByRole('status', { name: 'Loading orders' }));
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'orders-loading-390.png') });
    }
    await page.unroute('**/graphql');

    // The list's request fails: an error with a retry.
    await page.route('**/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      if (body.includes('query Drafts')) return route.abort('connectionrefused');
      await route.continue();
    });
    await page.goto('/publishing/drafts');
    await visible(page.getByText('Could not load this data'));
    await visible(page.getByRole('button', { name: /Try again|Retry/ }));
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'drafts-error-390.png') });
    }
    await page.unroute('**/graphql');

    // A draft of another workspace (or none) is "not found".
    await page.goto('/publishing/drafts/00000000-0000-4000-8000-000000000000');
    await visible(page.getByRole('heading', { name: 'Draft not found' }));
  });
});
