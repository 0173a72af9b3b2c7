import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { seedBuiltins } from '@lumen/db/seed/seed';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { client, codeOf, fieldsOf, type GqlBody, signUp } from './brand-helpers';
import { seedOpportunity } from './opportunity-seed';
import { sseSubscribe } from './sse';

// Orders and drafts through the running gateway with the real worker behind them: an order's
// draft is written by the generate-draft job (the deterministic composer: no LLM is configured
// here), its status pushed by orderUpdated; edits are versioned and a stale one is CONFLICT
// with nothing written; review moves follow the draft state machine; another workspace's ids
// are NOT_FOUND; viewers read only.

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
    // No LLM provider: the composer writes.
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

const DRAFT_FIELDS = `id title slug body excerpt metaTitle metaDescription jsonLd categories tags
  status version approvedAt updatedAt order { id } opportunity { id }
  versions { version title generated }`;
const ORDER_FIELDS = `id status error writer opportunity { id status history { from to note } }
  template { id name } site { id } draft { ${DRAFT_FIELDS} }`;

type Draft = {
  id: string;
  title: string;
  slug: string;
  body: string;
  excerpt: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  jsonLd: string | null;
  categories: number[];
  tags: number[];
  status: string;
  version: number;
  approvedAt: string | null;
  versions: { version: number; title: string; generated: boolean }[];
};
type Order = {
  id: string;
  status: string;
  error: string | null;
  writer: string | null;
  opportunity: {
    id: string;
    status: string;
    history: { from: string | null; to: string; note: string | null }[];
  };
  template: { id: string; name: string } | null;
  draft: Draft | null;
};

const CREATE = `mutation ($input: CreateOrderInput!) { createOrder(input: $input) { ${ORDER_FIELDS} } }`;
const ORDER = `query ($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: DraftInput!, $version: Int!) {
  updateDraft(id: $id, input: $input, version: $version) { ${DRAFT_FIELDS} } }`;
const APPROVE = `mutation ($id: ID!, $version: Int) { approveDraft(id: $id, version: $version) { ${DRAFT_FIELDS} } }`;
const DRAFT = `query ($id: ID!) { draft(id: $id) { ${DRAFT_FIELDS} } }`;

async function templateId(gql: ReturnType<typeof client>, kind: string): Promise<string> {
  const body = await gql<{ templates: { id: string; kind: string; builtIn: boolean }[] }>(
    '{ templates { id kind builtIn } }',
  );
  return body.data!.templates.find((t) => t.builtIn && t.kind === kind.toUpperCase())!.id;
}

/** Every frame of orderUpdated until the stream ends (DRAFT_READY, FAILED or CANCELLED). */
async function followOrder(token: string, id: string) {
  const controller = new AbortController();
  const frames: { status: string; error: string | null; draft: { id: string } | null }[] = [];
  for await (const frame of sseSubscribe(
    `${gateway.url}/graphql`,
    'subscription ($id: ID!) { orderUpdated(id: $id) { status error draft { id } } }',
    { id },
    controller.signal,
    { authorization: `Bearer ${token}` },
  )) {
    if (frame.errors) return { frames, errors: frame.errors };
    frames.push((frame.data as { orderUpdated: (typeof frames)[number] }).orderUpdated);
  }
  return { frames, errors: undefined };
}

const input = (d: Draft, patch: Record<string, unknown> = {}) => ({
  title: d.title,
  slug: d.slug,
  body: d.body,
  excerpt: d.excerpt,
  metaTitle: d.metaTitle,
  metaDescription: d.metaDescription,
  categories: d.categories,
  tags: d.tags,
  ...patch,
});

async function memberOf(workspaceId: string, role: 'viewer' | 'member') {
  const token = await signUp(gateway);
  const me = await client(gateway, token)<{ me: { id: string } }>('{ me { id } }');
  await handle.execute(
    sql`insert into workspace_members (workspace_id, user_id, role)
        values (${workspaceId}, ${me.data!.me.id}, ${role})`,
  );
  return async <T = Record<string, unknown>>(query: string, variables = {}) => {
    const res = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-workspace-id': workspaceId,
      },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as GqlBody<T>;
  };
}

describe('orders and drafts', () => {
  it('orders a draft, follows it live to DRAFT_READY, edits it with versions, refuses a stale save, approves it', async () => {
    const f = await seedOpportunity(gateway, handle);
    const created = await f.gql<{ createOrder: Order }>(CREATE, {
      input: { opportunityId: f.opportunityId, templateId: await templateId(f.gql, 'listicle') },
    });
    expect(created.errors).toBeUndefined();
    const order = created.data!.createOrder;
    expect(order.template?.name).toBe('Best-of listicle');
    // NEW → PLANNED → IN_PROGRESS, each a row of the opportunity's history.
    expect(order.opportunity.status).toBe('IN_PROGRESS');
    expect(order.opportunity.history.map((h) => [h.from, h.to])).toEqual(
      expect.arrayContaining([
        ['NEW', 'PLANNED'],
        ['PLANNED', 'IN_PROGRESS'],
      ]),
    );
    expect(order.opportunity.history.find((h) => h.to === 'IN_PROGRESS')?.note).toBe(
      'Content ordered with the template “Best-of listicle”.',
    );
    expect(['QUEUED', 'GENERATING', 'DRAFT_READY']).toContain(order.status);

    // The subscription ends with DRAFT_READY and the draft; statuses only move forward.
    const live = await followOrder(f.token, order.id);
    expect(live.errors).toBeUndefined();
    const statuses = live.frames.map((s) => s.status);
    expect(statuses.at(-1)).toBe('DRAFT_READY');
    const order_ = ['QUEUED', 'GENERATING', 'DRAFT_READY'];
    expect(statuses.map((s) => order_.indexOf(s))).toEqual(
      [...statuses.map((s) => order_.indexOf(s))].sort(),
    );
    expect(live.frames.at(-1)!.draft?.id).toBeTruthy();

    const ready = (await f.gql<{ order: Order }>(ORDER, { id: order.id })).data!.order;
    expect(ready.writer).toBe('composer');
    const draft = ready.draft!;
    expect(draft.status).toBe('DRAFT');
    expect(draft.version).toBe(1);
    expect(draft.versions).toEqual([{ version: 1, title: draft.title, generated: true }]);
    expect(draft.title).toBe('The best CRM for small agencies: 3 options compared');
    expect(draft.slug).toBe('the-best-crm-for-small-agencies-3-options-compared');
    expect(draft.body).toContain('### Contoso CRM');
    expect(draft.body).toContain(
      'Northwind CRM is a project-based CRM for agencies of 2 to 50 people',
    );
    expect(draft.body).toContain('<https://crmreviews.example/best-agency-crm>');
    expect(draft.metaTitle!.length).toBeLessThanOrEqual(60);
    expect(draft.metaDescription!.length).toBeLessThanOrEqual(160);
    expect(JSON.parse(draft.jsonLd!)['@type']).toBe('FAQPage');

    // A save from version 1 → version 2, with its versions row.
    const saved = await f.gql<{ updateDraft: Draft }>(UPDATE, {
      id: draft.id,
      version: 1,
      input: input(draft, {
        title: 'Best CRM for small agencies',
        slug: 'best-crm-small-agencies',
      }),
    });
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.updateDraft.version).toBe(2);
    expect(saved.data!.updateDraft.versions.map((v) => v.version)).toEqual([2, 1]);

    // A second tab still on version 1: CONFLICT, nothing overwritten, no version written.
    const stale = await f.gql(UPDATE, {
      id: draft.id,
      version: 1,
      input: input(draft, { title: 'An older edit' }),
    });
    expect(codeOf(stale)).toBe('CONFLICT');
    expect(stale.errors![0]!.message).toMatch(/Someone saved this draft after you opened it/);
    const after = (await f.gql<{ draft: Draft }>(DRAFT, { id: draft.id })).data!.draft;
    expect(after.title).toBe('Best CRM for small agencies');
    expect(after.version).toBe(2);
    expect(after.versions).toHaveLength(2);

    // Bad input: field messages, nothing written.
    const bad = await f.gql(UPDATE, {
      id: draft.id,
      version: 2,
      input: input(draft, { slug: 'Not A Slug', metaTitle: 'm'.repeat(61) }),
    });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    expect(fieldsOf(bad)).toEqual({
      slug: 'Use lower-case letters, digits and single hyphens, e.g. best-crm-tools.',
      metaTitle: 'At most 60 characters.',
    });

    // Approve (the version reviewed), then an edit sends it back to DRAFT.
    expect(codeOf(await f.gql(APPROVE, { id: draft.id, version: 1 }))).toBe('CONFLICT');
    const approved = await f.gql<{ approveDraft: Draft }>(APPROVE, { id: draft.id, version: 2 });
    expect(approved.data!.approveDraft.status).toBe('APPROVED');
    expect(approved.data!.approveDraft.approvedAt).not.toBeNull();
    expect(codeOf(await f.gql(APPROVE, { id: draft.id }))).toBe('BAD_USER_INPUT');
    const edited = await f.gql<{ updateDraft: Draft }>(UPDATE, {
      id: draft.id,
      version: 2,
      input: input(after, { excerpt: 'Three CRMs for agencies, compared on evidence.' }),
    });
    expect(edited.data!.updateDraft.status).toBe('DRAFT');
    expect(edited.data!.updateDraft.approvedAt).toBeNull();

    // Restoring version 1 saves it as version 4.
    const restored = await f.gql<{ restoreDraftVersion: Draft }>(
      `mutation ($id: ID!) { restoreDraftVersion(id: $id, restore: 1, version: 3) { ${DRAFT_FIELDS} } }`,
      { id: draft.id },
    );
    expect(restored.errors).toBeUndefined();
    expect(restored.data!.restoreDraftVersion.version).toBe(4);
    expect(restored.data!.restoreDraftVersion.title).toBe(draft.title);

    // Submit for review and approve; the lists show it.
    const submitted = await f.gql<{ submitDraftForReview: { status: string } }>(
      'mutation ($id: ID!) { submitDraftForReview(id: $id) { status } }',
      { id: draft.id },
    );
    expect(submitted.data!.submitDraftForReview.status).toBe('IN_REVIEW');
    const drafts = await f.gql<{
      drafts: {
        edges: { node: { id: string; status: string } }[];
        pageInfo: { hasNextPage: boolean };
      };
    }>(
      '{ drafts(filter: { status: [IN_REVIEW] }, first: 5) { edges { node { id status } } pageInfo { hasNextPage } } }',
    );
    expect(drafts.data!.drafts.edges.map((e) => e.node)).toEqual([
      { id: draft.id, status: 'IN_REVIEW' },
    ]);
    const orders = await f.gql<{
      orders: { edges: { node: { id: string; draft: { id: string } } }[] };
    }>('{ orders(first: 5) { edges { node { id draft { id } } } } }');
    expect(orders.data!.orders.edges.map((e) => e.node)).toEqual([
      { id: order.id, draft: { id: draft.id } },
    ]);

    // Nothing of it reaches another workspace: the same answers as for a missing id.
    const other = client(gateway, await signUp(gateway));
    expect((await other<{ order: null }>(ORDER, { id: order.id })).data!.order).toBeNull();
    expect((await other<{ draft: null }>(DRAFT, { id: draft.id })).data!.draft).toBeNull();
    expect(codeOf(await other(UPDATE, { id: draft.id, version: 4, input: input(draft) }))).toBe(
      'NOT_FOUND',
    );
    expect(codeOf(await other(APPROVE, { id: draft.id }))).toBe('NOT_FOUND');
    expect(
      codeOf(await other('mutation ($id: ID!) { cancelOrder(id: $id) { id } }', { id: order.id })),
    ).toBe('NOT_FOUND');
    expect(
      codeOf(
        await other(CREATE, {
          input: { opportunityId: f.opportunityId, templateId: await templateId(other, 'faq') },
        }),
      ),
    ).toBe('NOT_FOUND');
    expect(
      (await other<{ orders: { edges: unknown[] } }>('{ orders { edges { node { id } } } }')).data!
        .orders.edges,
    ).toEqual([]);
    // Our opportunity with their site, or their custom template: NOT_FOUND too.
    const theirs = await other<{ createTemplate: { id: string } }>(
      `mutation { createTemplate(input: { name: "Theirs", kind: FAQ, instructions: "", structure: [{ heading: "Q", guidance: "" }] }) { id } }`,
    );
    expect(
      codeOf(
        await f.gql(CREATE, {
          input: { opportunityId: f.opportunityId, templateId: theirs.data!.createTemplate.id },
        }),
      ),
    ).toBe('NOT_FOUND');

    // A viewer reads but changes nothing; a member edits.
    const viewer = await memberOf(f.workspaceId, 'viewer');
    expect((await viewer<{ draft: Draft }>(DRAFT, { id: draft.id })).data!.draft.id).toBe(draft.id);
    expect(codeOf(await viewer(UPDATE, { id: draft.id, version: 4, input: input(draft) }))).toBe(
      'FORBIDDEN',
    );
    expect(codeOf(await viewer(APPROVE, { id: draft.id }))).toBe('FORBIDDEN');
    expect(
      codeOf(
        await viewer(CREATE, {
          input: { opportunityId: f.opportunityId, templateId: await templateId(f.gql, 'faq') },
        }),
      ),
    ).toBe('FORBIDDEN');
    const member = await memberOf(f.workspaceId, 'member');
    const memberApproves = await member<{ approveDraft: { status: string } }>(
      'mutation ($id: ID!) { approveDraft(id: $id) { status } }',
      { id: draft.id },
    );
    expect(memberApproves.data!.approveDraft.status).toBe('APPROVED');
  });

  it('pushes a draft’s review moves to draftUpdated subscribers', async () => {
    const f = await seedOpportunity(gateway, handle);
    const created = await f.gql<{ createOrder: Order }>(CREATE, {
      input: { opportunityId: f.opportunityId, templateId: await templateId(f.gql, 'faq') },
    });
    const live = await followOrder(f.token, created.data!.createOrder.id);
    const draftId = live.frames.at(-1)!.draft!.id;

    const controller = new AbortController();
    const frames = sseSubscribe(
      `${gateway.url}/graphql`,
      'subscription ($id: ID!) { draftUpdated(id: $id) { status version } }',
      { id: draftId },
      controller.signal,
      { authorization: `Bearer ${f.token}` },
    );
    const next = async () => (await frames.next()).value?.data?.draftUpdated;
    expect(await next()).toEqual({ status: 'DRAFT', version: 1 });
    await f.gql('mutation ($id: ID!) { submitDraftForReview(id: $id) { id } }', { id: draftId });
    expect(await next()).toEqual({ status: 'IN_REVIEW', version: 1 });
    await f.gql('mutation ($id: ID!) { approveDraft(id: $id) { id } }', { id: draftId });
    expect(await next()).toEqual({ status: 'APPROVED', version: 1 });
    controller.abort();

    // Another workspace cannot open the stream.
    const strangerToken = await signUp(gateway);
    const stranger = sseSubscribe(
      `${gateway.url}/graphql`,
      'subscription ($id: ID!) { draftUpdated(id: $id) { status } }',
      { id: draftId },
      new AbortController().signal,
      { authorization: `Bearer ${strangerToken}` },
    );
    const refused = (await stranger.next()).value;
    expect(refused?.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('cancels a queued order, retries a failed one, and fails one whose template is gone with the reason', async () => {
    const f = await seedOpportunity(gateway, handle);
    const faq = await templateId(f.gql, 'faq');
    // Rows without a job yet (as between the insert and the enqueue), so the worker cannot race.
    const insert = async (status: string, template: string | null) => {
      const [row] = await handle.execute<{ id: string }>(sql`
        insert into orders (workspace_id, opportunity_id, template_id, status, error)
        values (${f.workspaceId}, ${f.opportunityId}, ${template}, ${status},
                ${status === 'FAILED' ? 'The draft could not be written. Please retry the order.' : null})
        returning id`);
      return row!.id;
    };

    const queued = await insert('QUEUED', faq);
    const cancelled = await f.gql<{ cancelOrder: { status: string; error: string } }>(
      'mutation ($id: ID!) { cancelOrder(id: $id) { status error } }',
      { id: queued },
    );
    expect(cancelled.data!.cancelOrder).toEqual({ status: 'CANCELLED', error: 'Cancelled' });
    const again = await f.gql('mutation ($id: ID!) { cancelOrder(id: $id) { status } }', {
      id: queued,
    });
    expect(codeOf(again)).toBe('BAD_USER_INPUT');
    expect(
      codeOf(await f.gql('mutation ($id: ID!) { retryOrder(id: $id) { id } }', { id: queued })),
    ).toBe('BAD_USER_INPUT');

    const failed = await insert('FAILED', faq);
    const retried = await f.gql<{ retryOrder: { status: string; error: string | null } }>(
      'mutation ($id: ID!) { retryOrder(id: $id) { status error } }',
      { id: failed },
    );
    expect(retried.data!.retryOrder.error).toBeNull();
    const done = await followOrder(f.token, failed);
    expect(done.frames.at(-1)!.status).toBe('DRAFT_READY');

    const orphan = await insert('FAILED', null);
    await f.gql('mutation ($id: ID!) { retryOrder(id: $id) { id } }', { id: orphan });
    const lost = await followOrder(f.token, orphan);
    expect(lost.frames.at(-1)).toEqual({
      status: 'FAILED',
      error: 'The template of this order was deleted. Order the piece again with another template.',
      draft: null,
    });
  });

  it('refuses a dismissed opportunity and ids that are not ids', async () => {
    const f = await seedOpportunity(gateway, handle);
    const faq = await templateId(f.gql, 'faq');
    expect(codeOf(await f.gql(CREATE, { input: { opportunityId: 'nope', templateId: faq } }))).toBe(
      'NOT_FOUND',
    );
    expect(
      codeOf(
        await f.gql(CREATE, {
          input: { opportunityId: f.opportunityId, templateId: faq, siteId: crypto.randomUUID() },
        }),
      ),
    ).toBe('NOT_FOUND');
    await f.gql(
      'mutation ($id: ID!) { setOpportunityStatus(id: $id, status: DISMISSED, note: "Not our market") { id } }',
      {
        id: f.opportunityId,
      },
    );
    const refused = await f.gql(CREATE, {
      input: { opportunityId: f.opportunityId, templateId: faq },
    });
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors![0]!.message).toBe(
      'This opportunity is dismissed; reopen it before ordering content for it.',
    );
    const none = await f.gql<{ orders: { edges: unknown[] } }>(
      '{ orders { edges { node { id } } } }',
    );
    expect(none.data!.orders.edges).toEqual([]);
  });
});
