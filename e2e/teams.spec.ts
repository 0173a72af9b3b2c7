import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  graphqlAs,
  signInWithSession,
  signUpThroughApi,
  TEST_PASSWORD,
  uniqueEmail,
} from './support/auth';
import { type BrowserSession, launchBrowser } from './support/browser';
import { gone, hasSidewaysScroll, visible, waitForPath } from './support/expect';
import { PHONE, shoot } from './support/screens';

// Issue 30: an owner invites a colleague, who signs up from the link, reads the brands as a
// viewer, cannot change them, and can once made a member. On a 390 px phone; the screenshots
// are taken in both themes (docs/testing.md, "Screenshots").

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
});

describe('teams', () => {
  it('invites a colleague who signs up from the link, views as VIEWER and edits as MEMBER', async () => {
    const owner = await signUpThroughApi(uniqueEmail('owner'));
    const { createBrand } = await graphqlAs<{ createBrand: { id: string } }>(
      owner,
      'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
      {
        input: {
          name: 'Teamwork CRM',
          domains: ['teamwork-crm.example.com'],
          aliases: ['Teamwork'],
          industry: 'CRM software',
          engines: ['local-gpt', 'local-claude'],
          schedule: { cadence: 'WEEKLY', hour: 6, weekday: 1, timezone: 'UTC' },
          competitors: [],
          keywords: ['crm for agencies'],
        },
      },
    );
    const brandId = createBrand.id;
    const colleagueEmail = uniqueEmail('colleague');

    // The owner invites from Settings → Members and copies the link.
    const { page: ownerPage } = await session.newPage({ width: PHONE, height: 844 });
    await signInWithSession(ownerPage, owner, '/settings/members');
    await visible(ownerPage.getByRole('region', { name: 'Invite someone' }));
    await visible(ownerPage.getByText(/1 of \d+ seats used/));
    await ownerPage.getByLabel('Email', { exact: true }).fill(colleagueEmail);
    await ownerPage.getByLabel('Role', { exact: true }).selectOption('VIEWER');
    await ownerPage.getByRole('button', { name: 'Invite', exact: true }).click();
    const linkField = ownerPage.getByLabel('Invitation link');
    await visible(linkField);
    const link = await linkField.inputValue();
    expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    await visible(
      ownerPage.getByRole('region', { name: 'Invitations (1)' }).getByText(colleagueEmail),
    );
    expect(await hasSidewaysScroll(ownerPage)).toBe(false);
    await shoot(
      ownerPage,
      'settings-members',
      () => visible(ownerPage.getByRole('region', { name: 'Invitations (1)' })),
      [PHONE],
    );

    // The colleague opens the link signed out, signs up, and comes back to join.
    const { page } = await session.newPage({ width: PHONE, height: 844, colorScheme: 'light' });
    await page.goto(new URL(link).pathname);
    await waitForPath(page, '/signup');
    await page.getByLabel('Email').fill(colleagueEmail);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, /^\/invite\//);
    await shoot(
      page,
      'invite',
      () => visible(page.getByRole('button', { name: 'Join the workspace' })),
      [PHONE],
    );
    await page.getByRole('button', { name: 'Join the workspace' }).click();
    await waitForPath(page, '/campaigns');
    await visible(page.getByRole('link', { name: 'Teamwork CRM', exact: true }));
    expect(await hasSidewaysScroll(page)).toBe(false);

    // As a viewer the change is refused, with the reason.
    await page.goto(`/campaigns/${brandId}/edit`);
    await visible(page.getByRole('heading', { name: 'Edit Teamwork CRM', level: 1 }));
    await page.getByLabel('Brand name').fill('Teamwork CRM Suite');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(page.getByText(/role in this workspace does not allow this/).first());

    // The owner makes them a member.
    await ownerPage.goto('/settings/members');
    await ownerPage.getByLabel(`Role of ${colleagueEmail}`).selectOption('MEMBER');
    await visible(ownerPage.getByText(`${colleagueEmail} is now member.`));

    // Now the same change goes through.
    await page.goto(`/campaigns/${brandId}/edit`);
    await visible(page.getByRole('heading', { name: 'Edit Teamwork CRM', level: 1 }));
    await page.getByLabel('Brand name').fill('Teamwork CRM Suite');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await waitForPath(page, `/campaigns/${brandId}`);
    await visible(page.getByRole('heading', { name: 'Teamwork CRM Suite', level: 1 }));
    // The colleague's settings show both people, and the switcher offers both workspaces.
    await page.goto('/settings/members');
    await visible(page.getByRole('region', { name: 'Members (2)' }));
    await shoot(
      page,
      'settings-members-as-member',
      () => visible(page.getByRole('region', { name: 'Members (2)' })),
      [PHONE],
    );

    // The activity log shows all of it: to the owner (dark) with the colleague's email, and
    // to the colleague (light), who reads it too.
    const colleagueName = colleagueEmail.split('@')[0]!;
    const entries = [
      'Edited brand “Teamwork CRM Suite”',
      'Changed a member’s role: Viewer → Member',
      'Joined as Viewer',
      'Invited someone as Viewer',
      'Created brand “Teamwork CRM”',
    ];
    await ownerPage.goto('/logs');
    await visible(ownerPage.getByRole('heading', { name: 'Activity log', level: 1 }));
    const ownerLog = ownerPage.getByRole('region', { name: 'Activity' });
    for (const message of entries) await visible(ownerLog.getByText(message, { exact: true }));
    await visible(ownerLog.getByText(`${colleagueName} (${colleagueEmail})`).first());
    const texts = await ownerLog.getByTestId('activity-entry').allInnerTexts();
    const order = entries.map((m) => texts.findIndex((t) => t.includes(m)));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(await hasSidewaysScroll(ownerPage)).toBe(false);
    // A row links to its subject: the brand's page.
    await ownerLog.getByRole('link', { name: 'Edited brand “Teamwork CRM Suite”' }).click();
    await waitForPath(ownerPage, `/campaigns/${brandId}`);

    await page.goto('/logs');
    const log = page.getByRole('region', { name: 'Activity' });
    for (const message of entries) await visible(log.getByText(message, { exact: true }));
    // Filtered to one person: the colleague's own entries only.
    await page.getByLabel('Person').selectOption({ label: colleagueName });
    await visible(log.getByText('Edited brand “Teamwork CRM Suite”', { exact: true }));
    await gone(log.getByText('Invited someone as Viewer', { exact: true }));
    expect(await hasSidewaysScroll(page)).toBe(false);
    await shoot(
      page,
      'activity-log',
      () => visible(log.getByText('Joined as Viewer', { exact: true })),
      [PHONE],
    );

    // The live tail: the owner's next change appears without a reload.
    await page.getByLabel('Person').selectOption({ label: 'Everyone' });
    await visible(log.getByText('Invited someone as Viewer', { exact: true }));
    await graphqlAs(
      owner,
      'mutation ($id: ID!) { setBrandStatus(id: $id, status: PAUSED) { id } }',
      {
        id: brandId,
      },
    );
    await visible(log.getByText('Paused brand “Teamwork CRM Suite”', { exact: true }));
  });
});
