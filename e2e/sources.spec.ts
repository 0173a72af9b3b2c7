import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlAs, signInWithSession, signUpThroughApi, uniqueEmail } from './support/auth';
import { type BrowserSession, collectPageErrors, launchBrowser } from './support/browser';
import { hasSidewaysScroll, visible, waitForPath } from './support/expect';
import { measuredBrand } from './support/measured-brand';
import { DESKTOP, PHONE, shoot } from './support/screens';
import { seedCompletedRun } from './support/seed-run';

// The Sources page (docs/sources.md): a brand measured by the local engines lists the sites its
// answers cite with their share, kind and why; a kind filters the list; a person corrects a
// kind and the page says it is the workspace's correction. A brand without runs says so. Pages
// cited for the brand's prompts that name a competitor and not the brand (served on loopback:
// the product runs with ALLOW_PRIVATE_HOSTS) show under "Cites them, not us" once read.

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
});

type Source = { domain: string; kind: string; share: number };

describe('sources page', () => {
  it('lists the cited sites with share and kind, filters by kind, and takes a correction', async () => {
    const account = await signUpThroughApi(uniqueEmail('sources'));
    const { brandId } = await measuredBrand(account);
    const { sources } = await graphqlAs<{ sources: Source[] }>(
      account,
      'query ($b: ID!) { sources(brandId: $b, range: { lastDays: 30 }) { domain kind share } }',
      { b: brandId },
    );
    expect(sources.length).toBeGreaterThan(1);
    const top = sources[0]!;

    const { page } = await session.newPage({ width: DESKTOP, height: 900 });
    const errors = collectPageErrors(page);
    await signInWithSession(page, account, `/campaigns/${brandId}`);
    await page.getByRole('link', { name: 'Sources', exact: true }).click();
    await waitForPath(page, `/campaigns/${brandId}/sources`);

    const table = page.getByRole('table', { name: 'Cited sites' });
    const topRow = table.getByRole('row').filter({ hasText: top.domain });
    await visible(topRow);
    await visible(topRow.getByText(`${(top.share * 100).toFixed(1)} %`));
    // One run, one day: no line to draw yet, and the row says why.
    await visible(topRow.getByText('One day of answers'));
    await shoot(page, 'sources', () => visible(topRow), [PHONE, DESKTOP]);

    // A kind of the list filters it to that kind's sites.
    const other = sources.find((s) => s.kind !== top.kind)!;
    const filters = page.getByRole('group', { name: 'Filter by kind' });
    await filters.getByRole('button', { name: new RegExp(`^${label(other.kind)} ·`) }).click();
    await visible(table.getByRole('row').filter({ hasText: other.domain }));
    await expect.poll(() => table.getByRole('row').filter({ hasText: top.domain }).count()).toBe(0);
    await filters.getByRole('button', { name: /^All ·/ }).click();
    await visible(topRow);

    // A correction: the row says it is the workspace's, and the API agrees.
    await topRow.getByRole('combobox', { name: `Kind of ${top.domain}` }).selectOption('UGC');
    await visible(topRow.getByText('Your workspace’s correction'));
    const after = await graphqlAs<{
      sources: { domain: string; kind: string; kindOrigin: string }[];
    }>(
      account,
      'query ($b: ID!) { sources(brandId: $b, range: { lastDays: 30 }) { domain kind kindOrigin } }',
      { b: brandId },
    );
    expect(after.sources.find((s) => s.domain === top.domain)).toEqual({
      domain: top.domain,
      kind: 'UGC',
      kindOrigin: 'CORRECTION',
    });

    await page.setViewportSize({ width: PHONE, height: 800 });
    await visible(topRow);
    expect(await hasSidewaysScroll(page)).toBe(false);
    expect(errors).toEqual([]);
  });

  it('says when nothing was cited, with the way forward', async () => {
    const account = await signUpThroughApi(uniqueEmail('sources-empty'));
    const { createBrand } = await graphqlAs<{ createBrand: { id: string } }>(
      account,
      'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
      {
        input: {
          name: 'Quietfield CRM',
          domains: ['quietfield.com'],
          aliases: [],
          industry: 'CRM software',
          country: 'Germany',
          language: 'en',
          engines: ['local-gpt'],
          schedule: { cadence: 'WEEKLY', hour: 7, timezone: 'Europe/Berlin' },
          competitors: [],
          keywords: ['CRM software'],
        },
      },
    );
    const { page } = await session.newPage({ width: PHONE, height: 800 });
    await signInWithSession(page, account, `/campaigns/${createBrand.id}/sources`);
    const empty = page.getByText('No citations in this period');
    await visible(empty);
    await visible(page.getByRole('link', { name: 'Open the brand' }));
    await shoot(page, 'sources-empty', () => visible(empty), [PHONE]);
  });
});

describe('cites them, not us', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/best-crm-tools') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html><head><title>The best CRM tools of 2026</title></head><body>
          <nav><a href="/contact">Contact</a></nav>
          <main><article><h1>The best CRM tools of 2026</h1>
          <p>After three months of testing, Relaymark is our top CRM for small teams: fast
          pipelines, a clean inbox and fair pricing. Pipelane comes second.</p></article></main>
          <footer><a href="/suggest-a-tool">Suggest a tool</a></footer></body></html>`);
      } else {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<h1>Not found</h1>');
      }
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((done) => server?.close(done));
  });

  it('reads the cited pages and lists the one naming competitors only, with its evidence', async () => {
    const account = await signUpThroughApi(uniqueEmail('outreach'));
    const me = await graphqlAs<{ me: { workspaces: { id: string }[] } }>(
      account,
      '{ me { workspaces { id } } }',
    );
    const { createBrand } = await graphqlAs<{
      createBrand: {
        id: string;
        keywords: { prompts: { id: string; text: string; branded: boolean }[] }[];
      };
    }>(
      account,
      `mutation ($input: BrandInput!) { createBrand(input: $input) {
         id keywords { prompts { id text branded } } } }`,
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
          competitors: [
            { name: 'Relaymark', domains: ['relaymark.com'], aliases: [] },
            { name: 'Pipelane', domains: ['pipelane.io'], aliases: [] },
          ],
          keywords: ['CRM software'],
        },
      },
    );
    const prompt = createBrand.keywords[0]!.prompts.find((p) => !p.branded)!;
    const review = `${base}/best-crm-tools`;
    await seedCompletedRun({
      workspaceId: me.me.workspaces[0]!.id,
      brandId: createBrand.id,
      startedAt: new Date(),
      answers: ['local-gpt', 'local-claude'].map((engine) => ({
        promptId: prompt.id,
        engine,
        text: 'Relaymark is the top CRM for small teams; Pipelane comes second.',
        citations: [{ url: review }],
      })),
    });

    const { page } = await session.newPage({ width: DESKTOP, height: 900 });
    const errors = collectPageErrors(page);
    await signInWithSession(page, account, `/campaigns/${createBrand.id}/sources`);
    const section = page.getByRole('region', { name: 'Cites them, not us' });
    await visible(section.getByText('The cited pages have not been read yet.'));
    await section.getByRole('button', { name: 'Read cited pages' }).click();

    const table = section.getByRole('table', { name: 'Pages that cite competitors, not you' });
    const row = table.getByRole('row').filter({ hasText: 'The best CRM tools of 2026' });
    await visible(row);
    await visible(section.getByText('Read 1 page.'));
    await visible(row.getByText('Relaymark, Pipelane'));
    await visible(row.getByText('2 engines:'));
    await visible(row.getByRole('listitem').filter({ hasText: 'Local Claude-style (offline)' }));
    await visible(row.getByRole('listitem').filter({ hasText: 'Local ChatGPT-style (offline)' }));
    await visible(row.getByText('100.0 %'));
    const suggest = row.getByRole('link', { name: 'Submit or suggest' });
    expect(await suggest.getAttribute('href')).toBe(`${base}/suggest-a-tool`);
    await row.getByText('Cited for 1 prompt').click();
    await visible(row.getByText(prompt.text));
    await shoot(page, 'sources-outreach', () => visible(row), [600, DESKTOP]);

    // Its opportunity, with the same evidence.
    await row.getByRole('link', { name: 'Open the opportunity' }).click();
    const cited = page.getByRole('region', { name: 'The cited page' });
    await visible(cited.getByText('Relaymark, Pipelane'));
    await visible(cited.getByRole('link', { name: 'Submit or suggest page' }));
    await visible(page.getByText('Source outreach').first());
    expect(errors).toEqual([]);
  });
});

function label(kind: string): string {
  return (
    {
      OWNED: 'Yours',
      COMPETITOR: 'Competitor',
      EDITORIAL: 'Editorial',
      UGC: 'Community',
      REFERENCE: 'Reference',
      OTHER: 'Other',
    } as Record<string, string>
  )[kind]!;
}
