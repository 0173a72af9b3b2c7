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
import { DESKTOP, PHONE, shoot } from './support/screens';
import { type ScriptedAnswer, seedCompletedRun, seedOpportunity } from './support/seed-run';

// The agency view (docs/reports.md, "Agency view"): a person in two client workspaces finds it
// in the workspace menu, sees both workspaces' brands on one table, and a row opens that brand in
// its own workspace. Loading and error states, both themes, a 390 px phone.

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
});

async function clientWithBrand(name: string, domain: string) {
  const owner = await signUpThroughApi(uniqueEmail('client'));
  const { me } = await graphqlAs<{ me: { workspaces: { id: string }[] } }>(
    owner,
    '{ me { workspaces { id } } }',
  );
  const workspaceId = me.workspaces[0]!.id;
  const { createBrand } = await graphqlAs<{ createBrand: { id: string } }>(
    owner,
    'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
    {
      input: {
        name,
        domains: [domain],
        aliases: [],
        industry: 'Outdoor gear',
        engines: ['local-gpt', 'local-claude'],
        schedule: { cadence: 'WEEKLY', hour: 6, weekday: 1, timezone: 'UTC' },
        competitors: [],
        keywords: ['best hiking boots'],
      },
    },
  );
  const { brand } = await graphqlAs<{ brand: { keywords: { prompts: { id: string }[] }[] } }>(
    owner,
    'query ($id: ID!) { brand(id: $id) { keywords { prompts { id } } } }',
    { id: createBrand.id },
  );
  const prompts = brand.keywords.flatMap((k) => k.prompts.map((p) => p.id));
  return { owner, workspaceId, brandId: createBrand.id, prompts };
}

const DAY = 86_400_000;

/** A completed run `daysAgo` where every prompt gets `text` from both engines. */
async function measure(
  client: { workspaceId: string; brandId: string; prompts: string[] },
  daysAgo: number,
  text: string,
) {
  const answers = client.prompts.flatMap((promptId) =>
    ['local-gpt', 'local-claude'].map<ScriptedAnswer>((engine) => ({ promptId, engine, text })),
  );
  await seedCompletedRun({
    workspaceId: client.workspaceId,
    brandId: client.brandId,
    startedAt: new Date(Date.now() - daysAgo * DAY),
    answers,
  });
}

async function invite(owner: ApiSession, workspaceId: string, who: ApiSession, role: string) {
  const { inviteMember } = await graphqlAs<{ inviteMember: { acceptUrl: string } }>(
    owner,
    `mutation ($w: ID!, $e: String!, $r: WorkspaceRole!) {
       inviteMember(workspaceId: $w, email: $e, role: $r) { acceptUrl } }`,
    { w: workspaceId, e: who.user.email, r: role },
  );
  await graphqlAs(who, 'mutation ($t: String!) { acceptInvitation(token: $t) { id } }', {
    t: inviteMember.acceptUrl.split('/').pop(),
  });
}

const table = (page: Page) => page.getByRole('table', { name: 'Brands of every workspace' });

describe('agency view', () => {
  it('shows every client workspace’s brands and opens one in its workspace', async () => {
    const harbour = await clientWithBrand('Harbourline Foods', 'harbourline.example.com');
    const kestrel = await clientWithBrand('Kestrel Outdoor', 'kestrel-outdoor.example.com');
    const stranger = await clientWithBrand('Stranger Things Co', 'stranger.example.com');
    // Kestrel moved: absent from every answer the month before, named in every one this month.
    // Harbourline is named in every answer both months, first then second: a change in score
    // whose mention rate did not move, so it is within noise, not a fall.
    await measure(kestrel, 40, '1. **Trailmark** makes the best hiking boots.');
    await measure(
      kestrel,
      2,
      '1. **Kestrel Outdoor** makes the best hiking boots.\n2. **Trailmark**.',
    );
    await measure(harbour, 40, '1. **Harbourline Foods** is the pick.\n2. **Trailmark**.');
    await measure(harbour, 2, '1. **Trailmark** is the pick.\n2. **Harbourline Foods** is close.');
    await seedOpportunity({
      workspaceId: harbour.workspaceId,
      brandId: harbour.brandId,
      promptId: harbour.prompts[0]!,
      title: 'Harbourline Foods is missing from boot reviews',
      impact: 60,
    });
    const agent = await signUpThroughApi(uniqueEmail('agency'));
    await invite(harbour.owner, harbour.workspaceId, agent, 'VIEWER');
    await invite(kestrel.owner, kestrel.workspaceId, agent, 'MEMBER');

    const { page } = await session.newPage({ width: PHONE, height: 844 });
    const errors = collectPageErrors(page);
    // The overview is held until its loading state was seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('AgencyOverview')) await held;
      await route.continue().catch(() => {});
    });
    await signInWithSession(page, agent, '/agency');
    const loading = page.getByRole('status', { name: 'Loading brands of every workspace' });
    await visible(loading);
    await shoot(page, 'agency-loading', () => visible(loading), [PHONE]);
    release();
    await page.unroute('**/graphql');

    const rows = table(page);
    await visible(rows.getByRole('link', { name: 'Kestrel Outdoor' }));
    await visible(rows.getByRole('link', { name: 'Harbourline Foods' }));
    // The agent's own workspace has no brands: it is on the table, saying so.
    await visible(rows.getByText('No brands yet'));
    expect(await rows.getByText('Stranger Things Co').count()).toBe(0);
    // Each brand's change with the product's verdict: a real move, and a change within noise.
    const row = (name: string) => rows.locator('tbody tr', { hasText: name });
    await visible(row('Kestrel Outdoor').getByText('moved up').filter({ visible: true }));
    await visible(row('Harbourline Foods').getByText('within noise').filter({ visible: true }));
    expect(await row('Harbourline Foods').getByText(/moved/).count()).toBe(0);
    await visible(
      row('Harbourline Foods').getByText('1 open opportunity').filter({ visible: true }),
    );
    expect(await hasSidewaysScroll(page)).toBe(false);
    // On a phone the table fits its card: nothing hides behind a sideways scroll.
    expect(
      await rows.evaluate((t) => t.scrollWidth <= (t.parentElement?.clientWidth ?? 0) + 1),
    ).toBe(true);
    await shoot(
      page,
      'agency',
      () => visible(rows.getByRole('link', { name: 'Kestrel Outdoor' })),
      [PHONE, 600, DESKTOP],
    );

    // Sorting by brand puts Harbourline before Kestrel, then after it.
    await page.setViewportSize({ width: DESKTOP, height: 900 });
    // On a wide window the count has its own column.
    await visible(row('Harbourline Foods').locator('td').last().getByText('1', { exact: true }));
    // The brands' links in table order (an empty workspace's row links to adding one).
    const brandNames = async () =>
      (await rows.locator('tbody a').allTextContents()).map((t) => t.trim());
    await rows.getByRole('button', { name: 'Brand' }).click();
    const ascending = (await brandNames()).filter((n) => n !== 'add one');
    expect(ascending).toEqual(['Harbourline Foods', 'Kestrel Outdoor']);
    await rows.getByRole('button', { name: 'Brand' }).click();
    const descending = (await brandNames()).filter((n) => n !== 'add one');
    expect(descending).toEqual(['Kestrel Outdoor', 'Harbourline Foods']);

    // The sidebar's workspace switcher and the account menu both offer the view.
    await page.goto('/dashboard');
    await visible(page.getByRole('link', { name: 'Agency view: all workspaces' }));
    await page.getByRole('button', { name: agent.user.email, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Agency view: all workspaces' }).click();
    await waitForPath(page, '/agency');

    // A row opens its brand in its own workspace.
    await table(page).getByRole('link', { name: 'Kestrel Outdoor' }).click();
    await waitForPath(page, `/campaigns/${kestrel.brandId}`);
    await visible(page.getByRole('heading', { name: 'Kestrel Outdoor', level: 1 }));
    expect(await page.evaluate(() => localStorage.getItem('lumen-workspace'))).toBe(
      kestrel.workspaceId,
    );
    expect(stranger.workspaceId).not.toBe(kestrel.workspaceId);
    expect(errors).toEqual([]);
  });

  it('says what went wrong when the overview cannot be read', async () => {
    const agent = await signUpThroughApi(uniqueEmail('agency-error'));
    const { page } = await session.newPage({ width: PHONE, height: 844, colorScheme: 'light' });
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('AgencyOverview')) {
        await route.fulfill({ status: 503, body: 'unavailable' });
        return;
      }
      await route.continue().catch(() => {});
    });
    await signInWithSession(page, agent, '/agency');
    const retry = page.getByRole('button', { name: /Try again|Retry/ });
    await visible(retry);
    await shoot(page, 'agency-error', () => visible(retry), [PHONE, DESKTOP]);
  });
});
