import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackServer, startLoopback } from '../packages/engines/test/loopback-server';
import { graphqlAs, signInFreshUser } from './support/auth';
import { type BrowserSession, launchBrowser } from './support/browser';
import { hasSidewaysScroll, visible, waitForPath } from './support/expect';
import { DESKTOP, shoot } from './support/screens';

// Costs on the pages (docs/engines.md, "On the pages"): connect an OpenAI-compatible engine (a
// loopback server speaking the chat-completions wire format, with real-shaped usage), test it,
// set the brand's samples to 3, see the estimate, run the brand, and read n and the cost on the
// run page; then the month's cost and the budget in Settings → Usage and budget. The e2e
// product prices `lumen-e2e-model` at $2 / $10 per million tokens (scripts/test/e2e-setup.ts),
// so one reply of 1 500 + 700 tokens costs $0.01.

const KEY = 'sk-e2e-costs-0123456789WXYZ';
const MODEL = 'lumen-e2e-model';
const NARROW = 600;

let session: BrowserSession;
let provider: LoopbackServer;

beforeAll(async () => {
  [session, provider] = await Promise.all([
    launchBrowser(),
    startLoopback((request) =>
      request.path.endsWith('/models')
        ? { body: { object: 'list', data: [{ id: MODEL, object: 'model', created: 1 }] } }
        : {
            body: {
              id: 'chatcmpl-e2e',
              object: 'chat.completion',
              created: 1_763_700_000,
              model: MODEL,
              choices: [
                {
                  index: 0,
                  message: {
                    role: 'assistant',
                    content: 'Costwise CRM and Relaymark are the usual picks for small teams.',
                  },
                  finish_reason: 'stop',
                },
              ],
              usage: { prompt_tokens: 1500, completion_tokens: 700, total_tokens: 2200 },
            },
          },
    ),
  ]);
});

afterAll(async () => {
  await Promise.all([session?.close(), provider?.close()]);
});

describe('costs on the pages', () => {
  it('connects an engine, estimates a 3-sample run, and shows n and the cost of the run', async () => {
    const { page } = await session.newPage({ height: 1200 });
    const account = await signInFreshUser(page, '/integrations');

    // Connect the loopback engine and test it.
    await page.getByRole('button', { name: 'Connect an engine' }).click();
    const form = page.getByRole('form', { name: 'Connect an engine' });
    await form.getByLabel('Engine').selectOption('OPENAI_COMPATIBLE');
    await form.getByLabel('Base URL').fill(`${provider.url}/v1`);
    await form.getByLabel('API key').fill(KEY);
    await form.getByRole('button', { name: 'Connect and test' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'OpenAI-compatible' });
    await visible(card.getByText('Connected', { exact: true }));
    await card.getByLabel('Model').selectOption(MODEL);
    await visible(page.getByText(`will ask ${MODEL}`));

    // A brand on that engine, one keyword (its generated prompts), one sample to begin with.
    const { createBrand } = await graphqlAs<{ createBrand: { id: string } }>(
      account,
      'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
      {
        input: {
          name: 'Costwise CRM',
          domains: ['costwise.example.com'],
          aliases: [],
          industry: 'CRM software',
          engines: ['openai-compatible'],
          samples: 1,
          schedule: { cadence: 'MANUAL', hour: 7, timezone: 'UTC' },
          competitors: [{ name: 'Relaymark', domains: ['relaymark.com'], aliases: [] }],
          keywords: ['CRM software'],
        },
      },
    );
    const brandId = createBrand.id;
    const { costEstimate } = await graphqlAs<{ costEstimate: { prompts: number } }>(
      account,
      'query ($id: ID!) { costEstimate(brandId: $id) { prompts } }',
      { id: brandId },
    );
    const prompts = costEstimate.prompts;
    expect(prompts).toBeGreaterThan(0);

    // Samples to 3 in the brand form: the estimate follows before anything is spent.
    await page.goto(`/campaigns/${brandId}/edit`);
    await page.getByRole('button', { name: /Engines and schedule/ }).click();
    await page.getByLabel('Samples per prompt').selectOption('3');
    const answers = prompts * 3;
    const estimate = page.getByTestId('form-estimate');
    await visible(
      estimate.getByText(`about ${answers} answers, ≈ $${(answers * 0.01).toFixed(2)}`),
    );
    await page.getByRole('button', { name: 'Save changes' }).click();
    await waitForPath(page, `/campaigns/${brandId}`);

    // Run now says what the run will ask and cost, then runs.
    await visible(
      page
        .getByTestId('run-estimate')
        .first()
        .getByText(`about ${answers} answers, ≈ $${(answers * 0.01).toFixed(2)}`),
    );
    await page.getByRole('button', { name: 'Run now' }).first().click();
    const panel = page.locator('[data-testid=run-panel][data-status=COMPLETED]');
    await visible(panel);
    await page.getByRole('link', { name: 'Answers' }).click();
    await waitForPath(page, /\/campaigns\/[^/]+\/runs\/[^/]+$/);

    // The run page: the cost of the run and of its engine, its usage, each answer's cost, n.
    const cost = `$${(answers * 0.01).toFixed(2)}`;
    const run = page.getByTestId('run-panel');
    await visible(run.getByText(cost, { exact: true }));
    await visible(run.getByText(`n = ${answers}`));
    await visible(page.getByRole('list', { name: 'Engines' }).getByText(new RegExp(`· \\${cost}`)));
    await visible(
      page.getByText(
        `Used ${(answers * 1500).toLocaleString('en-GB')} input and ${(answers * 700).toLocaleString('en-GB')} output tokens.`,
      ),
    );
    await visible(
      page
        .getByTestId('answer')
        .first()
        .getByText(/· \$0\.01$/),
    );
    expect(await page.content()).not.toContain(KEY);
    await shoot(page, 'costs-run', () => visible(page.getByTestId('run-panel')), [NARROW, DESKTOP]);
    await page.setViewportSize({ width: NARROW, height: 900 });
    expect(await hasSidewaysScroll(page)).toBe(false);
    await page.setViewportSize({ width: 1280, height: 1200 });

    // The brand's numbers and the dashboard: n beside each rate, "directional" under 10 answers.
    await page.goto(`/campaigns/${brandId}`);
    const mention = page.getByRole('region', { name: 'Mention rate' });
    await visible(mention.getByText(`${answers} answers`));
    await visible(page.getByRole('region', { name: 'Share of voice' }).getByText(`n = ${answers}`));
    await visible(page.getByTestId('brand-costs').getByText(cost, { exact: true }));
    await shoot(page, 'costs-brand', () => visible(mention), [NARROW, DESKTOP]);
    await page.goto('/dashboard');
    const row = page.getByTestId('dashboard-brand').filter({ hasText: 'Costwise CRM' });
    await visible(row.getByText(`n = ${answers}`));
    await shoot(page, 'costs-dashboard', () => visible(row), [NARROW, DESKTOP]);

    // Settings → Usage and budget: the month's cost, a budget set below it, the bar says so.
    await page.goto('/settings/usage');
    await visible(page.getByTestId('usage-cost').getByText(cost));
    await visible(page.getByTestId('no-budget'));
    await page.getByLabel('Monthly budget (US dollars)').fill('abc');
    await page.getByRole('button', { name: 'Set budget' }).click();
    await visible(page.getByText('Write the budget in US dollars, for example 50.'));
    await page.getByLabel('Monthly budget (US dollars)').fill('0.10');
    await page.getByRole('button', { name: 'Set budget' }).click();
    await visible(page.getByText(`${cost} of $0.10`));
    await visible(page.getByText('Warning at 80 %'));
    await visible(page.getByText(/^Over the budget: no new paid answer starts/));
    await shoot(page, 'costs-usage', () => visible(page.getByTestId('usage-budget')), [
      NARROW,
      DESKTOP,
    ]);

    // Past the budget, Run now warns before it starts.
    await page.goto(`/campaigns/${brandId}`);
    await visible(page.getByText(/^The monthly budget is spent|^Over the budget/).first());
  });
});
