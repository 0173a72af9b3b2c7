import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, signInWithSession, signUpThroughApi, uniqueEmail } from './support/auth';
import { type BrowserSession, baseUrl, collectPageErrors, launchBrowser } from './support/browser';
import { until, visible, waitForPath } from './support/expect';
import { DESKTOP, shoot } from './support/screens';
import { setBrandDomains } from './support/seed-run';

// "Improve this page" (docs/publishing.md, "Improving a page that exists"): a loopback site is
// audited, a key page is improved from the Site page, and the draft editor shows the draft
// against the live page block by block. A viewer sees "Run audit" and "Improve this page" off,
// each with its reason.

let session: BrowserSession;
let server: Server;
let host: string;

const html = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;
const LEAD = 'Northwind CRM keeps every client project, invoice and follow-up in one place.';

beforeAll(async () => {
  session = await launchBrowser();
  const files = new Map<string, string>([
    [
      '/',
      html(
        'Northwind CRM',
        `<main><h1>Northwind CRM</h1><p>${LEAD}</p><a href="/pricing">Pricing</a></main>`,
      ),
    ],
    [
      '/pricing',
      html(
        'Pricing – Northwind CRM',
        `<main><h1>Pricing</h1><p>One plan for agencies of every size, billed monthly.</p>
         <h3>What is included</h3><ul><li>Unlimited projects</li><li>Invoices and reminders</li></ul></main>`,
      ),
    ],
  ]);
  server = createServer((req, res) => {
    const body = files.get(req.url ?? '');
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ?? '<h1>Not found</h1>');
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await session?.close();
  await new Promise<void>((done) => server?.close(() => done()));
});

/** GraphQL as `who` in `workspace` (the personal one when not given). */
async function gql<T>(
  who: ApiSession,
  query: string,
  variables: Record<string, unknown> = {},
  workspace?: string,
): Promise<T> {
  const res = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${who.access_token}`,
      'content-type': 'application/json',
      ...(workspace ? { 'x-workspace-id': workspace } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown[] };
  if (!body.data || body.errors) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** A brand on this test's loopback site, its site audited to the end by the real worker. */
async function auditedBrand(who: ApiSession, workspace?: string): Promise<string> {
  const { createBrand } = await gql<{ createBrand: { id: string } }>(
    who,
    'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
    {
      input: {
        name: 'Northwind CRM',
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
    workspace,
  );
  await setBrandDomains(createBrand.id, [host]);
  await gql(
    who,
    'mutation ($b: ID!) { runSiteAudit(brandId: $b) { id } }',
    { b: createBrand.id },
    workspace,
  );
  await until(
    () =>
      gql<{ siteAudit: { status: string } | null }>(
        who,
        'query ($b: ID!) { siteAudit(brandId: $b) { status } }',
        { b: createBrand.id },
        workspace,
      ),
    (r) => r.siteAudit?.status === 'COMPLETED',
  );
  return createBrand.id;
}

describe('improve a page that exists', () => {
  it('improves a key page from the Site page and shows the draft against the live page', async () => {
    const account = await signUpThroughApi(uniqueEmail('improve'));
    const brandId = await auditedBrand(account);

    const { page } = await session.newPage({ width: DESKTOP, height: 900 });
    const errors = collectPageErrors(page);
    await signInWithSession(page, account, `/campaigns/${brandId}/site`);
    const pages = page.getByRole('list', { name: 'Key pages' });
    const improve = pages.getByRole('button', { name: 'Improve this page: /pricing' });
    await visible(improve);
    await shoot(page, 'improve-site', () => visible(improve), [600, DESKTOP]);
    await improve.click();
    await waitForPath(page, '/publishing/orders');

    const table = page.getByRole('table', { name: 'Orders' });
    await visible(
      table.getByRole('link', { name: 'Improve /pricing for AI answers', exact: true }),
    );
    await visible(table.getByTestId('order-status').filter({ hasText: 'Draft ready' }));
    await table.getByRole('link', { name: /Open the draft for Improve \/pricing/ }).click();
    await waitForPath(page, /\/publishing\/drafts\/[0-9a-f-]{36}$/);

    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Pricing');
    const diff = page.getByRole('region', { name: 'Changes to the live page' });
    await visible(diff.getByRole('link', { name: `http://${host}/pricing` }));
    await visible(diff.getByText('Asks for a statistic with its source', { exact: false }));
    // Additions and removals say so in words, and are <ins> and <del>.
    const blocks = diff.getByRole('list', { name: 'Block by block' });
    const added = blocks.locator('li[data-diff="added"]');
    await visible(added.filter({ hasText: 'Frequently asked questions' }));
    expect(await added.first().getByText('Added', { exact: true }).count()).toBe(1);
    expect(await added.locator('ins').count()).toBeGreaterThan(0);
    const removed = blocks.locator('li[data-diff="removed"]').filter({ hasText: '# Pricing' });
    await visible(removed.getByText('Removed', { exact: true }));
    expect(await removed.locator('del').count()).toBe(1);
    // The page's own words are kept: shown as unchanged when asked for.
    expect(await blocks.getByText('One plan for agencies', { exact: false }).count()).toBe(0);
    await diff.getByLabel('Show unchanged blocks').check();
    const same = blocks.locator('li[data-diff="same"]');
    await visible(same.filter({ hasText: 'One plan for agencies of every size, billed monthly.' }));
    await visible(same.first().getByText('Unchanged', { exact: true }));

    // Typing in the body moves the diff with it.
    const body = page.getByLabel('Body (Markdown)', { exact: true });
    await body.fill(`${await body.inputValue()}\n\nA new closing paragraph.`);
    await visible(added.filter({ hasText: 'A new closing paragraph.' }));

    await shoot(page, 'improve-draft-diff', () => visible(diff), [600, DESKTOP]);
    expect(errors).toEqual([]);
  });

  it('a viewer sees Run audit and Improve this page disabled, each with its reason', async () => {
    const owner = await signUpThroughApi(uniqueEmail('improve-owner'));
    const viewer = await signUpThroughApi(uniqueEmail('improve-viewer'));
    const { createWorkspace } = await gql<{ createWorkspace: { id: string } }>(
      owner,
      'mutation { createWorkspace(name: "Site team") { id } }',
    );
    const workspace = createWorkspace.id;
    const { inviteMember } = await gql<{ inviteMember: { acceptUrl: string } }>(
      owner,
      `mutation ($w: ID!, $e: String!) {
         inviteMember(workspaceId: $w, email: $e, role: VIEWER) { acceptUrl } }`,
      { w: workspace, e: viewer.user.email },
    );
    await gql(viewer, 'mutation ($t: String!) { acceptInvitation(token: $t) { id } }', {
      t: inviteMember.acceptUrl.split('/').pop(),
    });
    const brandId = await auditedBrand(owner, workspace);

    const { page } = await session.newPage({ width: DESKTOP, height: 900 });
    await signInWithSession(page, viewer, '/config.json');
    await page.evaluate((id) => localStorage.setItem('lumen-workspace', id), workspace);
    await page.goto(`/campaigns/${brandId}/site`);

    const run = page.getByRole('button', { name: 'Run audit again' });
    await visible(run);
    expect(await run.isDisabled()).toBe(true);
    const runReason = 'Viewers can read the audit; an owner, admin or member runs it.';
    await visible(page.getByText(runReason));
    const runDescribedBy = await run.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${runDescribedBy}"]`).textContent()).toBe(runReason);

    const improve = page.getByRole('button', { name: 'Improve this page: /pricing' });
    await visible(improve);
    expect(await improve.isDisabled()).toBe(true);
    const describedBy = await improve.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
      'Viewers can read the audit; an owner, admin or member improves a page.',
    );
    await shoot(page, 'improve-viewer', () => visible(improve), [600]);
  });
});
