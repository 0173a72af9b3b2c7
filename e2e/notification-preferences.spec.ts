import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlAs, signInWithSession, signUpThroughApi, uniqueEmail } from './support/auth';
import { type BrowserSession, launchBrowser } from './support/browser';
import { hasSidewaysScroll, visible } from './support/expect';
import { DESKTOP, PHONE, shoot } from './support/screens';

// Issue 36, "Email me": a person chooses which events reach their own mailbox and their digest,
// on a 390 px phone. The e2e server has no SMTP, so the page says email is not configured and
// the choices are still kept.

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
});

describe('Settings → Notifications → Email me', () => {
  it('starts from the defaults, saves a choice and keeps it, and says email is off', async () => {
    const person = await signUpThroughApi(uniqueEmail('email-me'));
    const { page } = await session.newPage({ width: PHONE, height: 844 });
    await signInWithSession(page, person, '/settings/notifications');
    const card = page.getByRole('region', { name: 'Email me' });
    await visible(card.getByText('Email is not configured on this Lumen server', { exact: false }));
    await visible(card.getByText('These are the defaults', { exact: false }));

    // The defaults: failures by email, the weekly digest.
    expect(await card.getByLabel('Run failed').isChecked()).toBe(true);
    expect(await card.getByLabel('Publishing failed').isChecked()).toBe(true);
    expect(await card.getByLabel('Score moved').isChecked()).toBe(false);
    expect(await card.getByLabel('How often').inputValue()).toBe('WEEKLY');
    // The owner's warning that a channel was turned off is on by default, and can be turned off.
    const channelOff = 'A webhook or Slack channel was turned off';
    expect(await card.getByLabel(channelOff).isChecked()).toBe(true);
    await card.getByLabel(channelOff).uncheck();

    await card.getByLabel('Score moved').check();
    await card.getByLabel('Run failed').uncheck();
    await card.getByLabel('How often').selectOption('DAILY');
    await card.getByLabel('Hour').selectOption('18');
    await card.getByLabel('Time zone').selectOption('Europe/Berlin');
    await card.getByRole('button', { name: 'Save email preferences' }).click();
    await visible(page.getByText('Email preferences saved.'));

    const saved = await graphqlAs<{
      notificationPreferences: Record<string, unknown>;
    }>(
      person,
      '{ notificationPreferences { emailEvents digestFrequency digestHour timezone saved } }',
    );
    expect(saved.notificationPreferences).toEqual({
      emailEvents: expect.arrayContaining(['publish.failed', 'ingestion.failed', 'score.moved']),
      digestFrequency: 'DAILY',
      digestHour: 18,
      timezone: 'Europe/Berlin',
      saved: true,
    });
    expect(saved.notificationPreferences.emailEvents).not.toContain('run.failed');
    expect(saved.notificationPreferences.emailEvents).not.toContain('webhook.disabled');

    await page.reload();
    const again = page.getByRole('region', { name: 'Email me' });
    await visible(again.getByLabel('Score moved'));
    expect(await again.getByLabel('Score moved').isChecked()).toBe(true);
    expect(await again.getByLabel('Run failed').isChecked()).toBe(false);
    expect(await again.getByLabel('Time zone').inputValue()).toBe('Europe/Berlin');
    // The digest choice is kept: daily at 18:00.
    expect(await again.getByLabel('How often').inputValue()).toBe('DAILY');
    expect(await again.getByLabel('Hour').inputValue()).toBe('18');
    expect(await again.getByLabel('A webhook or Slack channel was turned off').isChecked()).toBe(
      false,
    );
    expect(await again.getByText('These are the defaults', { exact: false }).count()).toBe(0);

    expect(await hasSidewaysScroll(page)).toBe(false);
    await shoot(page, 'settings-email-me', () => visible(again.getByLabel('Score moved')), [
      PHONE,
      600,
      DESKTOP,
    ]);
  });
});
