import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, codeOf } from './brand-helpers';
import { type Person, person, teamWorkspace } from './team-helpers';

// "Cites them, not us" (docs/sources.md): a completed run whose answers cite two pages this test
// serves on loopback (ALLOW_PRIVATE_HOSTS, as every integration test runs); the real worker
// fetches them, records the one that answers 404, reads the other with the answer analyzer
// (it names both competitors, not the brand), and makes it a SOURCE_OUTREACH opportunity with
// its exact evidence and its "Write for us" page. Read again once the page names the brand,
// the opportunity resolves. Another workspace reaches none of it.

const PROMPT = 'What is the best CRM for small agencies?';
const BRANDED_PROMPT = 'Is Northwind CRM good for agencies?';
const ENGINES = ['local-claude', 'local-gpt'];
// As the page names them, in the same order.
const LABELS = ['Local Claude-style (offline)', 'Local ChatGPT-style (offline)'];

let gateway: RunningGateway;
let worker: RunningWorker;
let handle: Database;
let server: Server;
let base: string;
let reviewBody = '';

const THEM = `<p>We tested twelve tools. <strong>Contoso CRM</strong> is the best CRM for small
agencies, with simple pipelines and a 14-day trial. Fabrikam is popular with agencies that bill
by the hour.</p>`;
const US = `${THEM}<p>Update: Northwind CRM is now our pick for agencies with time tracking.</p>`;

const reviewPage = (
  body: string,
) => `<!doctype html><html><head><title>Best CRM for agencies | CRM Reviews</title></head>
<body><nav><a href="/">Home</a> <a href="/contact">Contact</a></nav>
<main><article><h1>Best CRM for agencies</h1>${body}</article></main>
<footer><a href="/write-for-us">Write for us</a> <a href="https://twitter.example/crmreviews">Follow</a></footer>
</body></html>`;

beforeAll(async () => {
  handle = createDb(process.env.DATABASE_URL!, { max: 2 });
  server = createServer((req, res) => {
    if (req.url === '/best-agency-crm' || req.url === '/northwind-vs-contoso') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(reviewPage(reviewBody));
    } else {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not found</h1>');
    }
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
  gateway = await startGateway(env, { webDist: null });
  worker = await startWorker(env);
}, 120_000);

afterAll(async () => {
  await worker?.close();
  await gateway?.close();
  await new Promise((done) => server?.close(done));
  if (handle) await closeDb(handle);
});

/** A brand with two competitors and one completed run whose answers cite `citing` per engine. */
async function seedBrandRun(
  owner: Person,
  workspace: string,
  citing: Record<string, { url: string; domain: string; owner: string }[]>,
  /** What the answers to a branded prompt of the same run cite, per engine. */
  brandedCiting: Record<string, { url: string; domain: string; owner: string }[]> = {},
): Promise<string> {
  const created = await owner.gql<{ createBrand: { id: string; keywords: { id: string }[] } }>(
    'mutation ($input: BrandInput!) { createBrand(input: $input) { id keywords { id } } }',
    {
      input: baseInput({
        engines: ENGINES,
        competitors: [
          { name: 'Contoso CRM', domains: ['contoso.com'], aliases: ['Contoso'] },
          { name: 'Fabrikam', domains: ['fabrikam.io'], aliases: [] },
        ],
        keywords: ['CRM software'],
      }),
    },
    workspace,
  );
  expect(created.errors).toBeUndefined();
  const brand = created.data!.createBrand;
  await handle.transaction(async (tx) => {
    const [run] = await tx.execute<{ id: string }>(sql`
      insert into runs (workspace_id, brand_id, trigger, status, total, done, started_at, finished_at)
      values (${workspace}, ${brand.id}, 'manual', 'COMPLETED', 2, 2, now(), clock_timestamp())
      returning id`);
    for (const [text, branded, perEngine] of [
      [PROMPT, false, citing],
      [BRANDED_PROMPT, true, brandedCiting],
    ] as const) {
      if (Object.keys(perEngine).length === 0) continue;
      const [prompt] = await tx.execute<{ id: string }>(sql`
        insert into prompts (workspace_id, brand_id, keyword_id, text, branded, source)
        values (${workspace}, ${brand.id}, ${brand.keywords[0]!.id}, ${text}, ${branded}, 'manual')
        returning id`);
      for (const [engine, cited] of Object.entries(perEngine)) {
        const [answer] = await tx.execute<{ id: string }>(sql`
          insert into answers (workspace_id, run_id, prompt_id, prompt_text, engine, text, citations)
          values (${workspace}, ${run!.id}, ${prompt!.id}, ${text}, ${engine},
                  'Contoso CRM is the best CRM for small agencies.',
                  ${JSON.stringify(cited.map((c) => ({ url: c.url })))}::jsonb)
          returning id`);
        for (const [i, c] of cited.entries()) {
          await tx.execute(sql`
            insert into citations (workspace_id, answer_id, url, domain, position, owner)
            values (${workspace}, ${answer!.id}, ${c.url}, ${c.domain}, ${i + 1},
                    ${c.owner}::citation_owner)`);
        }
      }
    }
  });
  return brand.id;
}

const OUTREACH = `query ($b: ID!) { sourceOutreach(brandId: $b, range: { lastDays: 7 }) {
  citedPages readPages scan { status done total failed error }
  pages { url domain kind title citations share score engines engineLabels competitors
          prompts { text engines engineLabels } contact { url kind } opportunityId } } }`;
const READ = `mutation ($b: ID!) { readCitedPages(brandId: $b) { id status } }`;
const OPPORTUNITIES = `query ($b: ID!) {
  opportunities(filter: { brandId: $b, type: [SOURCE_OUTREACH], status: [NEW, RESOLVED] }) {
    edges { node { id type title status impact promptText
      evidence { engines totalEngines }
      outreach { url domain kind title citations share competitors prompts { text engines engineLabels }
                 contact { url kind } }
      history { to note } } } } }`;

type Outreach = {
  citedPages: number;
  readPages: number;
  scan: { status: string; done: number; total: number; failed: number; error: string | null };
  pages: { url: string; opportunityId: string | null; [key: string]: unknown }[];
};
type Opportunity = {
  id: string;
  status: string;
  history: { to: string; note: string | null }[];
  [key: string]: unknown;
};

/** Asks for a reading of the brand's cited pages and waits for the scan to end. */
async function readAndWait(owner: Person, workspace: string, brandId: string): Promise<Outreach> {
  const asked = await owner.gql<{ readCitedPages: { id: string; status: string } }>(
    READ,
    { b: brandId },
    workspace,
  );
  expect(asked.errors).toBeUndefined();
  for (;;) {
    const res = await owner.gql<{ sourceOutreach: Outreach }>(OUTREACH, { b: brandId }, workspace);
    expect(res.errors).toBeUndefined();
    const scan = res.data!.sourceOutreach.scan;
    if (scan.status === 'COMPLETED' || scan.status === 'FAILED') return res.data!.sourceOutreach;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('cites them, not us', () => {
  it('reads the cited pages, makes the competitor-only page an outreach opportunity, and resolves it once the page names the brand', async () => {
    const owner = await person(gateway, 'outreach');
    const w = await teamWorkspace(owner, 'Outreach team');
    const review = `${base}/best-agency-crm`;
    const gone = `${base}/gone`;
    const third = (url: string) => ({ url, domain: '127.0.0.1', owner: 'third_party' });
    const brandId = await seedBrandRun(owner, w, {
      'local-gpt': [
        third(review),
        third(gone),
        { url: 'https://contoso.com/agencies', domain: 'contoso.com', owner: 'competitor' },
      ],
      'local-claude': [third(review)],
    });
    reviewBody = THEM;

    const first = await readAndWait(owner, w, brandId);
    expect(first.scan).toEqual({ status: 'COMPLETED', done: 2, total: 2, failed: 1, error: null });
    expect(first.citedPages).toBe(2);
    expect(first.readPages).toBe(1);
    expect(first.pages).toEqual([
      {
        url: review,
        domain: '127.0.0.1',
        kind: 'OTHER',
        title: 'Best CRM for agencies',
        citations: 2,
        share: 0.5,
        score: 1,
        engines: ENGINES,
        engineLabels: LABELS,
        competitors: ['Contoso CRM', 'Fabrikam'],
        prompts: [{ text: PROMPT, engines: ENGINES, engineLabels: LABELS }],
        contact: { url: `${base}/write-for-us`, kind: 'SUBMIT' },
        opportunityId: expect.any(String),
      },
    ]);
    // The failed fetch is recorded with its status and code; the scan went on.
    const [failed] = await handle.execute<Record<string, unknown>>(sql`
      select status, http_status, error_code, body from cited_pages where url = ${gone}`);
    expect(failed).toEqual({
      status: 'FAILED',
      http_status: 404,
      error_code: 'HTTP_STATUS',
      body: null,
    });

    const listed = await owner.gql<{ opportunities: { edges: { node: Opportunity }[] } }>(
      OPPORTUNITIES,
      { b: brandId },
      w,
    );
    expect(listed.errors).toBeUndefined();
    const nodes = listed.data!.opportunities.edges.map((e) => e.node);
    expect(nodes).toEqual([
      {
        id: first.pages[0]!.opportunityId,
        type: 'SOURCE_OUTREACH',
        title: `127.0.0.1/best-agency-crm names Contoso CRM and Fabrikam but not Northwind CRM`,
        status: 'NEW',
        // 0.8 × (0.6 × 2 of 2 engines + 0.4 × a 50 % share, counted in full from 10 %)
        impact: 80,
        promptText: null,
        evidence: { engines: ENGINES, totalEngines: 2 },
        outreach: {
          url: review,
          domain: '127.0.0.1',
          kind: 'OTHER',
          title: 'Best CRM for agencies',
          citations: 2,
          share: 0.5,
          competitors: ['Contoso CRM', 'Fabrikam'],
          prompts: [{ text: PROMPT, engines: ENGINES, engineLabels: LABELS }],
          contact: { url: `${base}/write-for-us`, kind: 'SUBMIT' },
        },
        history: [{ to: 'NEW', note: 'Found by reading the cited page.' }],
      },
    ]);

    // Another workspace reaches neither the list nor the button.
    const stranger = await person(gateway, 'outreach-stranger');
    const foreign = await stranger.gql(OUTREACH, { b: brandId });
    expect(codeOf(foreign)).toBe('NOT_FOUND');
    expect(codeOf(await stranger.gql(READ, { b: brandId }))).toBe('NOT_FOUND');

    // The page now names the brand: read again, the opportunity resolves and the list empties.
    reviewBody = US;
    const second = await readAndWait(owner, w, brandId);
    expect(second.scan).toEqual({ status: 'COMPLETED', done: 2, total: 2, failed: 1, error: null });
    expect(second.pages).toEqual([]);
    const after = await owner.gql<{ opportunities: { edges: { node: Opportunity }[] } }>(
      OPPORTUNITIES,
      { b: brandId },
      w,
    );
    const resolved = after.data!.opportunities.edges.map((e) => e.node);
    expect(resolved.map((o) => [o.id, o.status])).toEqual([[nodes[0]!.id, 'RESOLVED']]);
    expect(resolved[0]!.history).toEqual([
      { to: 'NEW', note: 'Found by reading the cited page.' },
      { to: 'RESOLVED', note: 'The page now names Northwind CRM.' },
    ]);
  });

  it('ranks only pages cited for the prompts buyers ask, as the Sources page does by default', async () => {
    const owner = await person(gateway, 'outreach-branded');
    const w = await teamWorkspace(owner, 'Outreach branded team');
    const review = `${base}/best-agency-crm`;
    const versus = `${base}/northwind-vs-contoso`;
    const third = (url: string) => ({ url, domain: '127.0.0.1', owner: 'third_party' });
    const brandId = await seedBrandRun(
      owner,
      w,
      { 'local-gpt': [third(review)] },
      // Cited only for a branded prompt: read, but no opportunity, and not in the list.
      { 'local-gpt': [third(versus)], 'local-claude': [third(versus)] },
    );
    reviewBody = THEM;

    const read = await readAndWait(owner, w, brandId);
    expect(read.scan).toEqual({ status: 'COMPLETED', done: 2, total: 2, failed: 0, error: null });
    expect(read.pages.map((p) => [p.url, p.share, p.engines])).toEqual([
      [review, 1, ['local-gpt']],
    ]);
    const listed = await owner.gql<{ opportunities: { edges: { node: Opportunity }[] } }>(
      OPPORTUNITIES,
      { b: brandId },
      w,
    );
    expect(listed.errors).toBeUndefined();
    expect(
      listed.data!.opportunities.edges.map((e) => [
        e.node.id,
        (e.node.outreach as { url: string }).url,
      ]),
    ).toEqual([[read.pages[0]!.opportunityId, review]]);
  });
});
