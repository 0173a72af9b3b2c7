import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackServer, startLoopback } from '../packages/engines/test/loopback-server';
import { signInFreshUser } from './support/auth';
import { type BrowserSession, launchBrowser } from './support/browser';
import { gone, hasSidewaysScroll, visible } from './support/expect';
import { PHONE, shoot } from './support/screens';

// /integrations: connect an OpenAI-compatible engine (a loopback server speaking /v1/models),
// see its test result and models, pick one, replace the key, and remove it.

const KEY = 'sk-e2e-canary-0123456789LAST';
const XAI_KEY = 'xai-e2e-canary-0123456789GROK';
const SERP_KEY = 'serpapi-e2e-canary-0123456789SERP';

let session: BrowserSession;
let provider: LoopbackServer;

beforeAll(async () => {
  [session, provider] = await Promise.all([
    launchBrowser(),
    startLoopback((request) =>
      request.path.startsWith('/account.json')
        ? request.path.includes(SERP_KEY)
          ? {
              body: {
                account_id: '5f3a2b1c0d9e8f7a6b5c4d3e',
                account_email: 'team@example.com',
                plan_id: 'developer',
                plan_name: 'Developer',
                searches_per_month: 5000,
                plan_searches_left: 4821,
                total_searches_left: 4821,
                this_month_usage: 179,
                account_rate_limit_per_hour: 1000,
              },
            }
          : {
              status: 401,
              body: {
                error:
                  'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key',
              },
            }
        : request.headers.authorization === `Bearer ${XAI_KEY}`
          ? {
              body: {
                data: [
                  { id: 'grok-4-0709', created: 1_752_019_200, object: 'model', owned_by: 'xai' },
                  {
                    id: 'grok-4-fast-non-reasoning',
                    created: 1_758_240_000,
                    object: 'model',
                    owned_by: 'xai',
                  },
                ],
                object: 'list',
              },
            }
          : request.headers.authorization === `Bearer ${KEY}`
            ? {
                body: {
                  object: 'list',
                  data: [
                    {
                      id: 'llama3.1:8b',
                      object: 'model',
                      created: 1_721_000_000,
                      owned_by: 'library',
                    },
                    {
                      id: 'qwen2.5:7b',
                      object: 'model',
                      created: 1_726_000_000,
                      owned_by: 'library',
                    },
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

  it('connects xAI, DeepSeek, Mistral and Google AI Overviews; each card says what it can do', async () => {
    const { page } = await session.newPage();
    await signInFreshUser(page, '/integrations');
    await visible(page.getByRole('heading', { name: 'Integrations', level: 1 }));
    const connect = async (kind: string, apiKey: string) => {
      await page.getByRole('button', { name: 'Connect an engine' }).click();
      const form = page.getByRole('form', { name: 'Connect an engine' });
      await form.getByLabel('Engine').selectOption(kind);
      await form.getByLabel('Base URL').fill(provider.url);
      await form.getByLabel('API key').fill(apiKey);
      await form.getByRole('button', { name: 'Connect and test' }).click();
      await gone(form);
      // The outcome's toast covers the button, and a pointer resting on it keeps it open.
      await page.mouse.move(1, 1);
      await gone(page.locator('[data-sonner-toast]'));
    };
    await connect('XAI', XAI_KEY);
    await connect('DEEPSEEK', 'sk-deepseek-e2e-wrong-0000');
    await connect('MISTRAL', 'mistral-e2e-wrong-key-1111');
    await connect('AI_OVERVIEW', SERP_KEY);

    const xai = page.getByRole('listitem').filter({ hasText: 'xAI (Grok)' });
    await visible(xai.getByText('Connected', { exact: true }));
    await visible(xai.getByText('Grok models with Live Search and its citations.'));
    await xai.getByLabel('Model').selectOption('grok-4-fast-non-reasoning');
    await visible(page.getByText('will ask grok-4-fast-non-reasoning'));

    const deepseek = page.getByRole('listitem').filter({ hasText: 'DeepSeek' });
    await visible(deepseek.getByText('Failing', { exact: true }));
    await visible(deepseek.getByText('HTTP 401: Invalid API key'));
    await visible(deepseek.getByText('No web search: answers come from the model alone.'));

    const mistral = page.getByRole('listitem').filter({ hasText: 'Mistral' });
    await visible(mistral.getByText('Failing', { exact: true }));
    await visible(mistral.getByText(/No web search in the plain API/));

    const overview = page.getByRole('listitem').filter({ hasText: 'Google AI Overviews' });
    await visible(overview.getByText('Connected', { exact: true }));
    await visible(overview.getByText(/in the prompt’s country and language/));
    expect(await overview.getByLabel('Model').count()).toBe(0);

    const html = await page.content();
    for (const key of [XAI_KEY, SERP_KEY]) expect(html).not.toContain(key);
    await page.setViewportSize({ width: 600, height: 900 });
    expect(await hasSidewaysScroll(page)).toBe(false);
    await shoot(
      page,
      'integrations-new-engines',
      () =>
        visible(
          page
            .getByRole('listitem')
            .filter({ hasText: 'Google AI Overviews' })
            .getByText('Connected', { exact: true }),
        ),
      [600],
    );
  });
});
