import { closeDb, createDb } from '@lumen/db/client';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWordPress, type TestWordPress } from '../scripts/test/wordpress';
import {
  graphqlAs,
  signInWithSession,
  signUpThroughApi,
  TEST_PASSWORD,
  uniqueEmail,
} from './support/auth';
import { type BrowserSession, baseUrl, collectPageErrors, launchBrowser } from './support/browser';
import { forgetPublishedPagesOfProduct } from './support/corpus';
import { gone, hasSidewaysScroll, visible, waitForPath } from './support/expect';
import { DESKTOP, PHONE, shoot } from './support/screens';
import {
  completeSeededRun,
  type ScriptedAnswer,
  seedCompletedRun,
  startSeededRun,
  storeScriptedAnswers,
} from './support/seed-run';

// What a new user hit (issue 28), walked the way a person walks it, in one account and one
// brand: the free check on the landing page → sign up from its result → the brand's first run
// on the offline engines → a name the answers keep giving, tracked as a competitor and recounted
// → an opportunity → a draft ordered before any site exists → a real WordPress connected → the
// draft given that site, its versions kept → published → the post's impact page. With
// SCREENSHOT_DIR set, the key steps are kept at 390 and 1440 px in both themes.

const BRAND = 'Brightwell CRM';
const NBSP = '\u00a0';

let session: BrowserSession;
let wp: TestWordPress;

beforeAll(async () => {
  [session, wp] = await Promise.all([launchBrowser(), startTestWordPress()]);
});

afterAll(async () => {
  await Promise.all([session?.close(), wp?.stop()]);
  await forgetPublishedPagesOfProduct();
});

/** What the journey's steps hand on to the next. */
const journey = {
  page: undefined as unknown as Page,
  errors: [] as string[],
  brandId: '',
  opportunityTitle: '',
  draftId: '',
  title: '',
};

describe('a new user, from the free check to a published post', () => {
  it('a guest lands on the free check, finds it from sign-in and sign-up, and runs it', async () => {
    const { page } = await session.newPage({ width: DESKTOP, height: 900 });
    journey.page = page;
    journey.errors = collectPageErrors(page);
    await page.goto('/');
    await waitForPath(page, '/visibility/quick-score');
    await visible(page.getByRole('heading', { name: 'Visibility Score', level: 1 }));
    await shoot(page, 'journey-landing', () =>
      visible(page.getByRole('heading', { name: 'Visibility Score', level: 1 })),
    );
    // Any signed-in page asks to sign in and comes back afterwards.
    await page.goto('/competitors');
    const login = await waitForPath(page, '/login');
    expect(login.searchParams.get('next')).toBe('/competitors');
    for (const [path, heading] of [
      ['/login', 'Sign in to Lumen'],
      ['/signup', 'Create your Lumen account'],
    ] as const) {
      await page.goto(path);
      await visible(page.getByRole('heading', { name: heading }));
      const link = page.getByRole('link', { name: /Check your brand for free/ });
      expect(await link.getAttribute('href')).toBe('/visibility/quick-score');
      await shoot(page, `new-user${path.replace('/', '-')}`, () =>
        visible(page.getByRole('heading', { name: heading })),
      );
      await link.click();
      await waitForPath(page, '/visibility/quick-score');
      await visible(page.getByRole('heading', { name: 'Visibility Score', level: 1 }));
    }

    await page.getByLabel('Brand name', { exact: true }).fill(BRAND);
    await page.getByLabel('Website', { exact: true }).fill('brightwellcrm.com');
    await page.getByRole('button', { name: 'CRM software', exact: true }).click();
    await page.getByRole('button', { name: 'Add a competitor' }).click();
    await page.getByLabel('Competitor 1 name').fill('Relaymark');
    await page.getByLabel('Competitor 1 website (optional)').fill('relaymark.io');
    await page.getByRole('button', { name: 'Check my visibility' }).click();
    await waitForPath(page, /^\/visibility\/results\/[^/]+$/);
    await visible(page.getByTestId('visibility-score'));
  });

  it('reads the result on a phone (390 px)', async () => {
    const { page } = journey;
    await page.setViewportSize({ width: PHONE, height: 844 });
    await visible(page.getByTestId('visibility-score'));
    expect(await hasSidewaysScroll(page)).toBe(false);
    await shoot(page, 'journey-result', () => visible(page.getByTestId('visibility-score')));
  });

  it('signs up from the result and lands on the brand; runs it on the offline engines', async () => {
    const { page } = journey;
    await page.setViewportSize({ width: DESKTOP, height: 900 });
    await page.getByRole('link', { name: 'Track this brand' }).click();
    await waitForPath(page, '/signup');
    await page.getByLabel('Email').fill(uniqueEmail('journey'));
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    const brandPage = await waitForPath(page, /^\/campaigns\/[0-9a-f-]{36}$/);
    journey.brandId = brandPage.pathname.split('/')[2]!;
    await visible(page.getByRole('heading', { name: BRAND, level: 1 }));
    await visible(
      page.getByTestId('brand-score').getByText('From the quick check', { exact: false }),
    );

    // The first run of its own, on the offline engines.
    const runNow = page.getByRole('button', { name: 'Run now' }).first();
    await runNow.click();
    const history = page.getByRole('table', { name: 'Runs' });
    await visible(history.getByText('Completed').first());
    // At 390 px an engine's name keeps room to be read: two lines at most, never a word a line.
    await page.setViewportSize({ width: PHONE, height: 844 });
    const engineNames = page
      .getByRole('table', { name: 'Metrics by engine' })
      .getByRole('rowheader');
    await visible(engineNames.first());
    const nameLines = await engineNames.evaluateAll((cells) =>
      cells.map((cell) => {
        const link = cell.querySelector('a') ?? cell.firstChild!;
        const range = document.createRange();
        range.selectNodeContents(link);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      }),
    );
    expect(nameLines.length).toBeGreaterThan(1);
    expect(nameLines.filter((n) => n > 2)).toEqual([]);
    await page.setViewportSize({ width: DESKTOP, height: 900 });
    await shoot(page, 'journey-brand', () =>
      visible(page.getByRole('heading', { name: BRAND, level: 1 })),
    );

    // Copy a new user tripped over: an empty keyword says why it is not added.
    await page.getByRole('button', { name: 'Add keyword' }).click();
    const alert = await visible(
      page.getByRole('alert').filter({ hasText: 'Type a keyword first' }),
    );
    expect(await page.getByLabel('New keyword').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('New keyword').fill('sales pipeline tool');
    await page.waitForFunction(() => !document.getElementById('new-keyword-error'));
    expect(await alert.count()).toBe(0);

    // …and the engines are named, not given by their ids.
    await page.goto(`/analytics?brand=${journey.brandId}`);
    const engines = await visible(page.getByRole('group', { name: 'Engines' }));
    await visible(engines.getByText('Local ChatGPT-style (offline)'));
    expect(await engines.getByText('local-gpt', { exact: true }).count()).toBe(0);
    await shoot(page, 'new-user-analytics-engines', () => visible(engines));
  });

  it('finds Competitors from the sidebar, the dashboard and the brand page; tracks a name the answers give', async () => {
    const { page } = journey;
    const heading = page.getByRole('heading', { name: 'Competitors', level: 1 });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Competitors' })
      .click();
    await waitForPath(page, '/competitors');
    await visible(heading);

    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('link', { name: 'Against competitors' }).click();
    await waitForPath(page, '/competitors');
    await visible(heading);

    await page.goto(`/campaigns/${journey.brandId}`);
    await visible(page.getByRole('heading', { name: BRAND, level: 1 }));
    await page.getByRole('link', { name: 'Compare', exact: true }).click();
    const url = await waitForPath(page, '/competitors');
    expect(url.searchParams.get('brand')).toBe(journey.brandId);
    await visible(heading);

    // A name the answers keep giving, not tracked yet: tracked, recounted from those answers.
    const leaderboard = page.getByRole('table', { name: 'Competitors side by side' });
    await visible(leaderboard.getByRole('rowheader', { name: BRAND }));
    const found = await visible(
      page
        .getByRole('listitem')
        .filter({
          has: page.getByRole('button', { name: 'Track as competitor' }),
        })
        .first(),
    );
    // On a phone every discovered name shows whole next to (or above) its button.
    // Polled: the page settles into its phone layout after the resize, not at it.
    await page.setViewportSize({ width: PHONE, height: 844 });
    const cut = () =>
      page
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: 'Track as competitor' }) })
        .evaluateAll((items) =>
          items
            .map((li) => li.querySelector('span'))
            .filter((span) => span && span.scrollWidth > span.clientWidth)
            .map((span) => span?.textContent),
        );
    await expect.poll(cut).toEqual([]);
    expect(await hasSidewaysScroll(page)).toBe(false);
    await page.setViewportSize({ width: DESKTOP, height: 900 });
    // The name is the item's first text; "in N answers" follows it.
    const name = await found.evaluate(
      (li) => li.querySelector('span')?.firstChild?.textContent ?? '',
    );
    expect(name).not.toBe('');
    expect(await leaderboard.getByRole('rowheader', { name, exact: true }).count()).toBe(0);
    await found.getByRole('button', { name: 'Track as competitor' }).click();
    const row = leaderboard.getByRole('row').filter({
      has: page.getByRole('rowheader', { name, exact: true }),
    });
    await visible(row);
    await gone(page.getByRole('status').filter({ hasText: 'Recounting…' }));
    expect(await row.getByText(/never named/).count()).toBe(0);
    // Counted in the stored answers: a share above zero, not "0 %" until the next run.
    expect(await row.textContent()).toMatch(new RegExp(`[1-9]\\d*${NBSP}%`));
    await shoot(page, 'journey-competitors', () => visible(row));
  });

  it('orders a draft from an opportunity before any site is connected', async () => {
    const { page } = journey;
    await page.goto('/publishing/opportunities');
    const list = await visible(page.getByRole('list', { name: 'Opportunities' }));
    const first = list.getByRole('link').first();
    journey.opportunityTitle = (await first.textContent()) ?? '';
    expect(journey.opportunityTitle).toContain(`${BRAND} is missing from`);
    await first.click();
    await waitForPath(page, /^\/opportunities\/[0-9a-f-]{36}$/);
    await visible(page.getByRole('heading', { level: 1, name: journey.opportunityTitle }));
    // On a phone the evidence fits the screen (its cards scrolled the page sideways).
    await page.setViewportSize({ width: PHONE, height: 844 });
    await visible(page.getByRole('heading', { name: 'Where the gap shows' }));
    expect(await hasSidewaysScroll(page)).toBe(false);
    await page.setViewportSize({ width: DESKTOP, height: 900 });
    await shoot(page, 'journey-opportunity', () =>
      visible(page.getByRole('heading', { level: 1, name: journey.opportunityTitle })),
    );

    await page.getByRole('button', { name: 'Create content' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create content' });
    await visible(dialog);
    const template = dialog.getByLabel('Template');
    await expect.poll(() => template.inputValue()).not.toBe('');
    expect(await dialog.getByLabel('WordPress site').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Create content' }).click();
    await waitForPath(page, '/publishing/orders');
    const orders = page.getByRole('table', { name: 'Orders' });
    await visible(orders.getByText('Draft ready').filter({ visible: true }).first());
    await orders.getByRole('link', { name: /Open the draft for/ }).click();
    await waitForPath(page, /\/publishing\/drafts\/[0-9a-f-]{36}$/);
    journey.draftId = page.url().split('/').at(-1)!;

    // No site yet: the editor says so where publishing would be, and edits are still kept.
    await visible(page.getByTestId('draft-site-none').getByText(/^No site yet\./));
    await visible(page.getByText(/no WordPress site yet: choose one above/));
    // The offline composer leaves [[Fill in: …]] where it lacks facts; the person fills them in.
    const body = page.getByLabel('Body (Markdown)');
    const written = (await body.inputValue()).replace(
      /\[\[Fill in:[^\]]*\]\]/g,
      'From 12 € a seat.',
    );
    await body.fill(`${written}\n\nA line written by hand.`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByText('Saved as version 2'));
    journey.title = await page.getByLabel('Title', { exact: true }).inputValue();
    expect(await hasSidewaysScroll(page)).toBe(false);
    await shoot(page, 'journey-draft-no-site', () => visible(page.getByTestId('draft-site-none')));
  });

  it('connects the WordPress site, then gives the draft that site, keeping its versions', async () => {
    const { page } = journey;
    // The editor's own link to connect one.
    await page
      .getByTestId('draft-site-none')
      .getByRole('link', { name: 'Connect a WordPress site' })
      .click();
    await waitForPath(page, '/publishing/sites');
    await visible(page.getByText('No WordPress sites connected'));
    await page.getByRole('button', { name: 'Connect a site' }).click();
    await page.getByLabel('Site address').fill(wp.url);
    await page.getByLabel('WordPress user name').fill(wp.username);
    await page.getByLabel('Application password', { exact: true }).fill(wp.applicationPassword);
    await page.getByRole('button', { name: 'Connect site' }).click();
    const table = page.getByRole('table', { name: 'WordPress sites' });
    await visible(table.getByText('Lumen Test Site'));
    await visible(table.getByText('Connected').filter({ visible: true }));

    await page.goBack();
    await waitForPath(page, `/publishing/drafts/${journey.draftId}`);
    const chooser = page.getByTestId('draft-site-chooser');
    await visible(chooser.getByText('This draft has no site yet. Publish it to'));
    await chooser.getByRole('button', { name: 'Use this site' }).click();
    const slot = page.getByTestId('draft-publish-slot');
    // The editor now reads the site: its categories to file under, publishing's note moves on.
    await visible(slot.getByText('Lumen Test Site'));
    await visible(page.getByRole('checkbox', { name: 'Uncategorized' }));
    expect(await page.getByText(/no WordPress site yet/).count()).toBe(0);
    // Same draft, both versions kept.
    await visible(page.getByText('Version 2', { exact: true }));
    await visible(page.getByRole('button', { name: 'Restore version 1' }));
    expect(await hasSidewaysScroll(page)).toBe(false);
    await shoot(page, 'journey-draft-site-chosen', () =>
      visible(page.getByTestId('draft-publish-slot').getByText('Lumen Test Site')),
    );
  });

  it("approves and publishes it, and reads the post's impact page", async () => {
    const { page } = journey;
    const slot = page.getByTestId('draft-publish-slot');
    await visible(slot.getByText('Approve the draft to publish it.'));
    await page.getByRole('button', { name: 'Approve' }).click();
    await visible(page.getByText('Draft approved'));
    await slot.getByRole('button', { name: 'Publish now' }).click();
    await visible(slot.getByTestId('draft-status').filter({ hasText: 'Published' }));
    await visible(slot.getByText(/Live · version \d+ on the site/));
    const live = slot.locator(`a[href^="${new URL(wp.url).origin}"]`).first();
    const pageOnSite = await fetch((await live.getAttribute('href'))!);
    expect(pageOnSite.status).toBe(200);

    await page.goto('/publishing/published');
    const table = page.getByRole('table', { name: 'Published posts' });
    await table.getByRole('link', { name: journey.title }).click();
    await waitForPath(page, /^\/publishing\/published\/[0-9a-f-]{36}$/);
    await visible(page.getByRole('heading', { name: journey.title, level: 1 }));
    const reading = page.getByTestId('ingestion-status');
    await visible(reading.getByText(/^Read by the offline engines/));
    await visible(page.getByTestId('impact-evidence').getByText(/^Before · /));
    expect(await hasSidewaysScroll(page)).toBe(false);
    await shoot(page, 'journey-impact', () =>
      visible(page.getByTestId('ingestion-status').getByText(/^Read by the offline engines/)),
    );
    expect(journey.errors).toEqual([]);
  });
});

/** A guest's quick check started through the API, the way the form starts it. */
async function startQuickCheck(brandName: string, website: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation ($input: QuickScoreInput!) { startQuickScore(input: $input) { id } }',
      variables: {
        input: {
          brandName,
          website,
          industry: 'CRM software',
          competitors: [{ name: 'Relaymark', website: 'relaymark.io' }],
        },
      },
    }),
  });
  const body = (await response.json()) as { data: { startQuickScore: { id: string } } };
  return body.data.startQuickScore.id;
}

// A result the corpus names the brand in, so its engine bars have a length to measure.
describe('the public result on a phone (390 px)', () => {
  it('gives the page the full width and every figure room to be read', async () => {
    const id = await startQuickCheck('Northwind CRM', 'northwindcrm.com');
    const { page } = await session.newPage({ width: PHONE, height: 844 });
    await page.goto(`/visibility/results/${id}`);
    const ready = () => visible(page.getByTestId('visibility-score'));
    await ready();

    // No icon rail: a bar across the top, and the page as wide as the phone.
    expect(await page.getByRole('complementary', { name: 'Sidebar' }).count()).toBe(0);
    expect((await page.locator('main#main').boundingBox())?.width).toBe(PHONE);
    await visible(page.getByRole('link', { name: 'Sign up free' }));
    expect(await hasSidewaysScroll(page)).toBe(false);

    // Nothing below is cut short: every name and domain shows whole.
    const clipped = (testId: string) =>
      page
        .getByTestId(testId)
        .evaluateAll((elements) =>
          elements
            .filter((e) => e.scrollWidth > e.clientWidth || e.clientWidth < 24)
            .map((e) => e.textContent),
        );
    await visible(page.getByTestId('sov-name').first());
    const names = await page.getByTestId('sov-name').allTextContents();
    expect(names.length).toBeGreaterThan(1);
    expect(names).toContain('Relaymark');
    expect(await clipped('sov-name')).toEqual([]);
    expect(await page.getByTestId('source-domain').count()).toBeGreaterThan(0);
    expect(await clipped('source-domain')).toEqual([]);

    // The engine bars run most of the card's width (the chart kept ~50 px for them).
    const chart = page.getByTestId('engine-chart');
    // The chart is its own lazily loaded chunk: wait for its bars before measuring them.
    await visible(chart.getByTestId('engine-bar').first());
    const bars = await chart
      .getByTestId('engine-bar')
      .evaluateAll((elements) => elements.map((e) => e.getBoundingClientRect().width));
    expect(bars.length).toBeGreaterThan(1);
    expect(Math.min(...bars)).toBeGreaterThan(250);

    // "98 %" never breaks inside the score table.
    // (Counted in line boxes of the text: the row itself may be taller for a two-line term.)
    const lines = await page
      .getByRole('table')
      .first()
      .locator('tbody td')
      .evaluateAll((tds) =>
        tds.map((td) => {
          const range = document.createRange();
          range.selectNodeContents(td);
          const tops = [...range.getClientRects()].map((r) => Math.round(r.top));
          return { text: td.textContent, lines: new Set(tops).size };
        }),
      );
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.filter((cell) => cell.lines !== 1)).toEqual([]);

    // Sentiment has a tile of its own, not a footnote of the citation rate.
    await visible(page.getByTestId('sentiment'));
    expect(await page.getByText(/citing your site · sentiment/).count()).toBe(0);

    await shoot(page, 'new-user-result', ready, [PHONE, DESKTOP]);
  });
});

async function withDb<T>(fn: (db: ReturnType<typeof createDb>) => Promise<T>): Promise<T> {
  const db = createDb(process.env.E2E_DATABASE_URL!, { max: 1 });
  try {
    return await fn(db);
  } finally {
    await closeDb(db);
  }
}

const ENGINES = ['local-gpt', 'local-claude', 'local-gemini', 'local-perplexity'];

/** k of the answers to these prompts × engines name the brand. */
function answers(prompts: string[], k: number): ScriptedAnswer[] {
  const out: ScriptedAnswer[] = [];
  for (const promptId of prompts) {
    for (const engine of ENGINES) {
      const named = out.length < k;
      out.push({
        promptId,
        engine,
        text: named
          ? '1. **Northwind CRM** – for agencies.\n2. **Relaymark** – for sales teams.'
          : '1. **Relaymark** – for sales teams.\n2. **Salesmith** – for startups.',
      });
    }
  }
  return out;
}

describe('run history a new user misread', () => {
  it('changes carry the noise verdict; a targeted re-measure is labelled and not compared', async () => {
    const account = await signUpThroughApi();
    const { me } = await graphqlAs<{ me: { workspaces: { id: string }[] } }>(
      account,
      '{ me { workspaces { id } } }',
    );
    const workspaceId = me.workspaces[0]!.id;
    const { createBrand } = await graphqlAs<{
      createBrand: { id: string; keywords: { prompts: { id: string }[] }[] };
    }>(
      account,
      'mutation ($input: BrandInput!) { createBrand(input: $input) { id keywords { prompts { id } } } }',
      {
        input: {
          name: 'Northwind CRM',
          domains: ['northwindcrm.com'],
          aliases: [],
          industry: 'CRM software',
          country: 'Germany',
          language: 'en',
          engines: ENGINES,
          schedule: { cadence: 'WEEKLY', hour: 7, timezone: 'Europe/Berlin' },
          competitors: [
            { name: 'Relaymark', domains: ['relaymark.com'], aliases: [] },
            { name: 'Salesmith', domains: ['salesmith.com'], aliases: [] },
          ],
          keywords: ['CRM software'],
        },
      },
    );
    const brandId = createBrand.id;
    const prompts = createBrand.keywords[0]!.prompts.map((p) => p.id);
    const day = 86_400_000;
    const base = Date.now() - 10 * day;
    await seedCompletedRun({
      workspaceId,
      brandId,
      startedAt: new Date(base),
      answers: answers(prompts, 12),
    });
    await seedCompletedRun({
      workspaceId,
      brandId,
      startedAt: new Date(base + day),
      answers: answers(prompts, 10),
    });
    // The re-measure after publishing: one prompt on the four engines.
    const targeted = await startSeededRun({
      workspaceId,
      brandId,
      startedAt: new Date(base + 2 * day),
      total: 4,
    });
    await withDb((db) =>
      db.execute(sql`update runs set trigger = 'targeted', prompt_ids = array[${prompts[0]}::uuid]
        where id = ${targeted}`),
    );
    await storeScriptedAnswers(targeted, answers([prompts[0]!], 1));
    await completeSeededRun(targeted);

    const { page } = await session.newPage({ width: PHONE, height: 900 });
    const errors = collectPageErrors(page);
    await signInWithSession(page, account, `/campaigns/${brandId}`);
    const history = page.getByRole('table', { name: 'Runs' });
    const ready = () => visible(history.getByText(/re-measure · 1 prompt/));
    // The first read of a brand page can take long on a loaded machine.
    await history.getByText(/re-measure · 1 prompt/).waitFor({ timeout: 60_000 });
    // The targeted run has a score but no change; the full run's change reads "within noise".
    await visible(history.getByTitle(/never compared with full runs/));
    const changes = history.getByTestId('score-change');
    await visible(changes.filter({ hasText: 'within noise' }).first());
    const texts = await changes.allTextContents();
    expect(texts.filter((t) => /moved/.test(t))).toEqual([]);
    expect(await history.locator('.text-danger').count()).toBe(0);
    expect(await hasSidewaysScroll(page)).toBe(false);
    await shoot(page, 'run-history', ready, [PHONE]);
    expect(errors).toEqual([]);
  });
});
