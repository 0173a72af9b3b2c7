import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Env, loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { findOwnedPublishedTarget } from '@lumen/db/repositories/closed-loop.repository';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, codeOf, fieldsOf } from './brand-helpers';
import { sseSubscribe } from './sse';
import {
  join,
  person as newPerson,
  teamWorkspace as newTeamWorkspace,
  type Person,
} from './team-helpers';

// improvePage (docs/publishing.md, "Improving a page that exists"): a page of the brand's own
// site, read now through safeFetch, becomes an order whose draft is that page improved. Another
// workspace's, a missing and a malformed brand id answer NOT_FOUND; a viewer is FORBIDDEN; a
// page elsewhere, a malformed address, a page that does not answer and an address safeFetch
// refuses each get their own stable code, and none of them leaves an order behind. With the real
// worker (no LLM: the composer) the order reaches DRAFT_READY with the page improved.

const MISSING = '00000000-0000-4000-8000-000000000000';
const IMPROVE = `mutation ($b: ID!, $u: String!) { improvePage(brandId: $b, url: $u) {
  id status template { id } site { id }
  improvedPage { url title body changes }
  opportunity { id type status finding { key url } history { to note } } } }`;

type Improved = {
  id: string;
  status: string;
  template: null;
  site: null;
  improvedPage: { url: string; title: string; body: string; changes: string[] };
  opportunity: {
    id: string;
    type: string;
    status: string;
    finding: { key: string; url: string };
    history: { to: string; note: string | null }[];
  };
};

const PRICING = `<!doctype html><html><head><title>Pricing – Northwind CRM</title></head><body>
<nav><a href="/">Home</a></nav><main><h1>Pricing</h1>
<p>Northwind CRM has one plan for teams of every size.</p>
<p>See the <a href="/terms">terms</a> and the <a href="https://survey.example/crm">CRM price survey</a>.</p>
<h3>What is included</h3><ul><li>Unlimited contacts</li><li>Email sync</li></ul></main></body></html>`;

let gateway: RunningGateway;
let env: Env;
let db: Database;
let server: Server;
let host: string;

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, { max: 2 });
  env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    LOG_LEVEL: 'silent',
    // No LLM provider: the composer writes.
    OPENAI_API_KEY: '',
    ANTHROPIC_API_KEY: '',
    GOOGLE_GENERATIVE_AI_API_KEY: '',
    GEMINI_API_KEY: '',
    PERPLEXITY_API_KEY: '',
    OPENAI_COMPATIBLE_BASE_URL: '',
  });
  gateway = await startGateway(env, { webDist: null });
  server = createServer((req, res) => {
    if (req.url === '/pricing') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PRICING);
    } else if (req.url === '/data.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"a":1}');
    } else if (req.url === '/away') {
      // Leaves the brand's site: localhost is not one of its domains.
      res.writeHead(302, {
        location: `http://localhost:${(server.address() as AddressInfo).port}/pricing`,
      });
      res.end();
    } else {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not found</h1>');
    }
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await gateway?.close();
  await new Promise<void>((done) => server?.close(() => done()));
  if (db) await closeDb(db);
});

const person = (name = 'improve') => newPerson(gateway, name);
const page = (path = '/pricing') => `http://${host}${path}`;

/** A brand in `workspace` whose site is this test's loopback server. */
async function brandOf(who: Person, workspace = who.personal): Promise<string> {
  const res = await who.gql<{ createBrand: { id: string } }>(
    'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
    { input: baseInput({ schedule: { cadence: 'MANUAL', hour: 7, timezone: 'Europe/Berlin' } }) },
    workspace,
  );
  expect(res.errors).toBeUndefined();
  const id = res.data!.createBrand.id;
  // The brand form takes public domains; the loopback host is set on the row.
  await db.execute(sql`update brands set domains = array[${host}]::text[] where id = ${id}`);
  return id;
}

const improve = (who: Person, brandId: string, url: string, workspace?: string) =>
  who.gql<{ improvePage: Improved }>(IMPROVE, { b: brandId, u: url }, workspace);

async function ordersOf(brandId: string): Promise<number> {
  const [row] = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from orders o join opportunities p on p.id = o.opportunity_id
     where p.brand_id = ${brandId}`);
  return row!.n;
}

describe('improvePage', () => {
  it('another workspace’s brand, a missing id and a malformed id all get NOT_FOUND, and nothing is ordered', async () => {
    const a = await person('a');
    const b = await person('b');
    const brandId = await brandOf(a);
    for (const id of [brandId, MISSING, 'not-an-id']) {
      const res = await improve(b, id, page());
      expect(codeOf(res), id).toBe('NOT_FOUND');
      expect(res.errors?.[0]?.message).toBe('Brand not found.');
    }
    expect(await ordersOf(brandId)).toBe(0);
  });

  it('role walk: a viewer is FORBIDDEN; member, admin and owner order the improvement', async () => {
    const owner = await person('owner');
    const w = await newTeamWorkspace(owner, 'Improve team');
    const viewer = await person('viewer');
    const member = await person('member');
    const admin = await person('admin');
    await join(owner, w, viewer, 'VIEWER');
    await join(owner, w, member, 'MEMBER');
    await join(owner, w, admin, 'ADMIN');
    const brandId = await brandOf(owner, w);

    expect(codeOf(await improve(viewer, brandId, page(), w))).toBe('FORBIDDEN');
    expect(await ordersOf(brandId)).toBe(0);

    const ids = new Set<string>();
    let opportunityId: string | null = null;
    for (const who of [member, admin, owner]) {
      const res = await improve(who, brandId, page(), w);
      expect(res.errors).toBeUndefined();
      const order = res.data!.improvePage;
      expect(['QUEUED', 'GENERATING', 'DRAFT_READY']).toContain(order.status);
      expect(order.template).toBeNull();
      expect(order.improvedPage).toMatchObject({
        url: page(),
        title: 'Pricing – Northwind CRM',
        changes: [],
      });
      expect(order.improvedPage.body).toContain(
        'Northwind CRM has one plan for teams of every size.',
      );
      expect(order.improvedPage.body).not.toContain('Home');
      // Links are kept, resolved against the page: publishing replaces the page's content.
      expect(order.improvedPage.body).toContain(
        `See the [terms](${page('/terms')}) and the [CRM price survey](https://survey.example/crm).`,
      );
      expect(order.opportunity).toMatchObject({
        type: 'TECHNICAL',
        status: 'IN_PROGRESS',
        finding: { key: `improve:${page()}`, url: page() },
      });
      // One opportunity per page, however many times it is improved.
      opportunityId ??= order.opportunity.id;
      expect(order.opportunity.id).toBe(opportunityId);
      ids.add(order.id);
    }
    expect(ids.size).toBe(3);
    expect(await ordersOf(brandId)).toBe(3);
    const history = (await improve(owner, brandId, page(), w)).data!.improvePage.opportunity
      .history;
    expect(history.map((h) => h.to)).toEqual(['NEW', 'PLANNED', 'IN_PROGRESS']);
    expect(history.at(-1)!.note).toBe(`Asked to improve ${page()}.`);
  });

  it('refuses a page elsewhere, a malformed address and a page that cannot be read, each with its code', async () => {
    const a = await person('refusals');
    const brandId = await brandOf(a);
    const cases: [string, string][] = [
      ['https://example.com/pricing', 'PAGE_OFF_DOMAIN'],
      [`https://${host.split(':')[0]}.evil.example/pricing`, 'PAGE_OFF_DOMAIN'],
      ['not a url', 'BAD_USER_INPUT'],
      ['javascript:alert(1)', 'BAD_USER_INPUT'],
      [`http://${host}/${'x'.repeat(2_100)}`, 'BAD_USER_INPUT'],
      [page('/missing'), 'PAGE_UNREACHABLE'],
      [page('/data.json'), 'PAGE_UNREACHABLE'],
      [page('/away'), 'PAGE_OFF_DOMAIN'],
    ];
    for (const [url, code] of cases) {
      const res = await improve(a, brandId, url);
      expect(codeOf(res), url.slice(0, 80)).toBe(code);
      if (code !== 'PAGE_UNREACHABLE') expect(fieldsOf(res)?.url, url.slice(0, 80)).toBeTruthy();
    }
    const offDomain = await improve(a, brandId, 'https://example.com/pricing');
    expect(offDomain.errors?.[0]?.message).toBe(
      "Only a page on the brand's own site can be improved (its domains: 127.0.0.1).",
    );
    const missing = await improve(a, brandId, page('/missing'));
    expect(missing.errors?.[0]?.message).toContain('answered HTTP 404');
    expect(await ordersOf(brandId)).toBe(0);
  });

  it('a private address is refused by safeFetch unless ALLOW_PRIVATE_HOSTS', async () => {
    const a = await person('private');
    const brandId = await brandOf(a);
    gateway.deps.env = { ...env, ALLOW_PRIVATE_HOSTS: false };
    try {
      const res = await improve(a, brandId, page());
      expect(codeOf(res)).toBe('PAGE_REFUSED');
      expect(res.errors?.[0]?.message).toContain('Lumen cannot fetch this address');
      expect(fieldsOf(res)?.url).toBeTruthy();
    } finally {
      gateway.deps.env = env;
    }
    expect(await ordersOf(brandId)).toBe(0);
    const allowed = await improve(a, brandId, page());
    expect(allowed.errors).toBeUndefined();
  });
});

describe('improvePage through the real worker', () => {
  let worker: RunningWorker | undefined;

  afterAll(async () => {
    await worker?.close();
  });

  it('the order reaches DRAFT_READY with the page improved by the composer, its changes and the diff’s base', async () => {
    worker = await startWorker(env);
    const a = await person('worker');
    const brandId = await brandOf(a);
    const res = await improve(a, brandId, page());
    expect(res.errors).toBeUndefined();
    const orderId = res.data!.improvePage.id;

    const controller = new AbortController();
    const statuses: string[] = [];
    for await (const frame of sseSubscribe(
      `${gateway.url}/graphql`,
      'subscription ($id: ID!) { orderUpdated(id: $id) { status error } }',
      { id: orderId },
      controller.signal,
      { authorization: `Bearer ${a.token}` },
    )) {
      expect(frame.errors).toBeUndefined();
      const order = (frame.data as { orderUpdated: { status: string; error: string | null } })
        .orderUpdated;
      expect(order.error).toBeNull();
      statuses.push(order.status);
    }
    expect(statuses.at(-1)).toBe('DRAFT_READY');

    const read = await a.gql<{
      order: {
        writer: string;
        improvedPage: { body: string; changes: string[] };
        draft: { title: string; slug: string; body: string; jsonLd: string };
      };
    }>(
      `query ($id: ID!) { order(id: $id) { writer improvedPage { body changes }
         draft { title slug body jsonLd } } }`,
      { id: orderId },
    );
    expect(read.errors).toBeUndefined();
    const order = read.data!.order;
    expect(order.writer).toBe('composer');
    expect(order.draft.title).toBe('Pricing');
    expect(order.draft.slug).toBe('pricing');
    expect(order.draft.body).toContain('Northwind CRM has one plan for teams of every size.');
    expect(order.draft.body).toContain('## What is included');
    expect(order.draft.body).toContain('## Frequently asked questions');
    expect(order.draft.body).toContain('[[Fill in:');
    // Article markup: the FAQ is still a placeholder, so no FAQPage yet.
    const graph = (JSON.parse(order.draft.jsonLd) as { '@graph': { '@type': string }[] })['@graph'];
    expect(graph.map((n) => n['@type'])).toEqual(['Article']);
    expect(order.improvedPage.changes).toContain(
      'Asks for a statistic with its source: the page states no figure.',
    );
    expect(order.improvedPage.body).toContain('# Pricing');

    // Publishing it to a site the page is not on is refused before anything is queued.
    const [site] = await db.execute<{ id: string }>(sql`
      insert into wordpress_sites (workspace_id, name, base_url, username, app_password_encrypted)
      values (${a.personal}, 'Blog', 'https://blog.example.com', 'editor', 'sealed')
      returning id`);
    await db.execute(sql`update orders set site_id = ${site!.id} where id = ${orderId}`);
    const [draft] = await db.execute<{ id: string }>(sql`
      update drafts set status = 'APPROVED', approved_at = now() where order_id = ${orderId}
      returning id`);
    const publish = await a.gql('mutation ($id: ID!) { publishDraft(id: $id) { id status } }', {
      id: draft!.id,
    });
    expect(codeOf(publish)).toBe('PAGE_NOT_ON_SITE');
    expect(publish.errors?.[0]?.message).toBe(
      `${page()} is not on the WordPress site https://blog.example.com: an improvement updates the page's own post. Choose the site the page belongs to, then publish again.`,
    );
    const [after] = await db.execute<{ status: string }>(
      sql`select status from drafts where id = ${draft!.id}`,
    );
    expect(after!.status).toBe('APPROVED');
  });

  it('an improved page is measured on the prompt whose answers cite it most', async () => {
    const a = await person('cited');
    const brandId = await brandOf(a);
    const prompt = async (text: string) => {
      const [row] = await db.execute<{ id: string }>(sql`
        insert into prompts (workspace_id, brand_id, text) values (${a.personal}, ${brandId}, ${text})
        returning id`);
      return row!.id;
    };
    const often = await prompt('What does Northwind CRM cost?');
    const once = await prompt('Which CRM has one plan?');
    const [run] = await db.execute<{ id: string }>(sql`
      insert into runs (workspace_id, brand_id, trigger, status, total, done)
      values (${a.personal}, ${brandId}, 'manual', 'COMPLETED', 3, 3) returning id`);
    const cite = async (promptId: string, engine: string, url: string) => {
      const [answer] = await db.execute<{ id: string }>(sql`
        insert into answers (workspace_id, run_id, prompt_id, prompt_text, engine, text)
        values (${a.personal}, ${run!.id}, ${promptId}, ${promptId}, ${engine}, 'An answer.') returning id`);
      await db.execute(sql`
        insert into citations (workspace_id, answer_id, url, domain, position, owner)
        values (${a.personal}, ${answer!.id}, ${url}, '127.0.0.1', 1, 'own')`);
    };
    await cite(often, 'local-gpt', `${page()}/`);
    await cite(often, 'local-claude', page());
    await cite(once, 'local-gpt', page());

    const res = await improve(a, brandId, page());
    expect(res.errors).toBeUndefined();
    const [opportunity] = await db.execute<{ promptId: string | null }>(sql`
      select evidence->>'promptId' as "promptId" from opportunities
       where id = ${res.data!.improvePage.opportunity.id}`);
    expect(opportunity!.promptId).toBe(often);

    // The closed loop reads it as the published item's prompt (its targeted re-measure, its
    // before/after), like a new post's opportunity prompt.
    const orderId = res.data!.improvePage.id;
    const draft = await until(async () => {
      const [row] = await db.execute<{ id: string }>(
        sql`select id from drafts where order_id = ${orderId}`,
      );
      return row ?? null;
    });
    const [item] = await db.execute<{ id: string }>(sql`
      insert into published_items (workspace_id, draft_id, site_url, wp_post_id, url)
      values (${a.personal}, ${draft.id}, ${`http://${host}`}, 4242, ${page()}) returning id`);
    const target = await findOwnedPublishedTarget(db, a.personal, item!.id);
    expect(target?.promptId).toBe(often);
    // A prompt deleted since is not measured.
    await db.execute(sql`delete from prompts where id = ${often}`);
    expect((await findOwnedPublishedTarget(db, a.personal, item!.id))?.promptId).toBeNull();
  });
});

/** Re-reads until it has a value; the test's own timeout bounds it. */
async function until<T>(read: () => Promise<T | null>): Promise<T> {
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}
