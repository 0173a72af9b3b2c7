import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFreshUser, signInWithSession } from './support/auth';
import { type BrowserSession, launchBrowser } from './support/browser';
import { gone, hasSidewaysScroll, visible } from './support/expect';

// /publishing/templates: the built-in templates from the server, and a custom one created,
// refused with a field message, edited and deleted.

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
});

// Screenshots for a person to look at: set SCREENSHOT_DIR to keep them (each theme).
async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('lumen-theme', t), theme);
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Templates', level: 1 }));
    await visible(page.getByRole('region', { name: 'Built-in templates' }));
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(dir, `${name}-${theme}.png`), fullPage: true });
  }
}

describe('Templates page', () => {
  it('shows the built-in templates and creates, edits and deletes a custom one', async () => {
    const { page } = await session.newPage({ width: 1280, height: 900 });
    const account = await signInFreshUser(page, '/publishing/templates');
    await visible(page.getByRole('heading', { name: 'Templates', level: 1 }));
    const builtIn = page.getByRole('region', { name: 'Built-in templates' });
    for (const name of [
      'Best-of listicle',
      'Head-to-head comparison',
      'FAQ page',
      'How-to guide',
      'Glossary entry',
    ]) {
      await visible(builtIn.getByRole('heading', { name, level: 3 }));
    }
    await visible(page.getByText('No templates of your own yet'));

    // A new template: an empty section heading is refused in place.
    await page.getByRole('button', { name: 'New template' }).click();
    const form = page.getByRole('form', { name: 'New template' });
    await form.getByLabel('Name').fill('Buyer’s guide');
    await form.getByLabel('Content kind').selectOption('COMPARISON');
    await form.getByLabel('Instructions').fill('Lead with the verdict; cite sources.');
    await form.getByRole('button', { name: 'Create template' }).click();
    await visible(form.getByText('Give the section a heading.'));
    expect(await form.getByLabel('Heading').getAttribute('aria-invalid')).toBe('true');
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({
        path: join(process.env.SCREENSHOT_DIR, 'templates-form-error-1280.png'),
        fullPage: true,
      });
    }
    await form.getByLabel('Heading').fill('Verdict');
    await form.getByRole('button', { name: 'Add section' }).click();
    await form.getByLabel('Heading').nth(1).fill('Pricing');
    await form.getByRole('button', { name: 'Create template' }).click();
    await gone(form);
    const table = page.getByRole('table', { name: 'Your templates' });
    await visible(table.getByText('Buyer’s guide'));
    await visible(table.getByText(/2 sections/));

    // Edit: rename it.
    await table.getByRole('button', { name: 'Edit Buyer’s guide' }).click();
    const edit = page.getByRole('form', { name: 'Edit template' });
    expect(await edit.getByLabel('Name').inputValue()).toBe('Buyer’s guide');
    await edit.getByLabel('Name').fill('Buyer’s guide 2026');
    await edit.getByRole('button', { name: 'Save template' }).click();
    await gone(edit);
    await visible(table.getByText('Buyer’s guide 2026'));

    // From a built-in one: a copy with its sections.
    await builtIn.getByRole('button', { name: 'Start a template from FAQ page' }).click();
    const copy = page.getByRole('form', { name: 'New template' });
    expect(await copy.getByLabel('Name').inputValue()).toBe('FAQ page (copy)');
    expect(await copy.getByLabel('Heading').nth(1).inputValue()).toBe('Questions');
    await copy.getByRole('button', { name: 'Create template' }).click();
    await gone(copy);
    await visible(table.getByText('FAQ page (copy)'));
    await shoot(page, 'templates-1280');

    // The same page at 600 px: no sideways scroll.
    const narrow = await session.newPage({ width: 600, height: 900 });
    await signInWithSession(narrow.page, account, '/publishing/templates');
    await visible(
      narrow.page.getByRole('table', { name: 'Your templates' }).getByText('FAQ page (copy)'),
    );
    expect(await hasSidewaysScroll(narrow.page)).toBe(false);
    await shoot(narrow.page, 'templates-600');

    // Delete, after a confirmation.
    await table.getByRole('button', { name: 'Delete Buyer’s guide 2026' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Buyer’s guide 2026?' });
    await dialog.getByRole('button', { name: 'Delete template' }).click();
    await gone(dialog);
    await gone(table.getByText('Buyer’s guide 2026'));
    await visible(table.getByText('FAQ page (copy)'));
  });
});
