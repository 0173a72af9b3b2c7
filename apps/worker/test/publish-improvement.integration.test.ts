import { drafts, orders } from '@lumen/db/schema/publishing';
import type { PageSource } from '@lumen/domain/publishing/improve-page';
import { enqueuePublishDraft } from '@lumen/jobs/publish-draft';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetPublishedPages } from '../../../scripts/test/published-pages';
import { startTestWordPress, type TestWordPress } from '../../../scripts/test/wordpress';
import type { RunningWorker } from '../src/worker';
import { startTestWorker, until } from './brand-run-fixtures';
import { draftRow, type Seeded, seedOpportunity, seedSite } from './publish-fixtures';

// Publishing an improvement of a page that exists (docs/publishing.md, "Improving a page that
// exists") against a real WordPress: the post or page at the improved address is rewritten in
// place (its content changes, its address and status stay, no post is created), publishing
// again rewrites the same one, and a page of another site is refused before WordPress is asked.

let wp: TestWordPress;
let worker: RunningWorker;
let seeded: Seeded;
let siteId: string;

type WpItem = {
  id: number;
  link: string;
  slug: string;
  status: string;
  title: { raw: string };
  content: { raw: string };
};

const db = () => worker.deps.db;

async function wpJson<T>(path: string, init?: RequestInit): Promise<{ body: T; total: number }> {
  const res = await wp.adminFetch(path, init);
  expect(res.ok, `${init?.method ?? 'GET'} ${path}: ${res.status}`).toBe(true);
  return { body: (await res.json()) as T, total: Number(res.headers.get('x-wp-total') ?? '0') };
}

/** Posts and pages on the site, any status but the trash. */
async function countAll(): Promise<number> {
  let n = 0;
  for (const type of ['posts', 'pages']) {
    n += (
      await wpJson<unknown[]>(
        `/wp-json/wp/v2/${type}?per_page=1&status=publish,future,draft,pending,private`,
      )
    ).total;
  }
  return n;
}

async function create(type: 'posts' | 'pages', title: string, content: string): Promise<WpItem> {
  const { body } = await wpJson<{ id: number }>(`/wp-json/wp/v2/${type}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title, content, status: 'publish' }),
  });
  return read(type, body.id);
}

async function read(type: 'posts' | 'pages', id: number): Promise<WpItem> {
  return (await wpJson<WpItem>(`/wp-json/wp/v2/${type}/${id}?context=edit`)).body;
}

async function revisions(type: 'posts' | 'pages', id: number): Promise<number> {
  return (await wpJson<unknown[]>(`/wp-json/wp/v2/${type}/${id}/revisions?per_page=100`)).body
    .length;
}

/** An improvement order of `url` on the site, and its approved draft, being published. */
async function seedImprovement(url: string, body: string): Promise<string> {
  const source: PageSource = {
    url,
    title: 'As read',
    body: 'Old text.',
    fetchedAt: new Date().toISOString(),
    changes: [],
  };
  const [order] = await db()
    .insert(orders)
    .values({
      workspaceId: seeded.workspaceId,
      opportunityId: seeded.opportunityId,
      siteId,
      status: 'DRAFT_READY',
      writer: 'composer',
      pageSource: source,
    })
    .returning({ id: orders.id });
  const [row] = await db()
    .insert(drafts)
    .values({
      workspaceId: seeded.workspaceId,
      orderId: order!.id,
      title: 'Pricing, improved',
      slug: 'a-slug-that-must-not-be-sent',
      body,
      excerpt: 'One plan for every team.',
      metaTitle: 'Pricing',
      metaDescription: 'One plan for every team.',
      jsonLd: null,
      categories: [],
      tags: [],
      status: 'PUBLISHING',
      approvedAt: new Date(),
    })
    .returning({ id: drafts.id });
  return row!.id;
}

const settled = (draftId: string) =>
  until(
    () => draftRow(db(), draftId),
    (d) => d.status === 'PUBLISHED' || d.status === 'FAILED',
  );

/** What the API does on publishDraft: PUBLISHING, then the job. */
async function publish(draftId: string) {
  await db().execute(sql`update drafts set status = 'PUBLISHING' where id = ${draftId}`);
  await enqueuePublishDraft(worker.deps.queues, draftId);
  return settled(draftId);
}

beforeAll(async () => {
  wp = await startTestWordPress();
  worker = await startTestWorker();
  seeded = await seedOpportunity(worker.deps.db);
  // Connected at WordPress' own address: the page's link is on the site's origin.
  siteId = await seedSite(worker.deps.db, seeded.workspaceId, {
    url: wp.url,
    username: wp.username,
    applicationPassword: wp.applicationPassword,
  });
});

afterAll(async () => {
  if (worker) {
    await db().execute(sql`update drafts set status = 'FAILED' where status in ('PUBLISHING', 'SCHEDULED')
      and workspace_id = ${seeded.workspaceId}`);
    await forgetPublishedPages(db());
    await worker.close();
  }
  await wp?.stop();
});

describe('publishing an improvement', () => {
  it('rewrites the existing post in place: new content, same address and status, no new post', async () => {
    const post = await create('posts', 'Pricing', '<p>Old text about our one plan.</p>');
    const before = await countAll();
    const revisionsBefore = await revisions('posts', post.id);
    const draftId = await seedImprovement(
      post.link,
      'Northwind CRM has **one plan** for teams of every size.\n\n## Frequently asked questions\n\n### Is there a free trial?\n\nYes, 14 days.',
    );

    const row = await publish(draftId);
    expect(row).toMatchObject({ status: 'PUBLISHED', error: null, wpPostId: post.id });
    expect(row.url).toBe(post.link);
    const after = await read('posts', post.id);
    expect(after.content.raw).not.toContain('Old text about our one plan.');
    expect(after.content.raw).toContain('<strong>one plan</strong>');
    expect(after.content.raw).toContain(`<!-- lumen:draft:${draftId} -->`);
    expect(after.title.raw).toBe('Pricing, improved');
    // Its address and status are the page's own: the draft's slug is not sent.
    expect(after).toMatchObject({ slug: post.slug, link: post.link, status: 'publish' });
    expect(await countAll()).toBe(before);
    // Exactly one update: WordPress keeps one revision per change.
    expect(await revisions('posts', post.id)).toBe(revisionsBefore + 1);

    // The opportunity moved to PUBLISHED naming the page.
    const [opportunity] = await db().execute<{ status: string }>(
      sql`select status from opportunities where id = ${seeded.opportunityId}`,
    );
    expect(opportunity!.status).toBe('PUBLISHED');

    // Publishing again rewrites the same post: one item, still no new post.
    await db().execute(
      sql`update drafts set body = 'Northwind CRM has **one plan**, now with a 14-day trial.', version = version + 1 where id = ${draftId}`,
    );
    const again = await publish(draftId);
    expect(again).toMatchObject({ status: 'PUBLISHED', wpPostId: post.id, itemId: row.itemId });
    expect((await read('posts', post.id)).content.raw).toContain('now with a 14-day trial');
    expect(await countAll()).toBe(before);
    expect(await revisions('posts', post.id)).toBe(revisionsBefore + 2);
  });

  it('rewrites a WordPress page (not a post) through its own endpoint', async () => {
    const page = await create('pages', 'About us', '<p>Old about text.</p>');
    const before = await countAll();
    const draftId = await seedImprovement(page.link, 'We build **Northwind CRM** in Lisbon.');
    const row = await publish(draftId);
    expect(row).toMatchObject({ status: 'PUBLISHED', error: null, wpPostId: page.id });
    const after = await read('pages', page.id);
    expect(after.content.raw).toContain('<strong>Northwind CRM</strong>');
    expect(after.content.raw).not.toContain('Old about text.');
    expect(after).toMatchObject({ slug: page.slug, status: 'publish' });
    expect(await countAll()).toBe(before);
  });

  it('refuses a page of another site and an address WordPress has no post at, creating nothing', async () => {
    const before = await countAll();
    const elsewhere = await seedImprovement('https://other-site.example/pricing/', 'New text.');
    const refused = await publish(elsewhere);
    expect(refused.status).toBe('FAILED');
    expect(refused.error).toBe(
      `https://other-site.example/pricing/ is not on the WordPress site ${wp.url}: an improvement updates the page's own post. Choose the site the page belongs to, then publish again.`,
    );
    expect(refused.itemId).toBeNull();

    const gone = await seedImprovement(new URL('/no-such-page/', wp.url).href, 'New text.');
    const missing = await publish(gone);
    expect(missing.status).toBe('FAILED');
    expect(missing.error).toContain('WordPress has no post or page at');
    expect(await countAll()).toBe(before);
  });
});
