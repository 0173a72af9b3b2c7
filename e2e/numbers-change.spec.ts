import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
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
import { gone, hasSidewaysScroll, visible } from './support/expect';
import {
  completeSeededRun,
  type ScriptedAnswer,
  seedCompletedRun,
  seedOpportunity,
  startSeededRun,
  storeScriptedAnswers,
} from './support/seed-run';

// Two runs a week apart with a real difference between them, stored the way the worker stores
// runs (e2e/support/seed-run.ts): a week ago the engines named only Relaymark; today Local
// ChatGPT names Northwind CRM first in all 5 answers (0 of 5 → 5 of 5: moved) and Local Claude
// second in 4 of 5 (0 of 5 → 4 of 5: within noise at the interval edge), 9 of 10 overall (moved).
// The dashboard, the brand page, the keyword matrix and the answer viewer must all say so.

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
});

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

const G = 'local-gpt';
const C = 'local-claude';
const NBSP = '\u00a0';

type Seeded = {
  account: ApiSession;
  workspaceId: string;
  brandId: string;
  keywordId: string;
  prompts: { id: string; text: string }[];
  weekAgo: { runId: string; score: number };
  today: { runId: string; score: number };
  opportunityId: string;
};

async function seed(): Promise<Seeded> {
  const account = await signUpThroughApi(uniqueEmail('numbers'));
  const me = await graphqlAs<{ me: { workspaces: { id: string }[] } }>(
    account,
    '{ me { workspaces { id } } }',
  );
  const workspaceId = me.me.workspaces[0]!.id;
  const { createBrand } = await graphqlAs<{
    createBrand: {
      id: string;
      keywords: { id: string; prompts: { id: string; text: string; branded: boolean }[] }[];
    };
  }>(
    account,
    `mutation ($input: BrandInput!) { createBrand(input: $input) {
       id keywords { id prompts { id text branded } } } }`,
    {
      input: {
        name: 'Northwind CRM',
        domains: ['northwindcrm.com'],
        aliases: [],
        industry: 'CRM software',
        country: 'Germany',
        language: 'en',
        engines: [G, C],
        schedule: { cadence: 'WEEKLY', hour: 7, timezone: 'Europe/Berlin' },
        competitors: [{ name: 'Relaymark', domains: ['relaymark.com'], aliases: [] }],
        keywords: ['CRM software'],
      },
    },
  );
  const keyword = createBrand.keywords[0]!;
  const prompts = keyword.prompts.filter((p) => !p.branded).slice(0, 5);
  expect(prompts).toHaveLength(5);
  const base = { workspaceId, brandId: createBrand.id };
  const rivalOnly = (engine: string, servedModel: string) =>
    prompts.map<ScriptedAnswer>((p) => ({
      promptId: p.id,
      engine,
      servedModel,
      text: 'Top picks for CRM software:\n\n1. **Relaymark** — a solid pipeline for growing teams.\n2. **Pipedrift** — simple and cheap.',
      citations: [{ url: 'https://relaymark.com/crm', title: 'Relaymark CRM' }],
    }));
  const now = Date.now();
  const weekAgo = await seedCompletedRun({
    ...base,
    startedAt: new Date(now - 7 * 86_400_000 - 10 * 60_000),
    answers: [...rivalOnly(G, 'gpt-4o-2024-08-06'), ...rivalOnly(C, 'claude-sonnet-4')],
  });
  const today = await seedCompletedRun({
    ...base,
    startedAt: new Date(now - 10 * 60_000),
    answers: [
      ...prompts.map<ScriptedAnswer>((p) => ({
        promptId: p.id,
        engine: G,
        servedModel: 'gpt-4o-2024-11-20',
        text: 'Top picks for CRM software:\n\n1. **Northwind CRM** — great for small teams that want a clear pipeline.\n2. **Relaymark** — a solid pipeline for growing teams.',
        citations: [
          { url: 'https://northwindcrm.com/guide', title: 'Northwind CRM guide' },
          { url: 'https://review.example/crm', title: 'CRM reviews' },
        ],
      })),
      ...prompts.map<ScriptedAnswer>((p, i) => ({
        promptId: p.id,
        engine: C,
        servedModel: 'claude-sonnet-4',
        text:
          i < 4
            ? 'Top picks for CRM software:\n\n1. **Relaymark** — a solid pipeline for growing teams.\n2. **Northwind CRM** — great for small teams.'
            : 'Top picks for CRM software:\n\n1. **Relaymark** — a solid pipeline for growing teams.',
        citations: [{ url: 'https://relaymark.com/crm', title: 'Relaymark CRM' }],
      })),
    ],
  });
  const opportunityId = await seedOpportunity({
    ...base,
    promptId: prompts[4]!.id,
    title: 'Get Northwind CRM named for small-team CRM questions',
    impact: 87,
  });
  return {
    account,
    workspaceId,
    brandId: createBrand.id,
    keywordId: keyword.id,
    prompts,
    weekAgo,
    today,
    opportunityId,
  };
}

let seeded: Seeded | null = null;

const dayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

/**
 * A viewer's timezone whose calendar day is not the brand's (Berlin) right now: the pages must
 * still read the brand's own days. One of the two always differs (they are ~24 hours apart).
 */
const elsewhere = () =>
  ['Pacific/Honolulu', 'Pacific/Kiritimati'].find(
    (zone) => dayIn(zone) !== dayIn('Europe/Berlin'),
  )!;

describe('a change between two runs', () => {
  it('dashboard, brand page, keyword matrix and answer viewer all show what moved', async () => {
    const s = await seed();
    seeded = s;
    expect(s.weekAgo.score).toBeLessThan(s.today.score);
    const { page } = await session.newPage({ height: 1400, timezoneId: elsewhere() });
    const errors = collectPageErrors(page);
    await signInWithSession(page, s.account, '/dashboard');

    // Dashboard: the sentence, the totals, the top opportunity and both runs.
    const moved = page.locator('section', {
      has: page.getByRole('heading', { name: 'What moved since last week' }),
    });
    await visible(
      moved.getByText(
        `Northwind CRM’s mention rate on Local ChatGPT-style (offline) rose from 0${NBSP}% to 100${NBSP}%: moved.`,
      ),
    );
    await visible(
      moved.getByText(`Northwind CRM’s mention rate rose from 0${NBSP}% to 90${NBSP}%: moved.`),
    );
    // Local Claude went 0 of 5 → 4 of 5: within noise, so it is no "moved" sentence.
    expect(await moved.getByText(/Local Claude/).count()).toBe(0);
    const overview = page.getByRole('region', { name: 'Workspace overview' });
    await visible(overview.getByRole('link', { name: /Answers, last 7 days\s*10\b/ }));
    await visible(
      overview.getByRole('link', { name: new RegExp(`Average score\\s*${s.today.score}\\b`) }),
    );
    const row = page.getByTestId('dashboard-brand').filter({ hasText: 'Northwind CRM' });
    await visible(row.getByText('moved up'));
    const runs = page.getByRole('list', { name: 'Recent runs' });
    expect(await runs.getByTestId('dashboard-run').count()).toBe(2);
    await shoot(page, 'change-dashboard');
    await page
      .getByRole('list', { name: 'Top opportunities' })
      .getByRole('link', { name: /Get Northwind CRM named for small-team CRM questions/ })
      .click();
    await page.waitForURL(`**/opportunities/${s.opportunityId}`);

    // Brand page, last 7 days: 9 of 10 against 0 of 10 the week before.
    await page.goto(`/campaigns/${s.brandId}?range=7`);
    const numbers = page.getByTestId('brand-numbers');
    const score = numbers.getByTestId('brand-score');
    await visible(
      score.getByTestId('score-value').getByText(String(s.today.score), { exact: true }),
    );
    await visible(score.getByText(`+${s.today.score - s.weekAgo.score} vs ${s.weekAgo.score}`));
    await visible(score.getByText('moved up'));
    const mentionRate = numbers.getByRole('region', { name: 'Mention rate' });
    await visible(mentionRate.getByText(`90${NBSP}%`, { exact: true }));
    await visible(mentionRate.getByText('+90 pts'));
    await visible(mentionRate.getByText('moved up'));
    await visible(numbers.getByTestId(`engine-row-${G}`).getByText('moved up'));
    await visible(numbers.getByTestId(`engine-row-${C}`).getByText('within noise'));
    // The new model Local ChatGPT served today is an event on the trend.
    const events = numbers.getByRole('list', { name: 'Events on the trend' });
    await visible(events.getByText('Local ChatGPT-style (offline) now serves gpt-4o-2024-11-20'));
    await shoot(page, 'change-brand');

    // A custom range: a bad one is refused with a reason, a good one lands in the URL.
    await numbers.getByText('Custom', { exact: true }).click();
    const form = numbers.getByRole('form', { name: 'Custom date range' });
    const today = dayIn('Europe/Berlin');
    await form.getByLabel('From').fill(today);
    await form.getByLabel('To').fill('2020-01-01');
    await form.getByRole('button', { name: 'Apply' }).click();
    await visible(form.getByText('The start comes after the end.'));
    await form.getByLabel('From').fill('2020-01-01');
    await form.getByLabel('To').fill(today);
    await form.getByRole('button', { name: 'Apply' }).click();
    await visible(form.getByText('A range covers at most 366 days.'));
    const from = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel('From').fill(from);
    await form.getByLabel('To').fill(today);
    await form.getByRole('button', { name: 'Apply' }).click();
    await gone(form);
    const url = new URL(page.url());
    expect(url.searchParams.get('range')).toBe('custom');
    expect(url.searchParams.get('from')).toBe(from);
    expect(url.searchParams.get('to')).toBe(today);
    // Both runs are in it now, against the 15 days before: 9 of 20.
    await visible(mentionRate.getByText(`45${NBSP}%`, { exact: true }));

    // The keyword page from the brand's keywords table, keeping the range.
    await numbers.getByTestId(`keyword-row-${s.keywordId}`).getByRole('link').click();
    await page.waitForURL(`**/campaigns/${s.brandId}/keywords/${s.keywordId}?**`);
    expect(new URL(page.url()).searchParams.get('range')).toBe('custom');
    const matrix = page.getByRole('table', { name: 'Prompts by engine' });
    const first = matrix.getByRole('row').filter({ hasText: s.prompts[0]!.text });
    await visible(
      first.getByRole('button', {
        name: /^Local ChatGPT-style \(offline\), .*mentioned, rank 1, your domain cited/,
      }),
    );
    await visible(
      first.getByRole('button', {
        name: /^Local Claude-style \(offline\), .*mentioned, rank 2, your domains not cited/,
      }),
    );
    await visible(
      matrix
        .getByRole('row')
        .filter({ hasText: s.prompts[4]!.text })
        .getByRole('button', { name: /^Local Claude-style \(offline\), .*not mentioned/ }),
    );
    // Per-prompt history: a week ago 0 of 2, today 2 of 2 at ranks 1 and 2.
    await visible(
      first.getByTestId('prompt-history').getByText(`2 runs · latest 2 of 2 (100${NBSP}%), #1.5`),
    );
    await shoot(page, 'change-keyword');

    // A cell opens the answer: full text, highlights, sources with owners, model, run date.
    await first.getByRole('button', { name: /^Local ChatGPT-style/ }).click();
    const viewer = page.getByTestId('answer-viewer');
    await visible(viewer.getByText(/great for small teams that want a clear pipeline/));
    expect(await viewer.locator('mark', { hasText: 'Northwind CRM' }).count()).toBe(1);
    expect(await viewer.locator('mark', { hasText: 'Relaymark' }).count()).toBe(1);
    await visible(viewer.getByText(/great for small teams that want a clear pipeline/));
    await visible(viewer.getByText('Your site'));
    await visible(viewer.getByText('Third party'));
    await visible(viewer.getByText(/served model gpt-4o-2024-11-20/));
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('answer-viewer-heading');
    await shoot(page, 'change-answer-viewer');

    // The run picker: the run a week ago named only Relaymark.
    await page.getByLabel('Run', { exact: true }).selectOption(s.weekAgo.runId);
    await gone(viewer);
    await visible(first.getByRole('button', { name: /^Local ChatGPT-style .*not mentioned/ }));
    expect(await matrix.getByRole('button', { name: /: mentioned,/ }).count()).toBe(0);
    expect(await hasSidewaysScroll(page)).toBe(false);

    // Live: a run in progress moves on the dashboard without a reload.
    const live = await startSeededRun({
      workspaceId: s.workspaceId,
      brandId: s.brandId,
      startedAt: new Date(),
      total: 2,
    });
    await page.goto('/dashboard');
    const liveRow = page.locator(`[data-testid=dashboard-run][href$="/runs/${live}"]`);
    await visible(liveRow.getByText('0/2'));
    await storeScriptedAnswers(live, [
      {
        promptId: s.prompts[0]!.id,
        engine: G,
        text: 'Northwind CRM is a fine pick for CRM software.',
      },
    ]);
    await visible(liveRow.getByText('1/2'));
    await storeScriptedAnswers(live, [
      { promptId: s.prompts[0]!.id, engine: C, text: 'Relaymark is the pick for CRM software.' },
    ]);
    await visible(liveRow.getByText('2/2'));
    await completeSeededRun(live);
    await visible(
      page.locator(`[data-testid=dashboard-run][data-status=COMPLETED][href$="/runs/${live}"]`),
    );
    expect(errors).toEqual([]);
  });

  it('works at 390 px in both themes, with empty and failing states', async () => {
    const s = seeded;
    if (!s) throw new Error('the first test seeds the brand');
    // A keyword no run has asked yet: its matrix says so.
    const { addKeywords } = await graphqlAs<{ addKeywords: { id: string }[] }>(
      s.account,
      'mutation ($b: ID!) { addKeywords(brandId: $b, texts: ["lead scoring"]) { id } }',
      { b: s.brandId },
    );
    const fresh = addKeywords[0]!.id;
    for (const colorScheme of ['dark', 'light'] as const) {
      // Tall, so a screenshot holds the whole page (the app scrolls inside its main column).
      const { page } = await session.newPage({
        width: 390,
        height: 2400,
        colorScheme,
        timezoneId: elsewhere(),
      });
      const errors = collectPageErrors(page);
      await signInWithSession(page, s.account, '/dashboard');
      await page.evaluate((theme) => localStorage.setItem('lumen-theme', theme), colorScheme);
      await page.reload();
      await visible(page.getByRole('list', { name: 'Recent runs' }));
      expect(await hasSidewaysScroll(page)).toBe(false);
      await shoot(page, `numbers-dashboard-390-${colorScheme}`);

      await page.goto(`/campaigns/${s.brandId}?range=7`);
      await visible(page.getByTestId('trend-chart'));
      expect(await hasSidewaysScroll(page)).toBe(false);
      await shoot(page, `numbers-brand-390-${colorScheme}`);

      await page.goto(
        `/campaigns/${s.brandId}/keywords/${s.keywordId}?range=30&run=${s.today.runId}&answer=${s.prompts[0]!.id}:${G}`,
      );
      await visible(page.getByTestId('answer-viewer').getByText(/great for small teams/));
      expect(await hasSidewaysScroll(page)).toBe(false);
      await shoot(page, `numbers-keyword-390-${colorScheme}`);

      // Analytics and competitors keep a custom range from the URL.
      const to = dayIn('Europe/Berlin');
      const from = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
      const custom = `range=custom&from=${from}&to=${to}`;
      await page.goto(`/analytics?brand=${s.brandId}&${custom}`);
      await visible(page.getByRole('region', { name: 'Mention rate' }).getByText('22 answers'));
      await visible(page.getByRole('list', { name: 'Events on the trend' }));
      expect(await hasSidewaysScroll(page)).toBe(false);
      await shoot(page, `numbers-analytics-390-${colorScheme}`);
      await page.goto(`/competitors?brand=${s.brandId}&${custom}`);
      await visible(
        page.getByRole('table', { name: 'Competitors side by side' }).getByRole('rowheader', {
          name: 'Relaymark',
        }),
      );
      expect(await hasSidewaysScroll(page)).toBe(false);
      await shoot(page, `numbers-competitors-390-${colorScheme}`);

      await page.goto(`/campaigns/${s.brandId}/keywords/${fresh}`);
      await visible(page.getByRole('heading', { name: 'No run asked this keyword in this range' }));
      await shoot(page, `numbers-keyword-empty-390-${colorScheme}`);

      // A run that is not one of the keyword's runs in the range: said plainly, with a way back.
      await page.goto(
        `/campaigns/${s.brandId}/keywords/${s.keywordId}?run=${s.weekAgo.runId}&range=7`,
      );
      await visible(
        page.getByRole('heading', { name: 'That run did not ask this keyword in this range' }),
      );
      await page.getByRole('button', { name: 'Show the latest run' }).click();
      await visible(page.getByTestId('keyword-matrix'));
      expect(new URL(page.url()).searchParams.get('run')).toBeNull();

      // The gateway failing: an error with "Try again", which reads again.
      let failing = true;
      await page.route('**/graphql', async (route) => {
        if (failing && route.request().postData()?.includes('KeywordNumbers')) {
          await route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' });
        } else {
          await route.continue().catch(() => undefined);
        }
      });
      await page.goto(`/campaigns/${s.brandId}/keywords/${s.keywordId}?range=30`);
      await visible(page.getByRole('heading', { name: 'Could not load the keyword’s numbers' }));
      await shoot(page, `numbers-keyword-error-390-${colorScheme}`);
      failing = false;
      await page.getByRole('button', { name: 'Try again' }).click();
      await visible(page.getByTestId('keyword-matrix'));
      await page.unrouteAll({ behavior: 'ignoreErrors' });

      // Loading: the matrix's skeleton while the gateway has not answered. The answers are held
      // until the skeleton has been seen, not for a fixed time a loaded machine could outlast.
      let answer: () => void = () => {};
      const answered = new Promise<void>((done) => {
        answer = done;
      });
      await page.route('**/graphql', async (route) => {
        await answered;
        await route.continue().catch(() => undefined);
      });
      await page.goto(`/campaigns/${s.brandId}/keywords/${s.keywordId}?range=90`);
      await visible(page.getByRole('status', { name: /Loading/ }).first());
      await shoot(page, `numbers-keyword-loading-390-${colorScheme}`);
      answer();
      await visible(page.getByTestId('keyword-matrix'));
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      expect(errors).toEqual([]);
    }
  });
});
