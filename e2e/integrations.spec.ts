import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackServer, startLoopback } from '../packages/engines/test/loopback-server';
import { signInFreshUser } from './support/auth';
import { type BrowserSession, launchBrowser } from './support/browser';
import { gone, hasSidewaysScroll, visible } from './support/expect';
import { PHONE, shoot } from './support/screens';

// /integrations: connect an OpenAI-compatible engine (a loopback server speaking /v1/models),
// see its test result and models, pick one, replace the key, and remove it.

const KEY = 'sk-e2e-canary-0123456789LAST';

let session: BrowserSession;
let provider: LoopbackServer;

beforeAll(async () => {
  [session, provider] = await Promise.all([
    launchBrowser(),
    startLoopback((request) =>
      request.headers.authorization === `Bearer ${KEY}`
        ? {
            body: {
              object: 'list',
              data: [
                { id: 'llama3.1:8b', object: 'model', created: 1_721_000_000, owned_by: 'library' },
                { id: 'qwen2.5:7b', object: 'model', created: 1_726_000_000, owned_by: 'library' },
              ],
            },
          }
        : {
            status: 401,
            body: { error: { message: 'Invalid API key', type: 'invalid_request_error' } },
          },
    ),
  ]);
});

afterAll(async () => {
  await Promise.all([session?.close(), provider?.close()]);
});

describe('Integrations page', () => {
  it('connects, tests, picks a model, shows a failing key in place, and removes', async () => {
    const { page } = await session.newPage();
    await signInFreshUser(page, '/integrations');
    await visible(page.getByRole('heading', { name: 'Integrations', level: 1 }));
    const empty = page.getByText('No engines connected yet');
    await visible(empty);
    await shoot(page, 'integrations-empty', () => visible(empty));

    await page.getByRole('button', { name: 'Connect an engine' }).click();
    const form = page.getByRole('form', { name: 'Connect an engine' });
    await form.getByLabel('Engine').selectOption('OPENAI_COMPATIBLE');
    await form.getByLabel('Base URL').fill(`${provider.url}/v1`);
    await form.getByLabel('API key').fill(KEY);
    expect(await form.getByLabel('API key').getAttribute('type')).toBe('password');
    await form.getByRole('button', { name: 'Connect and test' }).click();

    const card = page.getByRole('listitem').filter({ hasText: 'OpenAI-compatible' });
    await visible(card.getByText('Connected', { exact: true }));
    await visible(card.getByText('••••LAST'));
    expect(await page.content()).not.toContain(KEY);
    const model = card.getByLabel('Model');
    await model.selectOption('qwen2.5:7b');
    await visible(page.getByText('will ask qwen2.5:7b'));
    await shoot(page, 'integrations-connected', () =>
      visible(page.getByRole('listitem').getByText('Connected', { exact: true })),
    );
    await page.setViewportSize({ width: PHONE, height: 844 });
    expect(await hasSidewaysScroll(page)).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });

    // A wrong key: the test says FAILING with the provider's reason.
    await card.getByRole('button', { name: 'Replace key' }).click();
    await card.getByLabel('New API key').fill('sk-e2e-wrong-key-0000');
    await card.getByRole('button', { name: 'Save key' }).click();
    await visible(card.getByText('Not tested'));
    await card.getByRole('button', { name: 'Test connection' }).click();
    await visible(card.getByText('HTTP 401: Invalid API key'));
    await visible(card.getByText('Failing', { exact: true }));
    await shoot(page, 'integrations-failing', () =>
      visible(page.getByText('HTTP 401: Invalid API key')),
    );

    await card.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Remove connection' }).click();
    await visible(empty);
    await gone(page.getByText('••••0000'));
  });
});
