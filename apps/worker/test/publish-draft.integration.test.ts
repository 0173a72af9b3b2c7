import { inspect } from 'node:util';
import type { Logger } from '@lumen/config/logger';
import { createRedis } from '@lumen/config/redis';
import {
  requestPublishing,
  unschedulePublishing,
} from '@lumen/db/repositories/published-item.repository';
import { findSite, findSiteSecret } from '@lumen/db/repositories/wordpress-site.repository';
import { PublishDraftJob } from '@lumen/jobs/definitions';
import { enqueue } from '@lumen/jobs/enqueue';
import { eventChannel, TOPIC } from '@lumen/jobs/events';
import {
  enqueuePublishDraft,
  publishJobId,
  removePublishDraftJob,
} from '@lumen/jobs/publish-draft';
import type { Job } from 'bullmq';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetPublishedPages } from '../../../scripts/test/published-pages';
import { startTestWordPress, type TestWordPress } from '../../../scripts/test/wordpress';
import { publishDraftProcessor } from '../src/processors/publish-draft.processor';
import type { RunningWorker } from '../src/worker';
import { startTestWorker, until } from './brand-run-fixtures';
import {
  createTerm,
  draftRow,
  isCreatePost,
  postsOfDraft,
  SEO_MU_PLUGIN,
  type Seeded,
  seedDraft,
  seedOpportunity,
  seedSite,
  startWordPressProxy,
  type WordPressProxy,
} from './publish-fixtures';

// The publish-draft job against a real WordPress, through a loopback proxy that can answer 503
// (docs/publishing.md, "Publishing a draft"): one post per draft whatever is delivered twice,
// 4xx final, 5xx retried, scheduled publication, the reconciler, and the password kept secret.

let wp: TestWordPress;
let proxy: WordPressProxy;
let worker: RunningWorker;
let seeded: Seeded;
let siteId: string;
let categoryId: number;
let tagId: number;
/** Every logger call of the worker, to look for the password in. */
const logged: string[] = [];

function recordingLogger(): Logger {
  const record =
    (level: string) =>
    (...args: unknown[]) => {
      logged.push(`${level} ${args.map((a) => inspect(a, { depth: 8 })).join(' ')}`);
    };
  const logger: Record<string, unknown> = { level: 'trace' };
  for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace']) {
    logger[level] = record(level);
  }
  logger.child = () => logger;
  logger.isLevelEnabled = () => true;
  return logger as unknown as Logger;
}

const db = () => worker.deps.db;
const queue = () => worker.deps.queues[PublishDraftJob.queue];

let slugCounter = 0;
function draftInput(title: string, overrides: Record<string, unknown> = {}) {
  slugCounter++;
  return {
    title,
    slug: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${slugCounter}`,
    body: `## ${title}\n\nNorthwind CRM answers **42 %** of startup questions.\n\n- fast set-up\n- fair price\n`,
    categories: [categoryId],
    tags: [tagId],
    ...overrides,
  };
}

/** What the API does on publishDraft: the draft is PUBLISHING, then its job is added. */
async function publishNow(draftId: string) {
  await enqueuePublishDraft(worker.deps.queues, draftId);
}

/** The job once BullMQ recorded its end (the row moves a moment before that). */
const finishedJob = (draftId: string) =>
  until(
    () => queue().getJob(publishJobId(draftId)),
    (j) => j?.finishedOn !== undefined,
  );

const settled = (draftId: string) =>
  until(
    () => draftRow(db(), draftId),
    (d) => d.status === 'PUBLISHED' || d.status === 'FAILED',
  );

beforeAll(async () => {
  wp = await startTestWordPress();
  await wp.addMuPlugin('lumen-seo', SEO_MU_PLUGIN);
  categoryId = await createTerm(wp, 'categories', 'Guides');
  tagId = await createTerm(wp, 'tags', 'CRM');
  proxy = await startWordPressProxy(wp.url);
  worker = await startTestWorker();
  worker.deps.logger = recordingLogger();
  seeded = await seedOpportunity(worker.deps.db);
  siteId = await seedSite(worker.deps.db, seeded.workspaceId, {
    url: proxy.url,
    username: wp.username,
    applicationPassword: wp.applicationPassword,
  });
});

afterAll(async () => {
  // No draft of this file may be left for a later file's reconciler.
  if (worker) {
    await db().execute(sql`update drafts set status = 'FAILED' where status in ('PUBLISHING', 'SCHEDULED')
      and workspace_id = ${seeded.workspaceId}`);
    await forgetPublishedPages(db());
    await worker.close();
  }
  await proxy?.close();
  await wp?.stop();
});

describe('publish-draft', () => {
  let draftId: string;
  let postId: number;

  it('publishes an approved draft as exactly one post with its title, content, slug, terms and meta', async () => {
    const subscriber = createRedis(process.env.REDIS_URL!);
    const topics: string[] = [];
    await subscriber.psubscribe(eventChannel(worker.deps.env.REDIS_PREFIX, '*'));
    subscriber.on('pmessage', (_p, _c, message) => topics.push(JSON.parse(message).topic));
    try {
      const input = draftInput('Best CRM for startups');
      draftId = await seedDraft(db(), seeded, siteId, input);
      await publishNow(draftId);
      const row = await settled(draftId);
      expect(row).toMatchObject({ status: 'PUBLISHED', error: null, publishedVersion: 1 });

      const posts = await postsOfDraft(wp, draftId);
      expect(posts).toHaveLength(1);
      const post = posts[0]!;
      postId = post.id;
      expect(row.wpPostId).toBe(post.id);
      // WordPress names its own origin behind the test's proxy; a link off the site's origin is
      // not trusted, so the stored address is the site's own ?p=<id> (docs/security.md).
      expect(row.url).toBe(new URL(`/?p=${post.id}`, proxy.url).href);
      expect(post).toMatchObject({
        status: 'publish',
        slug: input.slug,
        title: { raw: 'Best CRM for startups' },
        excerpt: { raw: 'Best CRM for startups: the short version.' },
        categories: [categoryId],
        tags: [tagId],
        meta: {
          rank_math_title: 'Best CRM for startups | Northwind',
          rank_math_description: 'Everything about best crm for startups.',
        },
      });
      expect(post.content.raw).toContain('<h2>Best CRM for startups</h2>');
      expect(post.content.raw).toContain('<strong>42 %</strong>');
      const ld = /<script type="application\/ld\+json">(.*)<\/script>/.exec(post.content.raw);
      expect(JSON.parse(ld?.[1] ?? 'null')).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: [{ acceptedAnswer: { text: 'Northwind CRM, for teams under 20.' } }],
      });
      // The public page is there.
      const page = await fetch(post.link);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Best CRM for startups');

      // The opportunity moved to PUBLISHED, recorded in its history.
      const [opportunity] = await db().execute<{ status: string; note: string }>(sql`
        select o.status, c.note from opportunities o
          join opportunity_status_changes c on c.opportunity_id = o.id and c.to_status = 'PUBLISHED'
         where o.id = ${seeded.opportunityId}`);
      expect(opportunity).toEqual({
        status: 'PUBLISHED',
        note: `Published to WordPress: ${row.url}`,
      });
      // Subscribers were told: the draft, its item and the workspace (badges).
      await until(
        async () => topics,
        (t) => t.includes(TOPIC.publishedItem(row.itemId!)),
      );
      expect(topics).toContain(TOPIC.draft(draftId));
      expect(topics).toContain(TOPIC.workspace(seeded.workspaceId));
    } finally {
      subscriber.disconnect();
    }
  });

  it('a second and a stale delivery change nothing: still one post', async () => {
    const before = await draftRow(db(), draftId);
    // The finished job again under its own id is a no-op; a stray job with another id returns early.
    await enqueue(
      worker.deps.queues,
      PublishDraftJob,
      { draftId },
      { jobId: publishJobId(draftId) },
    );
    const stray = await enqueue(
      worker.deps.queues,
      PublishDraftJob,
      { draftId },
      {
        jobId: `stray-${draftId}`,
      },
    );
    const job = await until(
      () => queue().getJob(stray),
      (j) => j?.finishedOn !== undefined,
    );
    expect(job?.returnvalue).toEqual({ status: 'PUBLISHED' });
    expect(await postsOfDraft(wp, draftId)).toHaveLength(1);
    expect(await draftRow(db(), draftId)).toEqual(before);
  });

  it('update from the latest draft: the same post is rewritten, published version follows', async () => {
    await db().execute(sql`update drafts set title = 'Best CRM for startups in 2026',
      body = '## Updated\n\nNew figures.', version = version + 1 where id = ${draftId}`);
    expect(
      await requestPublishing(db(), seeded.workspaceId, draftId, {
        kind: 'now',
        from: ['PUBLISHED'],
      }),
    ).toBe(true);
    await publishNow(draftId);
    const row = await settled(draftId);
    expect(row).toMatchObject({
      status: 'PUBLISHED',
      version: 2,
      publishedVersion: 2,
      wpPostId: postId,
    });
    const posts = await postsOfDraft(wp, draftId);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ id: postId, title: { raw: 'Best CRM for startups in 2026' } });
    expect(posts[0]!.content.raw).toContain('<h2>Updated</h2>');
  });

  it('a post the item points at that was deleted for good: found nowhere, so made again, once', async () => {
    await wp.adminFetch(`/wp-json/wp/v2/posts/${postId}?force=true`, { method: 'DELETE' });
    await requestPublishing(db(), seeded.workspaceId, draftId, {
      kind: 'now',
      from: ['PUBLISHED'],
    });
    await publishNow(draftId);
    const row = await settled(draftId);
    const posts = await postsOfDraft(wp, draftId);
    expect(posts).toHaveLength(1);
    expect(row).toMatchObject({ status: 'PUBLISHED', wpPostId: posts[0]!.id });
    expect(posts[0]!.id).not.toBe(postId);
  });

  it('5xx from WordPress is retried, and the retry makes one post', async () => {
    proxy.setRule({ match: isCreatePost, fail503: 2 });
    const id = await seedDraft(db(), seeded, siteId, draftInput('Retried draft'));
    await publishNow(id);
    const row = await settled(id);
    proxy.setRule(null);
    expect(row).toMatchObject({ status: 'PUBLISHED', error: null });
    expect(proxy.failed).toBe(2);
    const job = await finishedJob(id);
    expect(job?.attemptsMade).toBe(3);
    expect(await postsOfDraft(wp, id)).toHaveLength(1);
  });

  it('4xx from WordPress is final: the reason on the draft, a refused password marks the site FAILING', async () => {
    const other = await seedOpportunity(db());
    const wrongSite = await seedSite(db(), other.workspaceId, {
      url: proxy.url,
      username: wp.username,
      applicationPassword: wp.applicationPassword,
      storedPassword: 'abcdEFGH1234ijklMNOP5678',
    });
    const id = await seedDraft(db(), other, wrongSite, draftInput('Refused draft'));
    await publishNow(id);
    const row = await settled(id);
    expect(row.status).toBe('FAILED');
    expect(row.error).toBe(
      "WordPress did not accept the site's user name and application password (HTTP 401). Replace the password on the Sites page, then publish again.",
    );
    const job = await finishedJob(id);
    expect(job?.attemptsMade).toBe(1);
    const site = await findSite(db(), other.workspaceId, wrongSite);
    expect(site).toMatchObject({ status: 'FAILING', lastError: row.error });
    expect(await postsOfDraft(wp, id)).toHaveLength(0);
  });

  it('a malformed post (400) is final too, and the site stays CONNECTED', async () => {
    const id = await seedDraft(
      db(),
      seeded,
      siteId,
      draftInput('Bad terms', { categories: [0.5] }),
    );
    await publishNow(id);
    const row = await settled(id);
    expect(row.status).toBe('FAILED');
    expect(row.error).toMatch(/^WordPress refused to create the post \(HTTP 400\)/);
    expect((await finishedJob(id))?.attemptsMade).toBe(1);
    expect((await findSite(db(), seeded.workspaceId, siteId))?.status).toBe('CONNECTED');
  });

  it('a site whose address now resolves to a private one is refused without ALLOW_PRIVATE_HOSTS', async () => {
    const id = await seedDraft(db(), seeded, siteId, draftInput('Private address'));
    const job = {
      id: publishJobId(id),
      name: PublishDraftJob.name,
      data: { draftId: id },
      attemptsMade: 0,
      opts: { attempts: 5 },
    } as unknown as Job;
    const deps = { ...worker.deps, env: { ...worker.deps.env, ALLOW_PRIVATE_HOSTS: false } };
    const error = await publishDraftProcessor.run(job, deps).catch((e: unknown) => e);
    expect((error as Error).name).toBe('UnrecoverableError');
    const row = await draftRow(db(), id);
    expect(row.status).toBe('FAILED');
    expect(row.error).toMatch(/^Lumen cannot connect to this address/);
    expect(await postsOfDraft(wp, id)).toHaveLength(0);
  });

  it('a site removed from Lumen fails the publication with a clear message', async () => {
    const id = await seedDraft(db(), seeded, null, draftInput('No site'));
    await publishNow(id);
    const row = await settled(id);
    expect(row).toMatchObject({ status: 'FAILED' });
    expect(row.error).toMatch(/no WordPress site/);
  });

  it('scheduled: a delayed job publishes at its time', async () => {
    const at = new Date(Date.now() + 1_500);
    const id = await seedDraft(db(), seeded, siteId, {
      ...draftInput('Scheduled draft'),
      status: 'SCHEDULED',
      scheduledFor: at,
    });
    await enqueuePublishDraft(worker.deps.queues, id, at.getTime() - Date.now());
    expect(await (await queue().getJob(publishJobId(id)))?.getState()).toBe('delayed');
    const row = await settled(id);
    expect(row.status).toBe('PUBLISHED');
    expect(await postsOfDraft(wp, id)).toHaveLength(1);
  });

  it('unscheduling removes the delayed job and returns the draft to APPROVED', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const id = await seedDraft(db(), seeded, siteId, {
      ...draftInput('Unscheduled draft'),
      status: 'SCHEDULED',
      scheduledFor: at,
    });
    await enqueuePublishDraft(worker.deps.queues, id, at.getTime() - Date.now());
    expect(await unschedulePublishing(db(), seeded.workspaceId, id)).toBe(true);
    expect(await removePublishDraftJob(worker.deps.queues, id)).toBe(true);
    expect(await queue().getJob(publishJobId(id))).toBeUndefined();
    expect((await draftRow(db(), id)).status).toBe('APPROVED');
  });

  it('the reconciler enqueues a due SCHEDULED draft and a PUBLISHING draft whose job is missing', async () => {
    const due = await seedDraft(db(), seeded, siteId, {
      ...draftInput('Due without a job'),
      status: 'SCHEDULED',
      scheduledFor: new Date(Date.now() - 60_000),
    });
    const lost = await seedDraft(db(), seeded, siteId, draftInput('Publishing without a job'));
    // No job was ever added for either (Redis lost them, or the API died before enqueueing).
    const [a, b] = await Promise.all([settled(due), settled(lost)]);
    expect(a.status).toBe('PUBLISHED');
    expect(b.status).toBe('PUBLISHED');
    expect(await postsOfDraft(wp, due)).toHaveLength(1);
    expect(await postsOfDraft(wp, lost)).toHaveLength(1);
  });

  it('the reconciler fails a PUBLISHING draft past its deadline', async () => {
    const id = await seedDraft(db(), seeded, siteId, draftInput('Too old'));
    await db().execute(
      sql`update drafts set updated_at = now() - interval '3 hours' where id = ${id}`,
    );
    const row = await settled(id);
    expect(row).toMatchObject({
      status: 'FAILED',
      error: 'Publishing stopped before it finished. Publish the draft again.',
    });
  });

  it('the application password never reaches a job, a log line or an error', async () => {
    const secret = await findSiteSecret(db(), seeded.workspaceId, siteId);
    const jobs = await queue().getJobs(['completed', 'failed', 'delayed', 'waiting']);
    expect(jobs.length).toBeGreaterThan(5);
    for (const job of jobs) expect(Object.keys(job.data)).toEqual(['draftId']);
    const errors = await db().execute<{ error: string | null }>(sql`select error from drafts`);
    const haystack = [
      ...logged,
      ...jobs.map((j) => JSON.stringify(j.data) + String(j.failedReason)),
      ...errors.map((e) => e.error ?? ''),
    ].join('\n');
    expect(logged.length).toBeGreaterThan(0);
    for (const needle of [
      wp.applicationPassword,
      wp.applicationPassword.replace(/\s+/g, ''),
      'abcdEFGH1234ijklMNOP5678',
      secret!.sealedPassword,
      Buffer.from(`${wp.username}:${wp.applicationPassword}`).toString('base64'),
    ]) {
      expect(haystack).not.toContain(needle);
    }
  });
});
