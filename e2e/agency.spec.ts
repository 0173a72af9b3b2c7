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
  return { owner, workspaceId, brandId: createBrand.id };
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
    await visible(rows.getByText('not measured in the range').first());
    expect(await hasSidewaysScroll(page)).toBe(false);
    await shoot(
      page,
      'agency',
      () => visible(rows.getByRole('link', { name: 'Kestrel Outdoor' })),
      [PHONE, 600, DESKTOP],
    );

    // Sorting by brand puts Harbourline before Kestrel, then after it.
    await page.setViewportSize({ width: DESKTOP, height: 900 });
    const brandNames = () =>
      rows
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => tr.querySelectorAll('td')[1]?.textContent?.trim() ?? ''),
        );
    await rows.getByRole('button', { name: 'Brand' }).click();
    const ascending = (await brandNames()).filter((n) => !n.startsWith('No brands'));
    expect(ascending).toEqual(['Harbourline Foods', 'Kestrel Outdoor']);
    await rows.getByRole('button', { name: 'Brand' }).click();
    const descending = (await brandNames()).filter((n) => !n.startsWith('No brands'));
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
