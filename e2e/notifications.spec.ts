import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithSession, signUpThroughApi, uniqueEmail } from './support/auth';
import { type BrowserSession, launchBrowser } from './support/browser';
import { hasSidewaysScroll, visible } from './support/expect';
import { PHONE, shoot } from './support/screens';

// Issue 36: an owner sets up a webhook and a Slack channel under Settings → Notifications on a
// 390 px phone (loopback receivers; the e2e server allows private hosts), sends a test to each,
// and sees each delivery in the log; the webhook's request is signed with the secret shown once.

type Received = { headers: IncomingHttpHeaders; body: string };

async function receiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, close: () => server.close() };
}

let session: BrowserSession;
let hooks: Awaited<ReturnType<typeof receiver>>;
let slack: Awaited<ReturnType<typeof receiver>>;

beforeAll(async () => {
  [session, hooks, slack] = await Promise.all([launchBrowser(), receiver(), receiver()]);
});

afterAll(async () => {
  await session?.close();
  hooks?.close();
  slack?.close();
});

describe('Settings → Notifications', () => {
  it('configures a webhook and Slack, sends a test to each and shows the delivery log', async () => {
    const owner = await signUpThroughApi(uniqueEmail('alerts-owner'));
    const { page } = await session.newPage({ width: PHONE, height: 844 });
    await signInWithSession(page, owner, '/settings/notifications');
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    await visible(webhooks.getByText('No webhooks yet', { exact: false }));

    await webhooks.getByLabel('Endpoint URL').fill(`${hooks.url}/lumen`);
    await webhooks.getByLabel('Score moved').check();
    await webhooks.getByRole('button', { name: 'Add webhook' }).click();
    const fresh = page.getByRole('region', { name: 'New webhook secret' });
    await visible(fresh);
    const secret = await fresh.getByLabel('Secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await fresh.getByRole('button', { name: 'Done' }).click();

    const hook = webhooks.getByRole('listitem', { name: `${hooks.url}/lumen` });
    await visible(hook);
    await hook.getByRole('button', { name: 'Send a test' }).click();
    const log = hook.getByRole('table', { name: 'Delivery log' });
    await visible(log.getByText('test.ping'));
    await visible(log.getByText(/^200 in \d+ ms$/));
    expect(hooks.received).toHaveLength(1);
    const { headers, body } = hooks.received[0]!;
    const [, t, v1] = String(headers['lumen-signature']).match(/^t=(\d+),v1=([0-9a-f]{64})$/) ?? [];
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));

    const slackCard = page.getByRole('region', { name: 'Slack' });
    await slackCard
      .getByLabel('Slack incoming-webhook URL')
      .fill(`${slack.url}/services/T1/B2/xyzw`);
    await slackCard.getByRole('button', { name: 'Add Slack channel' }).click();
    const channel = slackCard.getByRole('listitem', { name: `${slack.url}/…xyzw` });
    await visible(channel);
    await channel.getByRole('button', { name: 'Send a test' }).click();
    await visible(channel.getByRole('table', { name: 'Delivery log' }).getByText('test.ping'));
    expect(slack.received).toHaveLength(1);
    expect(JSON.parse(slack.received[0]!.body).blocks[0]).toMatchObject({ type: 'header' });

    // The impact from which a new opportunity is sent: refused out of range, kept when saved.
    const threshold = page.getByRole('region', { name: 'New opportunities' });
    const impact = threshold.getByLabel('Minimum impact');
    await expect.poll(() => impact.inputValue()).toBe('60');
    await impact.fill('150');
    await threshold.getByRole('button', { name: 'Save threshold' }).click();
    await visible(threshold.getByText('The impact threshold is between 0 and 100.'));
    await impact.fill('75');
    await threshold.getByRole('button', { name: 'Save threshold' }).click();
    await visible(page.getByText('New opportunities are sent from impact 75.'));
    await page.reload();
    await expect.poll(() => page.getByLabel('Minimum impact').inputValue()).toBe('75');

    expect(await hasSidewaysScroll(page)).toBe(false);
    await shoot(page, 'settings-notifications', () => visible(channel), [PHONE]);
  });
});
