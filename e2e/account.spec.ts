import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  graphqlAs,
  signInWithSession,
  signUpThroughApi,
  TEST_PASSWORD,
  uniqueEmail,
} from './support/auth';
import { type BrowserSession, baseUrl, launchBrowser } from './support/browser';
import { hasSidewaysScroll, until, visible, waitForPath } from './support/expect';
import { PHONE, shoot } from './support/screens';
import { type ScriptedAnswer, seedCompletedRun } from './support/seed-run';

// Settings → Profile and Plan and usage (issue 30), on a 390 px phone in both themes: a person
// names themselves, changes their password, signs out everywhere and deletes their account; the
// usage section shows a month's answers per engine against the plan.

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
});

async function passwordSignIn(
  email: string,
  password: string,
): Promise<{ status: number; token: string | null }> {
  const config = (await (await fetch(`${baseUrl()}/config.json`)).json()) as {
    supabaseAnonKey: string;
  };
  const res = await fetch(`${baseUrl()}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: config.supabaseAnonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { access_token?: string };
  return { status: res.status, token: body.access_token ?? null };
}

/** Whether the gateway now refuses this access token (its session has ended). */
async function refused(token: string): Promise<boolean> {
  const res = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ me { id } }' }),
  });
  const body = (await res.json()) as { errors?: { extensions?: { code?: string } }[] };
  return body.errors?.[0]?.extensions?.code === 'UNAUTHENTICATED';
}

describe('Settings → Profile', () => {
  it('names the person, changes the password with the current one, and signs out everywhere', async () => {
    const email = uniqueEmail('profile');
    const account = await signUpThroughApi(email);
    const { page } = await session.newPage({ width: PHONE, height: 844 });
    await signInWithSession(page, account, '/settings/profile');

    await page.getByLabel('Display name').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Save name' }).click();
    await visible(page.getByText('Display name saved.'));
    const named = await graphqlAs<{ me: { displayName: string } }>(
      account,
      '{ me { displayName } }',
    );
    expect(named.me.displayName).toBe('Ada Lovelace');
    expect(await hasSidewaysScroll(page)).toBe(false);
    await shoot(page, 'settings-profile', () => visible(page.getByLabel('Display name')), [PHONE]);

    // A wrong current password is refused and said so; the right one changes it.
    const card = page.getByRole('region', { name: 'Password' });
    // Another device, signed in with the old password.
    const laptop = await passwordSignIn(email, TEST_PASSWORD);
    expect(laptop.status).toBe(200);
    await card.getByLabel('Current password').fill('not my password');
    await card.getByLabel('New password', { exact: true }).fill('a brand new secret 42');
    await card.getByLabel('Repeat new password').fill('a brand new secret 42');
    await card.getByRole('button', { name: 'Change password' }).click();
    await visible(card.getByText('Current password is incorrect.'));
    await card.getByLabel('Current password').fill(TEST_PASSWORD);
    await card.getByRole('button', { name: 'Change password' }).click();
    await visible(page.getByText('Password changed. Your other devices are signed out.'));
    expect((await passwordSignIn(email, TEST_PASSWORD)).status).toBe(400);
    expect((await passwordSignIn(email, 'a brand new secret 42')).status).toBe(200);
    // The other device is signed out (the gateway may believe a live session for a few seconds).
    expect(await until(() => refused(laptop.token!))).toBe(true);
    expect(await refused(account.access_token)).toBe(false);

    // Sign out everywhere ends this browser's session too.
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await waitForPath(page, '/login');
    expect(await until(() => refused(account.access_token))).toBe(true);
  });

  it('deletes the account after the typed email and the password', async () => {
    const email = uniqueEmail('leaver');
    const account = await signUpThroughApi(email);
    const { page } = await session.newPage({ width: PHONE, height: 844, colorScheme: 'light' });
    await signInWithSession(page, account, '/settings/profile');
    const zone = page.getByRole('region', { name: 'Delete account' });
    const button = zone.getByRole('button', { name: 'Delete my account' });
    await visible(button);
    expect(await button.isDisabled()).toBe(true);
    await zone.getByLabel(`Type ${email} to confirm`).fill(email);
    await zone.getByLabel('Password').fill(TEST_PASSWORD);
    await button.click();
    await waitForPath(page, '/login');
    await visible(page.getByText('Your account was deleted.'));
    expect((await passwordSignIn(email, TEST_PASSWORD)).status).toBe(400);
  });
});

describe('Settings → Plan and usage', () => {
  it('shows the month’s answers per engine and brands, prompts and seats against the plan', async () => {
    const account = await signUpThroughApi(uniqueEmail('usage'));
    const me = await graphqlAs<{ me: { workspaces: { id: string }[] } }>(
      account,
      '{ me { workspaces { id } } }',
    );
    const { createBrand } = await graphqlAs<{
      createBrand: { id: string; keywords: { prompts: { id: string; branded: boolean }[] }[] };
    }>(
      account,
      `mutation ($input: BrandInput!) { createBrand(input: $input) {
         id keywords { prompts { id branded } } } }`,
      {
        input: {
          name: 'Usage Analytics',
          domains: ['usage-analytics.example.com'],
          aliases: [],
          industry: 'Analytics software',
          engines: ['local-gpt', 'local-claude'],
          schedule: { cadence: 'WEEKLY', hour: 6, weekday: 1, timezone: 'UTC' },
          competitors: [],
          keywords: ['product analytics'],
        },
      },
    );
    const prompts = createBrand.keywords[0]!.prompts.filter((p) => !p.branded).slice(0, 3);
    const answer = (engine: string) =>
      prompts.map<ScriptedAnswer>((p) => ({
        promptId: p.id,
        engine,
        text: 'Try Usage Analytics.',
      }));
    await seedCompletedRun({
      workspaceId: me.me.workspaces[0]!.id,
      brandId: createBrand.id,
      startedAt: new Date(Date.now() - 60_000),
      answers: [...answer('local-gpt'), ...answer('local-claude').slice(0, 2)],
    });

    const { page } = await session.newPage({ width: PHONE, height: 844 });
    await signInWithSession(page, account, '/settings/usage');
    const bars = page.getByTestId('usage-by-engine');
    await visible(bars);
    expect(await bars.getByRole('listitem').count()).toBe(2);
    await visible(
      page.getByRole('region', { name: 'Limits' }).getByText('Brands', { exact: true }),
    );
    await visible(page.getByText(/^Seats/));
    expect(await hasSidewaysScroll(page)).toBe(false);
    await shoot(page, 'settings-usage', () => visible(page.getByTestId('usage-by-engine')), [
      PHONE,
    ]);

    // An earlier month: no answers, and it says what fills it.
    const last = new Date();
    last.setUTCDate(1);
    last.setUTCMonth(last.getUTCMonth() - 1);
    await page.getByLabel('Month', { exact: true }).selectOption(last.toISOString().slice(0, 7));
    await visible(page.getByText(`No answers in ${last.toISOString().slice(0, 7)}`));
  });
});

describe('Settings → Workspace: export and delete', () => {
  it('downloads the full export, then deletes the workspace after its typed name', async () => {
    const owner = await signUpThroughApi(uniqueEmail('client-owner'));
    const { createWorkspace } = await graphqlAs<{ createWorkspace: { id: string } }>(
      owner,
      'mutation { createWorkspace(name: "Client Hooli") { id } }',
    );
    const { page } = await session.newPage({ width: PHONE, height: 844 });
    await signInWithSession(page, owner, '/config.json');
    await page.evaluate((id) => localStorage.setItem('lumen-workspace', id), createWorkspace.id);
    await page.goto('/settings/workspace');
    const zone = page.getByRole('region', { name: 'Delete workspace' });
    await visible(zone);
    expect(await hasSidewaysScroll(page)).toBe(false);
    await shoot(
      page,
      'settings-workspace',
      () => visible(page.getByRole('region', { name: 'Delete workspace' })),
      [PHONE],
    );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^client-hooli-export-\d{4}-\d{2}-\d{2}\.zip$/);

    const button = zone.getByRole('button', { name: 'Delete this workspace' });
    await zone.getByLabel('Type Client Hooli to confirm').fill('Client Hoo');
    expect(await button.isDisabled()).toBe(true);
    await zone.getByLabel('Type Client Hooli to confirm').fill('Client Hooli');
    await button.click();
    await waitForPath(page, '/dashboard');
    const { me } = await graphqlAs<{ me: { workspaces: { name: string; personal: boolean }[] } }>(
      owner,
      '{ me { workspaces { name personal } } }',
    );
    expect(me.workspaces.map((w) => w.personal)).toEqual([true]);
  });
});

describe('Settings → Workspace: defaults for new brands', () => {
  it('fills a new brand’s form with the workspace’s defaults', async () => {
    const owner = await signUpThroughApi(uniqueEmail('defaults'));
    const { page } = await session.newPage({ width: PHONE, height: 844 });
    await signInWithSession(page, owner, '/settings/workspace');
    const card = page.getByRole('region', { name: 'Defaults for new brands' });
    await visible(card.getByRole('button', { name: 'Save defaults' }));
    await card.getByLabel('Cadence').selectOption('DAILY');
    await card.getByLabel('Time zone').fill('Europe/Berlin');
    await card.getByLabel('Language').fill('de');
    await card.getByLabel('Country').fill('Germany');
    await card.getByRole('button', { name: 'Save defaults' }).click();
    await visible(page.getByText('Defaults for new brands saved.'));
    expect(await hasSidewaysScroll(page)).toBe(false);

    await page.goto('/campaigns/create');
    await page.getByLabel('Brand name').fill('Defaults Brand');
    await page.getByRole('button', { name: 'Next' }).click();
    await visible(page.getByLabel('Language'));
    expect(await page.getByLabel('Language').inputValue()).toBe('de');
    expect(await page.getByLabel('Country').inputValue()).toBe('Germany');
  });
});
