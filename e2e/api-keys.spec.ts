import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlAs, signInWithSession, signUpThroughApi, uniqueEmail } from './support/auth';
import { type BrowserSession, baseUrl, launchBrowser } from './support/browser';
import { hasSidewaysScroll, visible } from './support/expect';
import { PHONE, shoot } from './support/screens';

// Issue 32: an owner creates an API key under Settings → API keys on a 390 px phone, copies the
// secret with the button, and a plain HTTP call (as curl would make it) reads the workspace's
// brands with it; after revoking it in the page, the same call is refused.

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
});

type Answer = {
  data?: { brands: { id: string; name: string }[] } | null;
  errors?: { extensions?: { code?: string } }[];
};

async function listBrands(
  secret: string,
): Promise<{ status: number; headers: Headers; body: Answer }> {
  const res = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ brands { id name } }' }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer };
}

describe('API keys', () => {
  it('creates a key in the UI, copies it, uses it from a plain HTTP call, and revokes it', async () => {
    const owner = await signUpThroughApi(uniqueEmail('api-owner'));
    const { createBrand } = await graphqlAs<{ createBrand: { id: string } }>(
      owner,
      'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
      {
        input: {
          name: 'Keyhole Analytics',
          domains: ['keyhole-analytics.example.com'],
          aliases: ['Keyhole'],
          industry: 'Analytics software',
          engines: ['local-gpt'],
          schedule: { cadence: 'WEEKLY', hour: 6, weekday: 1, timezone: 'UTC' },
          competitors: [],
          keywords: ['web analytics'],
        },
      },
    );

    const { context, page } = await session.newPage({ width: PHONE, height: 844 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await signInWithSession(page, owner, '/settings/api');
    await visible(page.getByRole('region', { name: 'Create an API key' }));
    await visible(page.getByText('No API keys yet'));
    await visible(page.getByRole('region', { name: 'Using the API' }));

    await page.getByLabel('Name', { exact: true }).fill('Reporting script');
    await page.getByLabel('Role', { exact: true }).selectOption('MEMBER');
    await page.getByLabel('Expires', { exact: true }).selectOption('30');
    await page.getByRole('button', { name: 'Create key' }).click();

    const fresh = page.getByRole('region', { name: 'New API key' });
    await visible(fresh);
    await fresh.getByRole('button', { name: 'Copy key' }).click();
    await visible(page.getByText('API key copied.'));
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^lumen_sk_[0-9A-Za-z]{49}$/);
    expect(await fresh.getByLabel('Secret').inputValue()).toBe(copied);

    const keys = page.getByRole('region', { name: 'Keys' });
    await visible(keys.getByText('Reporting script'));
    await visible(keys.getByText(`${copied.slice(0, 17)}…`));
    await visible(keys.getByText('Active'));
    expect(await hasSidewaysScroll(page)).toBe(false);
    await shoot(page, 'settings-api', () => visible(keys.getByText('Reporting script')), [PHONE]);

    // The call a script would make with the copied key.
    const used = await listBrands(copied);
    expect(used.status).toBe(200);
    expect(used.body.errors).toBeUndefined();
    expect(used.body.data!.brands).toEqual([{ id: createBrand.id, name: 'Keyhole Analytics' }]);
    expect(used.headers.get('ratelimit-limit')).toMatch(/^\d+$/);

    // After leaving the page the secret is gone for good: only the prefix is listed.
    await page.reload();
    await visible(keys.getByText('Reporting script'));
    expect(await page.getByRole('region', { name: 'New API key' }).count()).toBe(0);
    expect(await page.content()).not.toContain(copied.slice(9));

    await keys.getByRole('button', { name: 'Revoke Reporting script' }).click();
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await visible(keys.getByText('Revoked', { exact: true }));
    const refused = await listBrands(copied);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
