import { randomUUID } from 'node:crypto';
import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { insertSite } from '@lumen/db/repositories/wordpress-site.repository';
import { seedBuiltins } from '@lumen/db/seed/seed';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { client, codeOf, signUp } from './brand-helpers';
import { seedOpportunity } from './opportunity-seed';

// A draft ordered before any site was connected gets its site later, keeping its versions
// (docs/publishing.md, "A site later"). The composer writes the draft (no LLM configured); the
// sites are rows as connectWordPressSite leaves them (no WordPress is called here).

let gateway: RunningGateway;
let worker: RunningWorker;
let handle: Database;

beforeAll(async () => {
  handle = createDb(process.env.DATABASE_URL!, { max: 2 });
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    LOG_LEVEL: 'silent',
    OPENAI_API_KEY: '',
    ANTHROPIC_API_KEY: '',
    GOOGLE_GENERATIVE_AI_API_KEY: '',
    GEMINI_API_KEY: '',
    PERPLEXITY_API_KEY: '',
    OPENAI_COMPATIBLE_BASE_URL: '',
  });
  gateway = await startGateway(env, { webDist: null });
  worker = await startWorker(env);
  await seedBuiltins(gateway.deps.db);
});

afterAll(async () => {
  await worker?.close();
  await gateway?.close();
  if (handle) await closeDb(handle);
});

async function site(workspaceId: string, name: string, categories = [{ id: 7, name: 'CRM' }]) {
  const row = await insertSite(handle, {
    id: randomUUID(),
    workspaceId,
    name,
    url: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example`,
    username: 'editor',
    sealedPassword: 'sealed',
    verification: {
      apiRoot: 'https://example/wp-json/',
      capabilities: {
        canPublishPosts: true,
        canUploadFiles: true,
        canManageCategories: true,
        seoPlugin: null,
        seoMetaFields: [],
      },
      categories: categories.map((c) => ({ ...c, slug: c.name.toLowerCase(), count: 1 })),
      tags: [],
    },
  });
  return row!.id;
}

const DRAFT = `id status version body categories site { id name categories { id } }
  versions { version } order { id site { id } }`;
type Draft = {
  id: string;
  status: string;
  version: number;
  body: string;
  categories: number[];
  site: { id: string; name: string; categories: { id: number }[] } | null;
  versions: { version: number }[];
  order: { id: string; site: { id: string } | null };
};

async function readyDraft(f: Awaited<ReturnType<typeof seedOpportunity>>): Promise<Draft> {
  const templates = await f.gql<{ templates: { id: string; kind: string; builtIn: boolean }[] }>(
    '{ templates { id kind builtIn } }',
  );
  const templateId = templates.data!.templates.find((t) => t.builtIn && t.kind === 'LISTICLE')!.id;
  const created = await f.gql<{ createOrder: { id: string } }>(
    'mutation ($input: CreateOrderInput!) { createOrder(input: $input) { id } }',
    { input: { opportunityId: f.opportunityId, templateId } },
  );
  expect(created.errors).toBeUndefined();
  const orderId = created.data!.createOrder.id;
  for (;;) {
    const order = await f.gql<{ order: { status: string; draft: Draft | null } }>(
      `query ($id: ID!) { order(id: $id) { status draft { ${DRAFT} } } }`,
      { id: orderId },
    );
    const o = order.data!.order;
    if (o.status === 'DRAFT_READY' && o.draft) return o.draft;
    expect(['QUEUED', 'GENERATING']).toContain(o.status);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const SET = `mutation ($id: ID!, $siteId: ID!) { setDraftSite(id: $id, siteId: $siteId) { ${DRAFT} } }`;
const UPDATE = `mutation ($id: ID!, $input: DraftInput!, $version: Int!) {
  updateDraft(id: $id, input: $input, version: $version) { id version } }`;

describe('a site for a draft ordered without one', () => {
  it('gives the draft a site, keeping its edits and versions; publishing then finds the site', async () => {
    const f = await seedOpportunity(gateway, handle);
    const draft = await readyDraft(f);
    expect(draft.site).toBeNull();
    // The person edits the draft before any site exists: version 2.
    const full = await f.gql<{ draft: Record<string, unknown> }>(
      `query ($id: ID!) { draft(id: $id) { title slug body excerpt metaTitle metaDescription categories tags } }`,
      { id: draft.id },
    );
    const edited = `${draft.body}\n\nOur own note, written by hand.`;
    const saved = await f.gql(UPDATE, {
      id: draft.id,
      input: { ...full.data!.draft, body: edited },
      version: 1,
    });
    expect(saved.errors).toBeUndefined();
    // Approved without a site: publishing says what to do instead of "order it again".
    await f.gql('mutation ($id: ID!) { approveDraft(id: $id) { id } }', { id: draft.id });
    const refused = await f.gql<{ publishDraft: unknown }>(
      'mutation ($id: ID!) { publishDraft(id: $id) { id } }',
      { id: draft.id },
    );
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors![0]!.message).toContain('Choose one in the draft editor');

    const siteId = await site(f.workspaceId, 'Agency Blog');
    const set = await f.gql<{ setDraftSite: Draft }>(SET, { id: draft.id, siteId });
    expect(set.errors).toBeUndefined();
    const after = set.data!.setDraftSite;
    expect(after.site).toMatchObject({ id: siteId, name: 'Agency Blog', categories: [{ id: 7 }] });
    expect(after.order.site?.id).toBe(siteId);
    // Same draft, same text, every version kept, and still approved.
    expect(after).toMatchObject({ id: draft.id, version: 2, body: edited, status: 'APPROVED' });
    expect(after.versions.map((v) => v.version)).toEqual([2, 1]);
    // Setting the same site again changes nothing.
    const again = await f.gql<{ setDraftSite: Draft }>(SET, { id: draft.id, siteId });
    expect(again.data!.setDraftSite.version).toBe(2);
  });

  it('refuses another workspace’s draft or site (NOT_FOUND), a viewer (FORBIDDEN), and a move that would orphan categories', async () => {
    const f = await seedOpportunity(gateway, handle);
    const other = await seedOpportunity(gateway, handle);
    const draft = await readyDraft(f);
    const theirSite = await site(other.workspaceId, 'Their Blog');
    expect(codeOf(await f.gql(SET, { id: draft.id, siteId: theirSite }))).toBe('NOT_FOUND');
    const mine = await site(f.workspaceId, 'First Blog');
    expect(codeOf(await other.gql(SET, { id: draft.id, siteId: theirSite }))).toBe('NOT_FOUND');
    expect(codeOf(await f.gql(SET, { id: draft.id, siteId: 'nope' }))).toBe('NOT_FOUND');

    const viewerToken = await signUp(gateway);
    const viewer = client(gateway, viewerToken);
    const me = await viewer<{ me: { id: string } }>('{ me { id } }');
    await handle.execute(sql`insert into workspace_members (workspace_id, user_id, role)
      values (${f.workspaceId}, ${me.data!.me.id}, 'viewer')`);
    const asViewer = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${viewerToken}`,
        'x-workspace-id': f.workspaceId,
      },
      body: JSON.stringify({ query: SET, variables: { id: draft.id, siteId: mine } }),
    });
    expect(codeOf(await asViewer.json())).toBe('FORBIDDEN');

    // On the first site the draft is filed under its category 7; moving it would orphan it.
    expect((await f.gql(SET, { id: draft.id, siteId: mine })).errors).toBeUndefined();
    await handle.execute(sql`update drafts set categories = '[7]'::jsonb where id = ${draft.id}`);
    const second = await site(f.workspaceId, 'Second Blog');
    const moved = await f.gql(SET, { id: draft.id, siteId: second });
    expect(codeOf(moved)).toBe('BAD_USER_INPUT');
    expect(moved.errors![0]!.message).toContain('categories or tags');
    const kept = await f.gql<{ draft: Draft }>(`query ($id: ID!) { draft(id: $id) { ${DRAFT} } }`, {
      id: draft.id,
    });
    expect(kept.data!.draft.site?.id).toBe(mine);
    // A published draft keeps its site.
    await handle.execute(sql`update drafts set status = 'PUBLISHED', categories = '[]'::jsonb
      where id = ${draft.id}`);
    const published = await f.gql(SET, { id: draft.id, siteId: second });
    expect(codeOf(published)).toBe('BAD_USER_INPUT');
    expect(published.errors![0]!.message).toContain('published on its site');
  });
});
