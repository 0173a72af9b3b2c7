import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlAs, signInWithSession, signUpThroughApi, uniqueEmail } from './support/auth';
import { type BrowserSession, collectPageErrors, launchBrowser } from './support/browser';
import { gone, visible } from './support/expect';
import { holdQueue, type ScriptedAnswer, seedCompletedRun } from './support/seed-run';

// "Track as competitor" on a name found in stored answers (docs/jobs.md, "Re-analysis"): the
// page says "Recounting…" while the worker reads the answers again, then the new competitor has
// its numbers from those answers, not "0 %" until the next run. The analysis queue is held
// until the notice has been seen, so the in-between state is there to see on any machine.

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
});

const NBSP = '\u00a0';

describe('recount', () => {
  it('says Recounting while a tracked name is counted in the stored answers, then shows its numbers', async () => {
    const account = await signUpThroughApi(uniqueEmail('recount'));
    const me = await graphqlAs<{ me: { workspaces: { id: string }[] } }>(
      account,
      '{ me { workspaces { id } } }',
    );
    const { createBrand } = await graphqlAs<{
      createBrand: { id: string; keywords: { prompts: { id: string; branded: boolean }[] }[] };
    }>(
      account,
      `mutation ($input: BrandInput!) { createBrand(input: $input) {
         id keywords { prompts { id branded } } } }`,
      {
        input: {
          name: 'Northwind CRM',
          domains: ['northwindcrm.com'],
          aliases: [],
          industry: 'CRM software',
          country: 'Germany',
          language: 'en',
          engines: ['local-gpt', 'local-claude'],
          schedule: { cadence: 'WEEKLY', hour: 7, timezone: 'Europe/Berlin' },
          competitors: [],
          keywords: ['CRM software'],
        },
      },
    );
    const prompts = createBrand.keywords[0]!.prompts.filter((p) => !p.branded).slice(0, 4);
    expect(prompts).toHaveLength(4);
    // 8 answers: every one names Gridwork, Northwind CRM in half of them.
    const answers = ['local-gpt', 'local-claude'].flatMap((engine) =>
      prompts.map<ScriptedAnswer>((p, i) => ({
        promptId: p.id,
        engine,
        text:
          i % 2 === 0
            ? 'Top picks for CRM software:\n\n1. **Gridwork** — strong reports.\n2. **Northwind CRM** — a clear pipeline.'
            : 'Top picks for CRM software:\n\n1. **Gridwork** — strong reports.\n2. **Plainplan** — cheap.',
      })),
    );
    await seedCompletedRun({
      workspaceId: me.me.workspaces[0]!.id,
      brandId: createBrand.id,
      startedAt: new Date(Date.now() - 10 * 60_000),
      answers,
    });

    const { page } = await session.newPage();
    const errors = collectPageErrors(page);
    await signInWithSession(page, account, `/competitors?brand=${createBrand.id}`);
    const leaderboard = page.getByRole('table', { name: 'Competitors side by side' });
    await visible(leaderboard.getByRole('rowheader', { name: 'Northwind CRM' }));
    expect(await leaderboard.getByRole('rowheader', { name: 'Gridwork' }).count()).toBe(0);

    const release = await holdQueue('analysis');
    let released = false;
    try {
      await page
        .getByRole('listitem')
        .filter({ hasText: 'Gridwork' })
        .getByRole('button', { name: 'Track as competitor' })
        .click();
      const notice = page.getByRole('status').filter({ hasText: 'Recounting…' });
      await visible(notice);
      await release();
      released = true;
      await gone(notice);
    } finally {
      if (!released) await release();
    }

    // Gridwork is named in all 8 stored answers: 100 %, read from the rebuilt rollups.
    const row = leaderboard.getByRole('row').filter({
      has: page.getByRole('rowheader', { name: 'Gridwork' }),
    });
    await visible(row);
    await visible(row.getByText(`100${NBSP}%`).first());
    expect(errors).toEqual([]);
  });
});
