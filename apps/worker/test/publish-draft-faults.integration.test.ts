import { createRedis } from '@lumen/config/redis';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { enqueuePublishDraft } from '@lumen/jobs/publish-draft';
import { createQueues, type Queues } from '@lumen/jobs/queues';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetPublishedPages } from '../../../scripts/test/published-pages';
import { type Service, startService } from '../../../scripts/test/spawn-service';
import { startTestWordPress, type TestWordPress } from '../../../scripts/test/wordpress';
import { FAST_STALLS, FAST_TIMING, until } from './brand-run-fixtures';
import {
  draftRow,
  isCreatePost,
  postsOfDraft,
  seedDraft,
  seedOpportunity,
  seedSite,
  startWordPressProxy,
  type WordPressProxy,
} from './publish-fixtures';

// The worker as its own process (as in production), killed with SIGKILL after WordPress made the
// post and before the worker heard of it: the next worker finds the post by its marker, so the
// draft still has exactly one post.

let wp: TestWordPress;
let proxy: WordPressProxy;
let db: Database;
let queues: Queues;
let connection: ReturnType<typeof createRedis>;
const services: Service[] = [];

async function workerProcess(): Promise<Service> {
  const service = await startService(
    'apps/worker/src/main.ts',
    { ...FAST_TIMING, ...FAST_STALLS },
    'worker ready',
  );
  services.push(service);
  return service;
}

beforeAll(async () => {
  wp = await startTestWordPress();
  proxy = await startWordPressProxy(wp.url);
  db = createDb(process.env.DATABASE_URL!, { max: 4 });
  connection = createRedis(process.env.REDIS_URL!);
  queues = createQueues(connection, process.env.REDIS_PREFIX!);
});

afterAll(async () => {
  for (const s of services) await s.crash().catch(() => {});
  if (db) {
    await db.execute(
      sql`update drafts set status = 'FAILED' where status in ('PUBLISHING', 'SCHEDULED')`,
    );
    await forgetPublishedPages(db);
    await closeDb(db);
  }
  await queues?.close();
  connection?.disconnect();
  await proxy?.close();
  await wp?.stop();
});

describe('publish-draft faults', () => {
  it('the worker SIGKILLed between WordPress creating the post and the row being written: one post', async () => {
    const seeded = await seedOpportunity(db);
    const siteId = await seedSite(db, seeded.workspaceId, {
      url: proxy.url,
      username: wp.username,
      applicationPassword: wp.applicationPassword,
    });
    const draftId = await seedDraft(db, seeded, siteId, {
      title: 'Killed mid-publish',
      slug: 'killed-mid-publish',
      body: '## Survives\n\nOne post only.',
      categories: [],
      tags: [],
    });
    const first = await workerProcess();
    // WordPress' answer to the create is kept from the worker.
    proxy.setRule({ match: isCreatePost, hold: true });
    const held = proxy.nextHeld();
    await enqueuePublishDraft(queues, draftId);
    const answer = await held;
    expect(answer.status).toBe(201);
    const created = JSON.parse(answer.body) as { id: number };
    // The post exists on WordPress; Lumen has not recorded it.
    expect((await postsOfDraft(wp, draftId)).map((p) => p.id)).toEqual([created.id]);
    expect(await draftRow(db, draftId)).toMatchObject({ status: 'PUBLISHING', itemId: null });

    await first.crash();
    expect(first.child.signalCode).toBe('SIGKILL');
    proxy.setRule(null);

    // The job stalls; the next worker takes it back once its lock lapses.
    await workerProcess();
    const row = await until(
      () => draftRow(db, draftId),
      (d) => d.status === 'PUBLISHED' || d.status === 'FAILED',
    );
    expect(row).toMatchObject({ status: 'PUBLISHED', wpPostId: created.id, error: null });
    const posts = await postsOfDraft(wp, draftId);
    expect(posts.map((p) => p.id)).toEqual([created.id]);
    expect(posts[0]?.title.raw).toBe('Killed mid-publish');
  });
});
