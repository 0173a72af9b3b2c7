import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, graphqlAs, signInFreshUser } from './support/auth';
import { type BrowserSession, collectPageErrors, launchBrowser } from './support/browser';
import { gone, hasSidewaysScroll, visible } from './support/expect';

// A brand's numbers in the real product: not measured yet, then one real run by the local
// engines, read back from the daily rollups on the brand page and on the dashboard.

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

async function seedBrand(account: ApiSession): Promise<string> {
  const { createBrand } = await graphqlAs<{ createBrand: { id: string } }>(
    account,
    `mutation ($input: BrandInput!) { createBrand(input: $input) { id } }`,
    {
      input: {
        name: 'Northwind CRM',
        domains: ['northwindcrm.com'],
        aliases: [],
        industry: 'CRM software',
        country: 'Germany',
        language: 'en',
        engines: ['local-gpt', 'local-claude'],
        schedule: { cadence: 'WEEKLY', hour: 7, timezone: 'Europe/Berlin' },
        competitors: [{ name: 'Relaymark', domains: ['relaymark.com'], aliases: [] }],
        keywords: ['CRM software'],
      },
    },
  );
  return createBrand.id;
}

describe('brand numbers', () => {
  it('shows "not measured yet", then the KPIs, trend, engines and share of voice after a run', async () => {
    const { page } = await session.newPage({ height: 1600 });
    const errors = collectPageErrors(page);
    const account = await signInFreshUser(page, '/campaigns');
    const brandId = await seedBrand(account);
    await page.goto(`/campaigns/${brandId}`);
    const numbers = page.getByTestId('brand-numbers');
    await visible(numbers.getByRole('heading', { name: 'Not measured yet' }));

    await numbers.getByRole('button', { name: 'Run now' }).click();
    await visible(page.locator('[data-testid=run-panel][data-status=COMPLETED]'));
    // The run's day is rolled up as it completes; the page reads the numbers again.
    const score = numbers.getByTestId('brand-score');
    await visible(score);
    const value = await score.getByTestId('score-value').textContent();
    expect(value).toMatch(/^\d{1,3}$/);
    await visible(score.getByText(/^\d+ = round\(0\.40 × /));
    const mentionRate = numbers.getByRole('region', { name: 'Mention rate' });
    await visible(mentionRate.getByText(/^95 % interval \d+–\d+/));
    await visible(mentionRate.getByText('10 answers'));
    // One day measured, none before: no change to call.
    await visible(score.getByText('no earlier 30 days to compare'));
    await visible(numbers.getByTestId('trend-chart'));
    for (const engine of ['local-gpt', 'local-claude']) {
      await visible(numbers.getByTestId(`engine-row-${engine}`));
    }
    await visible(
      numbers.getByRole('list', { name: 'Share of voice by brand' }).getByText('Relaymark'),
    );
    await shoot(page, 'numbers-brand-detail');

    // The chart's table alternative, and the range kept in the URL.
    await numbers.getByRole('button', { name: 'Show table' }).click();
    const table = numbers.getByRole('table', { name: 'Trend by day' });
    await visible(table);
    await gone(numbers.getByTestId('trend-chart'));
    await numbers.getByText('7 days', { exact: true }).click();
    expect(new URL(page.url()).searchParams.get('range')).toBe('7');
    // Header + 7 days once the week is read (the month stays on screen until then).
    await gone(table.getByRole('row').nth(8));
    await visible(table.getByRole('row').nth(7));
    expect(await table.getByRole('row').count()).toBe(8);

    // The dashboard lists the brand with the same score and its sparkline row.
    await page.goto('/dashboard');
    const row = page.getByTestId('dashboard-brand').filter({ hasText: 'Northwind CRM' });
    await visible(row);
    await visible(row.getByText(value!, { exact: true }));
    await visible(page.getByRole('heading', { name: 'What moved since last week' }));
    expect(await hasSidewaysScroll(page)).toBe(false);

    // Competitors: the tracked rival beside the brand, and a discovered name tracked in one click.
    await page.goto(`/competitors?brand=${brandId}`);
    const board = page.getByRole('table', { name: 'Competitors side by side' });
    await visible(board.getByRole('rowheader', { name: 'Relaymark' }));
    await visible(board.getByRole('rowheader', { name: 'Northwind CRM' }));
    await shoot(page, 'numbers-competitors');
    const track = page.getByRole('button', { name: 'Track as competitor' }).first();
    await visible(track);
    await track.click();
    await visible(page.getByText(/is now tracked as a competitor of Northwind CRM\./));
    await visible(board.getByRole('rowheader').nth(2));

    // Analytics: one engine only, and the CSV of what is shown.
    await page.goto(`/analytics?brand=${brandId}&range=7`);
    await visible(page.getByTestId('brand-score'));
    await page.getByText('Local Claude-style (offline)', { exact: true }).click();
    expect(new URL(page.url()).searchParams.get('engines')).toBe('local-claude');
    await visible(page.getByRole('region', { name: 'Mention rate' }).getByText('5 answers'));
    // Both files come from the gateway (streamed from Postgres) under the same filter.
    const save = async (name: string) => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name }).click(),
      ]);
      return readFileSync(await download.path(), 'utf8').split('\r\n');
    };
    const answers = await save('Answers CSV');
    expect(answers[0]).toBe(
      'run_date,engine,served_model,prompt,keyword,branded,brand_mentioned,brand_rank,competitors_mentioned,cited_domains,own_domain_cited,sentiment,country,language',
    );
    expect(answers.at(-1)).toBe('');
    expect(answers.slice(1, -1)).toHaveLength(5);
    for (const line of answers.slice(1, -1))
      expect(line).toMatch(/^\d{4}-\d{2}-\d{2},local-claude,/);
    const metrics = await save('Metrics CSV');
    expect(metrics[0]).toBe(
      'date,engine,answers,score,mention_rate,mention_rate_low,mention_rate_high,position_weighted,share_of_voice,citation_rate,average_rank,sentiment',
    );
    expect(metrics.slice(1, -1)).toHaveLength(1);
    expect(metrics[1]).toMatch(/^\d{4}-\d{2}-\d{2},local-claude,5,/);
    expect(errors).toEqual([]);
  });
});
