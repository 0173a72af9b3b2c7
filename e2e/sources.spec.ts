import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlAs, signInWithSession, signUpThroughApi, uniqueEmail } from './support/auth';
import { type BrowserSession, collectPageErrors, launchBrowser } from './support/browser';
import { hasSidewaysScroll, visible, waitForPath } from './support/expect';
import { measuredBrand } from './support/measured-brand';
import { DESKTOP, PHONE, shoot } from './support/screens';

// The Sources page (docs/sources.md): a brand measured by the local engines lists the sites its
// answers cite with their share, kind and why; a kind filters the list; a person corrects a
// kind and the page says it is the workspace's correction. A brand without runs says so.

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
});

type Source = { domain: string; kind: string; share: number };

describe('sources page', () => {
  it('lists the cited sites with share and kind, filters by kind, and takes a correction', async () => {
    const account = await signUpThroughApi(uniqueEmail('sources'));
    const { brandId } = await measuredBrand(account);
    const { sources } = await graphqlAs<{ sources: Source[] }>(
      account,
      'query ($b: ID!) { sources(brandId: $b, range: { lastDays: 30 }) { domain kind share } }',
      { b: brandId },
    );
    expect(sources.length).toBeGreaterThan(1);
    const top = sources[0]!;

    const { page } = await session.newPage({ width: DESKTOP, height: 900 });
    const errors = collectPageErrors(page);
    await signInWithSession(page, account, `/campaigns/${brandId}`);
    await page.getByRole('link', { name: 'Sources', exact: true }).click();
    await waitForPath(page, `/campaigns/${brandId}/sources`);

    const table = page.getByRole('table', { name: 'Cited sites' });
    const topRow = table.getByRole('row').filter({ hasText: top.domain });
    await visible(topRow);
    await visible(topRow.getByText(`${(top.share * 100).toFixed(1)} %`));
    // One run, one day: no line to draw yet, and the row says why.
    await visible(topRow.getByText('One day of answers'));
    await shoot(page, 'sources', () => visible(topRow), [PHONE, DESKTOP]);

    // A kind of the list filters it to that kind's sites.
    const other = sources.find((s) => s.kind !== top.kind)!;
    const filters = page.getByRole('group', { name: 'Filter by kind' });
    await filters.getByRole('button', { name: new RegExp(`^${label(other.kind)} ·`) }).click();
    await visible(table.getByRole('row').filter({ hasText: other.domain }));
    await expect.poll(() => table.getByRole('row').filter({ hasText: top.domain }).count()).toBe(0);
    await filters.getByRole('button', { name: /^All ·/ }).click();
    await visible(topRow);

    // A correction: the row says it is the workspace's, and the API agrees.
    await topRow.getByRole('combobox', { name: `Kind of ${top.domain}` }).selectOption('UGC');
    await visible(topRow.getByText('Your workspace’s correction'));
    const after = await graphqlAs<{
      sources: { domain: string; kind: string; kindOrigin: string }[];
    }>(
      account,
      'query ($b: ID!) { sources(brandId: $b, range: { lastDays: 30 }) { domain kind kindOrigin } }',
      { b: brandId },
    );
    expect(after.sources.find((s) => s.domain === top.domain)).toEqual({
      domain: top.domain,
      kind: 'UGC',
      kindOrigin: 'CORRECTION',
    });

    await page.setViewportSize({ width: PHONE, height: 800 });
    await visible(topRow);
    expect(await hasSidewaysScroll(page)).toBe(false);
    expect(errors).toEqual([]);
  });

  it('says when nothing was cited, with the way forward', async () => {
    const account = await signUpThroughApi(uniqueEmail('sources-empty'));
    const { createBrand } = await graphqlAs<{ createBrand: { id: string } }>(
      account,
      'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
      {
        input: {
          name: 'Quietfield CRM',
          domains: ['quietfield.com'],
          aliases: [],
          industry: 'CRM software',
          country: 'Germany',
          language: 'en',
          engines: ['local-gpt'],
          schedule: { cadence: 'WEEKLY', hour: 7, timezone: 'Europe/Berlin' },
          competitors: [],
          keywords: ['CRM software'],
        },
      },
    );
    const { page } = await session.newPage({ width: PHONE, height: 800 });
    await signInWithSession(page, account, `/campaigns/${createBrand.id}/sources`);
    const empty = page.getByText('No citations in this period');
    await visible(empty);
    await visible(page.getByRole('link', { name: 'Open the brand' }));
    await shoot(page, 'sources-empty', () => visible(empty), [PHONE]);
  });
});

function label(kind: string): string {
  return (
    {
      OWNED: 'Yours',
      COMPETITOR: 'Competitor',
      EDITORIAL: 'Editorial',
      UGC: 'Community',
      REFERENCE: 'Reference',
      OTHER: 'Other',
    } as Record<string, string>
  )[kind]!;
}
