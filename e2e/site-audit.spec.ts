import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlAs, signInWithSession, signUpThroughApi, uniqueEmail } from './support/auth';
import { type BrowserSession, collectPageErrors, launchBrowser } from './support/browser';
import { visible, waitForPath } from './support/expect';
import { DESKTOP, shoot } from './support/screens';
import { setBrandDomains } from './support/seed-run';

// The Site page (docs/site-audit.md): a loopback site served here whose robots.txt blocks
// GPTBot; the audit is run from the page, GPTBot shows blocked with the robots.txt line that
// decided, and the finding links to the TECHNICAL opportunity it became. A brand whose domain
// answers nothing shows the failed audit with its reason.

let session: BrowserSession;
let server: Server;
let host: string;

const LONG = 'Northwind sends 45% more follow-ups on time. '.repeat(20);
const html = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;

beforeAll(async () => {
  session = await launchBrowser();
  const files = new Map<string, { type: string; body: string }>();
  server = createServer((req, res) => {
    const file = files.get(req.url ?? '');
    res.writeHead(file ? 200 : 404, { 'content-type': file?.type ?? 'text/html' });
    res.end(file?.body ?? '<h1>Not found</h1>');
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  files.set('/robots.txt', {
    type: 'text/plain',
    body: 'User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nUser-agent: OAI-SearchBot\nDisallow: /\n',
  });
  files.set('/', {
    type: 'text/html',
    body: html(
      'Northwind CRM',
      `<main><h1>Northwind CRM</h1><p>${LONG}</p><a href="/pricing">Pricing</a></main>`,
    ),
  });
  files.set('/pricing', {
    type: 'text/html',
    body: html('Pricing', `<main><h1>Pricing</h1><p>${LONG}</p></main>`),
  });
});

afterAll(async () => {
  await session?.close();
  await new Promise<void>((done) => server?.close(() => done()));
});

async function brandFor(account: Awaited<ReturnType<typeof signUpThroughApi>>, name: string) {
  const { createBrand } = await graphqlAs<{ createBrand: { id: string } }>(
    account,
    'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
    {
      input: {
        name,
        domains: ['northwindcrm.com'],
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
  return createBrand.id;
}

describe('site audit page', () => {
  it('runs the audit from the page, shows GPTBot blocked by its robots.txt line and links the TECHNICAL opportunity of a blocked search crawler', async () => {
    const account = await signUpThroughApi(uniqueEmail('site-audit'));
    const brandId = await brandFor(account, 'Northwind CRM');
    await setBrandDomains(brandId, [host]);

    const { page } = await session.newPage({ width: DESKTOP, height: 900 });
    const errors = collectPageErrors(page);
    await signInWithSession(page, account, `/campaigns/${brandId}`);
    await page.getByRole('link', { name: 'Site', exact: true }).click();
    await waitForPath(page, `/campaigns/${brandId}/site`);

    const empty = page.getByText('This site has not been audited yet');
    await visible(empty);
    await visible(page.getByText('whether robots.txt lets each AI agent', { exact: false }));
    await shoot(page, 'site-empty', () => visible(empty), [600, DESKTOP]);

    await page.getByRole('button', { name: 'Run audit' }).click();
    const gpt = page.getByTestId('agent-GPTBot');
    await visible(gpt);
    await visible(gpt.getByText('Blocked').first());
    await visible(gpt.getByTestId('robots-line').getByText('line 6: Disallow: /'));
    expect(await gpt.getByText('Training').count()).toBe(1);
    const claude = page.getByTestId('agent-ClaudeBot');
    expect(await claude.getByText('Blocked').count()).toBe(0);
    await visible(page.getByTestId('site-score'));
    await visible(page.getByText('Site score = round(100 ×', { exact: false }));
    await visible(page.getByTestId('llms-status').getByText('Missing'));

    // Blocking a training crawler is a choice (a low finding, no opportunity); blocking a search
    // crawler costs visibility: a high finding and its TECHNICAL opportunity.
    const search = page.getByTestId('site-finding').filter({ hasText: 'OAI-SearchBot' });
    await visible(search.getByText('High'));
    const link = search.getByRole('link', { name: 'Open the technical opportunity' });
    await visible(link);
    await shoot(page, 'site-result', () => visible(link), [600, DESKTOP]);

    await link.click();
    await waitForPath(page, /^\/opportunities\//);
    const card = page.getByRole('region', { name: 'What the site audit found' });
    await visible(card.getByText('Disallow: /', { exact: false }));
    await visible(page.getByTestId('technical-fix'));
    await visible(page.getByRole('link', { name: 'Open the site audit' }));
    expect(await page.getByRole('button', { name: 'Create content' }).count()).toBe(0);

    const { opportunities } = await graphqlAs<{
      opportunities: { edges: { node: { type: string; finding: { evidence: string } | null } }[] };
    }>(
      account,
      `query ($brandId: ID!) { opportunities(filter: { brandId: $brandId, type: [TECHNICAL] }) {
         edges { node { type finding { evidence } } } } }`,
      { brandId },
    );
    expect(opportunities.edges.some((e) => e.node.finding?.evidence.includes('Disallow: /'))).toBe(
      true,
    );
    expect(errors).toEqual([]);
  });

  it('shows a failed audit with its reason', async () => {
    const account = await signUpThroughApi(uniqueEmail('site-audit-failed'));
    const brandId = await brandFor(account, 'Nowhere CRM');
    const closed = createServer();
    await new Promise<void>((ready) => closed.listen(0, '127.0.0.1', () => ready()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    await setBrandDomains(brandId, [`127.0.0.1:${port}`]);

    const { page } = await session.newPage({ width: DESKTOP, height: 900 });
    await signInWithSession(page, account, `/campaigns/${brandId}/site`);
    await page.getByRole('button', { name: 'Run audit' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The site audit failed' });
    await visible(alert);
    expect((await alert.innerText()).length).toBeGreaterThan('The site audit failed'.length + 10);
    await shoot(page, 'site-failed', () => visible(alert), [600, DESKTOP]);
  });
});
