import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { drafts, orders } from '@lumen/db/schema/publishing';
import { enqueuePublishDraft } from '@lumen/jobs/publish-draft';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetPublishedPages } from '../../../scripts/test/published-pages';
import { until } from '../../../scripts/test/until';
import { startTestWordPress, type TestWordPress } from '../../../scripts/test/wordpress';
import { type RunningGateway, startGateway } from '../src/server';
import { client, codeOf, signUp } from './brand-helpers';
import { sseSubscribe } from './sse';

// Published items through the API, with the real worker and a real WordPress: the list, one
// item, "update from the latest draft" followed live by publishedItemUpdated, the page's reading
// (ingestion) and "Read again", scoping and roles.

const ITEM = `id wpPostId url status publishedVersion latestVersion updating lastError publishedAt
  updatedAt site { id name }`;

type Item = {
  id: string;
  wpPostId: number;
  url: string;
  status: string;
  publishedVersion: number;
  latestVersion: number;
  updating: boolean;
  lastError: string | null;
  site: { id: string; name: string } | null;
};

let gateway: RunningGateway;
let worker: RunningWorker;
let wp: TestWordPress;
let db: Database;
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    RECONCILE_INTERVAL_MS: '500',
    JOB_RETRY_SCALE: '0.001',
    LOG_LEVEL: 'silent',
  });
  [gateway, wp] = await Promise.all([startGateway(env, { webDist: null }), startTestWordPress()]);
  worker = await startWorker(env);
  db = createDb(process.env.DATABASE_URL!, { max: 2 });
});

afterAll(async () => {
  await db?.execute(
    sql`update drafts set status = 'FAILED' where status in ('PUBLISHING', 'SCHEDULED')`,
  );
  await db?.execute(sql`update published_items set ingest_status = 'FAILED'
    where ingest_status in ('PENDING', 'READING')`);
  await worker?.close();
  await gateway?.close();
  if (db) {
    await forgetPublishedPages(db);
    await closeDb(db);
  }
  await wp?.stop();
});

async function signedIn() {
  const token = await signUp(gateway);
  const gql = client(gateway, token);
  const me = await gql<{ me: { id: string; workspaces: { id: string }[] } }>(
    '{ me { id workspaces { id } } }',
  );
  return { token, gql, userId: me.data!.me.id, workspaceId: me.data!.me.workspaces[0]!.id };
}

type Session = Awaited<ReturnType<typeof signedIn>>;

async function connectSite(s: Session, applicationPassword = wp.applicationPassword) {
  return s.gql<{ connectWordPressSite: { id: string } }>(
    `mutation ($input: ConnectWordPressSiteInput!) { connectWordPressSite(input: $input) { id } }`,
    { input: { url: wp.url, username: wp.username, applicationPassword } },
  );
}

/** An approved draft of an IN_PROGRESS opportunity on the site, as the drafts flow leaves it. */
async function approvedDraft(s: Session, siteId: string, title: string) {
  const [brand] = await db.execute<{ id: string }>(sql`
    insert into brands (workspace_id, name, domains, schedule)
    values (${s.workspaceId}, 'Northwind CRM', '{northwindcrm.com}', 'manual') returning id`);
  const [opportunity] = await db.execute<{ id: string }>(sql`
    insert into opportunities (workspace_id, brand_id, type, title, impact, status)
    values (${s.workspaceId}, ${brand!.id}, 'missing_mention', ${title}, 70, 'IN_PROGRESS') returning id`);
  const [order] = await db
    .insert(orders)
    .values({
      workspaceId: s.workspaceId,
      opportunityId: opportunity!.id,
      siteId,
      status: 'DRAFT_READY',
    })
    .returning({ id: orders.id });
  const [draft] = await db
    .insert(drafts)
    .values({
      workspaceId: s.workspaceId,
      orderId: order!.id,
      title,
      slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      body: `## ${title}\n\nFirst version.`,
      status: 'APPROVED',
      approvedAt: new Date(),
      approvedBy: s.userId,
    })
    .returning({ id: drafts.id });
  return draft!.id;
}

/** A page whose server holds every request until `release`, then answers 404. */
async function heldPage() {
  let arrived: () => void = () => {};
  const requested = new Promise<void>((done) => {
    arrived = done;
  });
  const waiting: ServerResponse[] = [];
  let released = false;
  const answer = (res: ServerResponse) => res.writeHead(404, { 'content-type': 'text/html' }).end();
  const server = createServer((_req, res) => {
    arrived();
    if (released) answer(res);
    else waiting.push(res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/held-post/`,
    requested,
    release() {
      released = true;
      for (const res of waiting.splice(0)) answer(res);
      server.close();
    },
  };
}

async function publishAndWait(draftId: string) {
  await db.execute(sql`update drafts set status = 'PUBLISHING' where id = ${draftId}`);
  await enqueuePublishDraft(worker.deps.queues, draftId);
  for (;;) {
    const [row] = await db.execute<{ status: string }>(
      sql`select status from drafts where id = ${draftId}`,
    );
    if (row?.status === 'PUBLISHED' || row?.status === 'FAILED') return row.status;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('published items', () => {
  let owner: Session;
  let siteId: string;
  let draftId: string;
  let item: Item;

  it('a wrong application password connects nothing; the right one connects the site', async () => {
    owner = await signedIn();
    const wrong = await connectSite(owner, 'abcd EFGH 1234 ijkl MNOP 5678');
    expect(codeOf(wrong)).toBe('BAD_USER_INPUT');
    const good = await connectSite(owner);
    expect(good.errors).toBeUndefined();
    siteId = good.data!.connectWordPressSite.id;
  });

  it('lists what was published, newest first, with its live URL and versions', async () => {
    draftId = await approvedDraft(owner, siteId, 'CRM pricing explained');
    const second = await approvedDraft(owner, siteId, 'CRM for agencies');
    expect(await publishAndWait(draftId)).toBe('PUBLISHED');
    expect(await publishAndWait(second)).toBe('PUBLISHED');
    const list = await owner.gql<{
      publishedItems: {
        edges: { node: Item }[];
        pageInfo: { hasNextPage: boolean; endCursor: string };
      };
    }>(
      `query ($first: Int, $after: String) { publishedItems(first: $first, after: $after) {
          edges { node { ${ITEM} } } pageInfo { hasNextPage endCursor } } }`,
      { first: 1 },
    );
    expect(list.errors).toBeUndefined();
    const firstPage = list.data!.publishedItems;
    expect(firstPage.pageInfo.hasNextPage).toBe(true);
    expect(firstPage.edges[0]!.node.url).toMatch(/crm-for-agencies/);
    const next = await owner.gql<{
      publishedItems: { edges: { node: Item }[]; pageInfo: { hasNextPage: boolean } };
    }>(
      `query ($after: String) { publishedItems(first: 1, after: $after) { edges { node { ${ITEM} } } pageInfo { hasNextPage } } }`,
      { after: firstPage.pageInfo.endCursor },
    );
    item = next.data!.publishedItems.edges[0]!.node;
    expect(next.data!.publishedItems.pageInfo.hasNextPage).toBe(false);
    expect(item).toMatchObject({
      status: 'PUBLISH',
      publishedVersion: 1,
      latestVersion: 1,
      updating: false,
      lastError: null,
      site: { id: siteId },
    });
    expect(item.url).toMatch(/crm-pricing-explained/);
    const page = await fetch(item.url);
    expect(await page.text()).toContain('First version.');
  });

  it('filters: outdated items and a site', async () => {
    await db.execute(sql`update drafts set body = '## CRM pricing explained\n\nSecond version.',
      version = 2 where id = ${draftId}`);
    const outdated = await owner.gql<{ publishedItems: { edges: { node: Item }[] } }>(
      `{ publishedItems(filter: { outdated: true }) { edges { node { id latestVersion publishedVersion } } } }`,
    );
    expect(outdated.data!.publishedItems.edges.map((e) => e.node)).toEqual([
      { id: item.id, latestVersion: 2, publishedVersion: 1 },
    ]);
    const bySite = await owner.gql<{ publishedItems: { edges: unknown[] } }>(
      `query ($s: ID) { publishedItems(filter: { siteId: $s }) { edges { node { id } } } }`,
      { s: MISSING },
    );
    expect(bySite.data!.publishedItems.edges).toEqual([]);
  });

  it('update from the latest draft, followed live: updating, then the new version', async () => {
    const controller = new AbortController();
    const frames: Item[] = [];
    const stream = sseSubscribe(
      `${gateway.url}/graphql`,
      `subscription ($id: ID!) { publishedItemUpdated(id: $id) { ${ITEM} } }`,
      { id: item.id },
      controller.signal,
      { authorization: `Bearer ${owner.token}` },
    );
    const collected = (async () => {
      for await (const frame of stream) {
        frames.push((frame.data as { publishedItemUpdated: Item }).publishedItemUpdated);
        if (frames.at(-1)?.publishedVersion === 2 && !frames.at(-1)?.updating) return;
      }
    })();
    for (;;) {
      if (frames.length > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const update = await owner.gql<{ updatePublishedItem: Item }>(
      `mutation ($id: ID!) { updatePublishedItem(id: $id) { ${ITEM} } }`,
      { id: item.id },
    );
    expect(update.errors).toBeUndefined();
    expect(update.data!.updatePublishedItem.updating).toBe(true);
    await collected;
    controller.abort();
    expect(frames[0]).toMatchObject({ publishedVersion: 1, updating: false });
    expect(frames.some((f) => f.updating)).toBe(true);
    expect(frames.at(-1)).toMatchObject({
      publishedVersion: 2,
      latestVersion: 2,
      updating: false,
      wpPostId: item.wpPostId,
    });
    expect(await (await fetch(item.url)).text()).toContain('Second version.');
  });

  it('updating while an update runs is CONFLICT', async () => {
    await db.execute(sql`update drafts set status = 'PUBLISHING' where id = ${draftId}`);
    const busy = await owner.gql(`mutation ($id: ID!) { updatePublishedItem(id: $id) { id } }`, {
      id: item.id,
    });
    expect(codeOf(busy)).toBe('CONFLICT');
    await db.execute(sql`update drafts set status = 'PUBLISHED' where id = ${draftId}`);
  });

  it('the page is read after publishing; Read again, followed live, says why it failed, then reads it', async () => {
    type Ingestion = {
      status: string;
      error: string | null;
      attemptedAt: string;
      readAt: string | null;
    };
    const INGESTION = 'id ingestion { status error attemptedAt readAt }';
    const read = async () =>
      (
        await owner.gql<{ publishedItem: { ingestion: Ingestion } }>(
          `query ($id: ID!) { publishedItem(id: $id) { ${INGESTION} } }`,
          { id: item.id },
        )
      ).data!.publishedItem.ingestion;
    const first = await until(read, (i) => i.status === 'READ' || i.status === 'FAILED');
    expect(first).toMatchObject({ status: 'READ', error: null });
    expect(first.readAt).not.toBeNull();

    // The post is gone from that address: reading again fails, saying why, live.
    const { url } = item;
    await db.execute(
      sql`update published_items set url = ${`${wp.url}/?p=999999`} where id = ${item.id}`,
    );
    const controller = new AbortController();
    const frames: { ingestion: Ingestion }[] = [];
    const stream = sseSubscribe(
      `${gateway.url}/graphql`,
      `subscription ($id: ID!) { publishedItemUpdated(id: $id) { ${INGESTION} } }`,
      { id: item.id },
      controller.signal,
      { authorization: `Bearer ${owner.token}` },
    );
    const collected = (async () => {
      for await (const frame of stream) {
        frames.push(
          (frame.data as { publishedItemUpdated: { ingestion: Ingestion } }).publishedItemUpdated,
        );
        if (frames.at(-1)?.ingestion.status === 'FAILED') return;
      }
    })();
    await until(
      async () => frames.length,
      (n) => n > 0,
    );
    const again = await owner.gql<{ reingestPublishedItem: { ingestion: Ingestion } }>(
      `mutation ($id: ID!) { reingestPublishedItem(id: $id) { ${INGESTION} } }`,
      { id: item.id },
    );
    expect(again.errors).toBeUndefined();
    expect(again.data!.reingestPublishedItem.ingestion).toMatchObject({
      status: 'PENDING',
      error: null,
    });
    await collected;
    controller.abort();
    expect(frames[0]!.ingestion.status).toBe('READ');
    expect(frames.at(-1)!.ingestion).toMatchObject({ status: 'FAILED' });
    expect(frames.at(-1)!.ingestion.error).toMatch(/^The page is not reachable: .* answered 404\./);

    // Asking while it is being read is CONFLICT. A real reading, held open by the page's server
    // until the answer is in: a status written by hand would race the reconciler, which fails a
    // READING row that has no live job (and did, on a loaded machine).
    const page = await heldPage();
    // Ingestion reads only pages of the item's site: the held page stands in for the site.
    const [site] = await db.execute<{ site_url: string | null }>(
      sql`select site_url from published_items where id = ${item.id}`,
    );
    try {
      await db.execute(sql`update published_items set url = ${page.url},
        site_url = ${new URL(page.url).origin} where id = ${item.id}`);
      const reading = await owner.gql(
        `mutation ($id: ID!) { reingestPublishedItem(id: $id) { id } }`,
        { id: item.id },
      );
      expect(reading.errors).toBeUndefined();
      await page.requested;
      const busy = await owner.gql(
        `mutation ($id: ID!) { reingestPublishedItem(id: $id) { id } }`,
        { id: item.id },
      );
      expect(codeOf(busy)).toBe('CONFLICT');
    } finally {
      page.release();
    }
    expect(
      await until(read, (i) => i.status !== 'PENDING' && i.status !== 'READING'),
    ).toMatchObject({ status: 'FAILED' });

    // Once the post is back, Read again reads it.
    await db.execute(sql`update published_items set url = ${url}, site_url = ${site?.site_url ?? null}
      where id = ${item.id}`);
    const retried = await owner.gql<{ reingestPublishedItem: { ingestion: Ingestion } }>(
      `mutation ($id: ID!) { reingestPublishedItem(id: $id) { ${INGESTION} } }`,
      { id: item.id },
    );
    expect(retried.errors).toBeUndefined();
    const last = await until(read, (i) => i.status === 'READ' || i.status === 'FAILED');
    expect(last).toMatchObject({ status: 'READ', error: null });
    item = { ...item, url };
  });

  it('another workspace’s item answers like a missing one; a viewer may read but not update', async () => {
    const stranger = await signedIn();
    const read = await stranger.gql<{ publishedItem: Item | null }>(
      `query ($id: ID!) { publishedItem(id: $id) { id } }`,
      { id: item.id },
    );
    expect(read.data!.publishedItem).toBeNull();
    for (const id of [item.id, MISSING, 'not-a-uuid']) {
      const update = await stranger.gql(
        `mutation ($id: ID!) { updatePublishedItem(id: $id) { id } }`,
        {
          id,
        },
      );
      expect(codeOf(update)).toBe('NOT_FOUND');
      const reingest = await stranger.gql(
        `mutation ($id: ID!) { reingestPublishedItem(id: $id) { id } }`,
        { id },
      );
      expect(codeOf(reingest)).toBe('NOT_FOUND');
    }
    const list = await stranger.gql<{ publishedItems: { edges: unknown[] } }>(
      '{ publishedItems { edges { node { id } } } }',
    );
    expect(list.data!.publishedItems.edges).toEqual([]);

    const viewer = await signedIn();
    await db.execute(sql`insert into workspace_members (workspace_id, user_id, role)
      values (${owner.workspaceId}, ${viewer.userId}, 'viewer')`);
    const asViewer = (query: string, variables: Record<string, unknown>) =>
      fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${viewer.token}`,
          'x-workspace-id': owner.workspaceId,
        },
        body: JSON.stringify({ query, variables }),
      }).then(
        (r) =>
          r.json() as Promise<{
            data?: Record<string, unknown>;
            errors?: { extensions?: { code?: string } }[];
          }>,
      );
    const seen = await asViewer(`query ($id: ID!) { publishedItem(id: $id) { id url } }`, {
      id: item.id,
    });
    expect(seen.data?.publishedItem).toMatchObject({ id: item.id, url: item.url });
    const refused = await asViewer(`mutation ($id: ID!) { updatePublishedItem(id: $id) { id } }`, {
      id: item.id,
    });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const refusedRead = await asViewer(
      `mutation ($id: ID!) { reingestPublishedItem(id: $id) { id } }`,
      { id: item.id },
    );
    expect(refusedRead.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('publishDraft, unscheduleDraft and Draft.publishedItem', () => {
  let owner: Session;
  let siteId: string;
  const DRAFT = `id status version scheduledFor error publishedItem { id url wpPostId publishedVersion }`;
  type Draft = {
    id: string;
    status: string;
    version: number;
    scheduledFor: string | null;
    error: string | null;
    publishedItem: { id: string; url: string; wpPostId: number; publishedVersion: number } | null;
  };

  beforeAll(async () => {
    owner = await signedIn();
    const site = await connectSite(owner);
    siteId = site.data!.connectWordPressSite.id;
  });

  it('publishes now, followed live by draftUpdated: PUBLISHING, then PUBLISHED with its post', async () => {
    const id = await approvedDraft(owner, siteId, 'Live publishing walkthrough');
    const controller = new AbortController();
    const frames: Draft[] = [];
    const stream = sseSubscribe(
      `${gateway.url}/graphql`,
      `subscription ($id: ID!) { draftUpdated(id: $id) { ${DRAFT} } }`,
      { id },
      controller.signal,
      { authorization: `Bearer ${owner.token}` },
    );
    const collected = (async () => {
      for await (const frame of stream) {
        frames.push((frame.data as { draftUpdated: Draft }).draftUpdated);
        const last = frames.at(-1);
        if (last?.status === 'PUBLISHED' || last?.status === 'FAILED') return;
      }
    })();
    while (frames.length === 0) await new Promise((r) => setTimeout(r, 25));
    const published = await owner.gql<{ publishDraft: Draft }>(
      `mutation ($id: ID!) { publishDraft(id: $id) { ${DRAFT} } }`,
      { id },
    );
    expect(published.errors).toBeUndefined();
    expect(published.data!.publishDraft).toMatchObject({
      status: 'PUBLISHING',
      publishedItem: null,
    });
    await collected;
    controller.abort();
    expect(frames.map((f) => f.status)).toEqual(['APPROVED', 'PUBLISHING', 'PUBLISHED']);
    const item = frames.at(-1)!.publishedItem!;
    expect(item.url).toMatch(/live-publishing-walkthrough/);
    expect(await (await fetch(item.url)).text()).toContain('First version.');

    // Publishing again writes the same post (update from the latest draft, from the editor).
    await db.execute(sql`update drafts set body = 'Third version.', version = 3 where id = ${id}`);
    const again = await owner.gql<{ publishDraft: Draft }>(
      `mutation ($id: ID!) { publishDraft(id: $id) { ${DRAFT} } }`,
      { id },
    );
    expect(again.data!.publishDraft.status).toBe('PUBLISHING');
    expect(await publishAndWaitFor(id)).toBe('PUBLISHED');
    const read = await owner.gql<{ draft: Draft }>(
      `query ($id: ID!) { draft(id: $id) { ${DRAFT} } }`,
      {
        id,
      },
    );
    expect(read.data!.draft.publishedItem).toMatchObject({
      wpPostId: item.wpPostId,
      publishedVersion: 3,
    });
    const posts = await (
      await wp.adminFetch(
        `/wp-json/wp/v2/posts?context=edit&status=publish,draft,trash&search=${encodeURIComponent(`lumen:draft:${id}`)}`,
      )
    ).json();
    expect((posts as unknown[]).length).toBe(1);
  });

  it('a draft that is not approved is refused with a clear message; nothing is queued', async () => {
    const id = await approvedDraft(owner, siteId, 'Not approved yet');
    await db.execute(sql`update drafts set status = 'IN_REVIEW' where id = ${id}`);
    const refused = await owner.gql(`mutation ($id: ID!) { publishDraft(id: $id) { id } }`, { id });
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors?.[0]?.message).toBe(
      'Only an approved draft can be published. Approve it first.',
    );
    expect(await worker.deps.queues.publishing.getJob(`publish-${id}`)).toBeUndefined();
  });

  it('schedules with a delayed job, refuses a time too soon, and unschedules', async () => {
    const id = await approvedDraft(owner, siteId, 'Scheduled for later');
    const soon = await owner.gql(
      `mutation ($id: ID!, $at: DateTime) { publishDraft(id: $id, at: $at) { id } }`,
      {
        id,
        at: new Date(Date.now() + 5_000).toISOString(),
      },
    );
    expect(codeOf(soon)).toBe('BAD_USER_INPUT');
    expect(soon.errors?.[0]?.extensions?.fields).toEqual({
      at: 'Choose a time at least a minute from now, or publish now.',
    });
    const at = new Date(Date.now() + 3_600_000);
    const scheduled = await owner.gql<{ publishDraft: Draft }>(
      `mutation ($id: ID!, $at: DateTime) { publishDraft(id: $id, at: $at) { ${DRAFT} } }`,
      { id, at: at.toISOString() },
    );
    expect(scheduled.data!.publishDraft).toMatchObject({ status: 'SCHEDULED' });
    expect(new Date(scheduled.data!.publishDraft.scheduledFor!).getTime()).toBe(at.getTime());
    const job = await worker.deps.queues.publishing.getJob(`publish-${id}`);
    expect(await job?.getState()).toBe('delayed');

    const un = await owner.gql<{ unscheduleDraft: Draft }>(
      `mutation ($id: ID!) { unscheduleDraft(id: $id) { ${DRAFT} } }`,
      { id },
    );
    expect(un.data!.unscheduleDraft).toMatchObject({ status: 'APPROVED', scheduledFor: null });
    expect(await worker.deps.queues.publishing.getJob(`publish-${id}`)).toBeUndefined();
    const twice = await owner.gql(`mutation ($id: ID!) { unscheduleDraft(id: $id) { id } }`, {
      id,
    });
    expect(codeOf(twice)).toBe('CONFLICT');
  });

  it('another workspace’s draft is NOT_FOUND; a viewer may not publish', async () => {
    const id = await approvedDraft(owner, siteId, 'Someone else’s');
    const stranger = await signedIn();
    for (const mutation of ['publishDraft', 'unscheduleDraft']) {
      const res = await stranger.gql(`mutation ($id: ID!) { ${mutation}(id: $id) { id } }`, { id });
      expect(codeOf(res)).toBe('NOT_FOUND');
    }
    const viewer = await signedIn();
    await db.execute(sql`insert into workspace_members (workspace_id, user_id, role)
      values (${owner.workspaceId}, ${viewer.userId}, 'viewer')`);
    const res = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${viewer.token}`,
        'x-workspace-id': owner.workspaceId,
      },
      body: JSON.stringify({
        query: `mutation ($id: ID!) { publishDraft(id: $id) { id } }`,
        variables: { id },
      }),
    });
    const body = (await res.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

/** Waits for a draft the API moved to PUBLISHING to end. */
async function publishAndWaitFor(draftId: string) {
  for (;;) {
    const [row] = await db.execute<{ status: string }>(
      sql`select status from drafts where id = ${draftId}`,
    );
    if (row?.status === 'PUBLISHED' || row?.status === 'FAILED') return row.status;
    await new Promise((r) => setTimeout(r, 25));
  }
}
