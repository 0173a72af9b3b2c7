import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, graphqlAs, signInFreshUser } from './support/auth';
import { type BrowserSession, collectPageErrors, launchBrowser } from './support/browser';
import { hasSidewaysScroll, until, visible, waitForPath } from './support/expect';
import { DESKTOP, shoot } from './support/screens';

// A prompt's own country and language, set on the keyword page, asked by a real run of the local
// engines, and the numbers read per language on the brand page, the dashboard and Analytics
// (docs/metrics.md, "Country and language").

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
});

const NARROW = 600;

type Seeded = { brandId: string; keywordId: string; prompts: { id: string; text: string }[] };

async function seedBrand(account: ApiSession): Promise<Seeded> {
  const { createBrand } = await graphqlAs<{
    createBrand: {
      id: string;
      keywords: { id: string; prompts: { id: string; text: string }[] }[];
    };
  }>(
    account,
    `mutation ($input: BrandInput!) { createBrand(input: $input) {
       id keywords { id prompts { id text } } } }`,
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
  const keyword = createBrand.keywords[0]!;
  return { brandId: createBrand.id, keywordId: keyword.id, prompts: keyword.prompts };
}

async function runAndWait(account: ApiSession, brandId: string): Promise<string> {
  const { startRun } = await graphqlAs<{ startRun: { id: string } }>(
    account,
    'mutation ($b: ID!) { startRun(brandId: $b) { id } }',
    { b: brandId },
  );
  await until(
    async () =>
      (
        await graphqlAs<{ run: { status: string } }>(
          account,
          'query ($id: ID!) { run(id: $id) { status } }',
          { id: startRun.id },
        )
      ).run.status,
    (status) => status === 'COMPLETED' || status === 'FAILED',
  );
  return startRun.id;
}

describe('country and language', () => {
  it('sets a prompt’s language and country, runs, and filters the numbers by language', async () => {
    const { page } = await session.newPage({ width: DESKTOP, height: 1000 });
    const errors = collectPageErrors(page);
    const account = await signInFreshUser(page, '/campaigns');
    const seeded = await seedBrand(account);
    const first = seeded.prompts[0]!;

    // The keyword page: every prompt asks for the brand's place until it names its own.
    await page.goto(`/campaigns/${seeded.brandId}/keywords/${seeded.keywordId}`);
    const language = page.getByRole('combobox', { name: `Language of “${first.text}”` });
    const country = page.getByRole('combobox', { name: `Country of “${first.text}”` });
    await visible(language);
    expect(await language.inputValue()).toBe('');
    expect(await country.locator('option').first().textContent()).toBe('Brand’s: Germany');
    expect(await language.locator('option').first().textContent()).toBe('Brand’s: English');
    await language.selectOption({ label: 'German' });
    await country.selectOption({ label: 'Austria' });
    const stored = await until(
      async () =>
        (
          await graphqlAs<{
            brand: { keywords: { prompts: { id: string; country: string; language: string }[] }[] };
          }>(
            account,
            'query ($id: ID!) { brand(id: $id) { keywords { prompts { id country language } } } }',
            {
              id: seeded.brandId,
            },
          )
        ).brand.keywords[0]!.prompts.find((p) => p.id === first.id)!,
      (p) => p.country === 'AT' && p.language === 'de',
    );
    expect(stored).toMatchObject({ country: 'AT', language: 'de' });
    // The page keeps what it saved across a reload.
    await page.reload();
    await visible(language);
    expect(await language.inputValue()).toBe('de');
    expect(await country.inputValue()).toBe('AT');
    await shoot(page, 'places-keyword-prompts', () => visible(language), [NARROW, DESKTOP]);

    const runId = await runAndWait(account, seeded.brandId);

    // The run page: the German prompt's answers from the offline engines are not localised.
    await page.goto(`/campaigns/${seeded.brandId}/runs/${runId}`);
    await visible(page.getByTestId('answer').first());
    const german = page.getByTestId('answer').filter({ hasText: first.text });
    await visible(german.first().getByText('Not localised'));

    // The brand page: two places in use, so the filter is there; German narrows to 2 answers.
    await page.goto(`/campaigns/${seeded.brandId}`);
    const numbers = page.getByTestId('brand-numbers');
    const mentionRate = numbers.getByRole('region', { name: 'Mention rate' });
    await visible(mentionRate.getByText('10 answers'));
    const languageFilter = numbers.getByRole('combobox', { name: 'Language', exact: true });
    await languageFilter.selectOption({ label: 'German' });
    await visible(mentionRate.getByText('2 answers'));
    expect(new URL(page.url()).searchParams.get('language')).toBe('de');
    await visible(numbers.getByText(/non-branded prompts asked in German, compared/));
    await shoot(page, 'places-brand-numbers', () => visible(mentionRate.getByText('2 answers')), [
      NARROW,
      DESKTOP,
    ]);
    const countryFilter = numbers.getByRole('combobox', { name: 'Country', exact: true });
    await countryFilter.selectOption({ label: 'Germany' });
    // Germany and German together: no answer was asked for both.
    await visible(numbers.getByText('No answers for this country and language'));
    await visible(numbers.getByText(/was asked for Germany in German\./));
    await countryFilter.selectOption({ label: 'All countries' });
    await visible(mentionRate.getByText('2 answers'));

    // The dashboard takes the same filter: the brand's row rests on 2 answers.
    await page.goto('/dashboard?language=de');
    const row = page.getByTestId('dashboard-brand').filter({ hasText: 'Northwind CRM' });
    await visible(row.getByTestId('sample-size').filter({ hasText: 'n = 2' }));
    await visible(page.getByText(/against the 7 before; answers asked in German\./));
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption({
      label: 'All languages',
    });
    await visible(row.getByTestId('sample-size').filter({ hasText: 'n = 10' }));
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption({
      label: 'German',
    });
    await visible(row.getByTestId('sample-size').filter({ hasText: 'n = 2' }));
    await shoot(
      page,
      'places-dashboard',
      () => visible(row.getByTestId('sample-size').filter({ hasText: 'n = 2' })),
      [NARROW, DESKTOP],
    );

    // Analytics always offers the filter, and its exports carry it.
    await page.goto(`/analytics?brand=${seeded.brandId}&language=de`);
    await waitForPath(page, '/analytics');
    const analyticsLanguage = page.getByRole('combobox', { name: 'Language', exact: true });
    await visible(analyticsLanguage);
    expect(await analyticsLanguage.inputValue()).toBe('de');
    await visible(page.getByRole('region', { name: 'Mention rate' }).getByText('2 answers'));
    const exported = page.waitForRequest((r) => r.url().includes('/export/answers.csv'));
    await page.getByRole('button', { name: /Answers CSV/ }).click();
    const url = new URL((await exported).url());
    expect(url.searchParams.get('language')).toBe('de');

    expect(await hasSidewaysScroll(page)).toBe(false);
    expect(errors).toEqual([]);
  });
});
