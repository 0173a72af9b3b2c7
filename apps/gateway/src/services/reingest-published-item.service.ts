import { requestIngestion } from '@lumen/db/repositories/closed-loop.repository';
import {
  findPublishedItem,
  type PublishedItemRow,
} from '@lumen/db/repositories/published-item.repository';
import { quoted } from '@lumen/domain/activity/activity-entry';
import { type IngestStatus, OPEN_INGEST_STATUSES } from '@lumen/domain/status/ingest-status';
import { publishEvent, TOPIC } from '@lumen/jobs/events';
import {
  clearFinishedIngestJob,
  enqueueIngestPublishedItem,
} from '@lumen/jobs/ingest-published-item';
import type { Acting, GatewayDeps } from '../context';
import { LumenError, notFound } from '../errors';
import { incrementWindow } from '../http/rate-counter';
import { findOwned } from '../workspace-scope';
import { logActivity } from './activity.service';

type Deps = Pick<GatewayDeps, 'db' | 'redis' | 'env' | 'queues'>;

/**
 * "Read again" fetches a page and may start a paid re-measure: besides the per-user limit at the
 * GraphQL edge, each item and each workspace has its own window (docs/security.md).
 */
export const REINGEST_LIMITS = {
  item: { max: 5, windowSeconds: 60 * 60 },
  workspace: { max: 60, windowSeconds: 60 * 60 },
} as const;

export async function limitReingest(
  deps: Deps,
  workspaceId: string,
  itemId: string,
): Promise<void> {
  for (const [scope, id] of [
    ['item', itemId],
    ['workspace', workspaceId],
  ] as const) {
    const limit = REINGEST_LIMITS[scope];
    const key = `${deps.env.REDIS_PREFIX}:rl:reingest:${scope}:${id}`;
    if ((await incrementWindow(deps.redis, key, limit.windowSeconds)) <= limit.max) continue;
    const ttl = await deps.redis.ttl(key);
    const retryAfterSeconds = ttl > 0 ? ttl : limit.windowSeconds;
    throw new LumenError(
      'RATE_LIMITED',
      `${scope === 'item' ? 'This page was' : 'This workspace’s pages were'} read again ${limit.max} times in the last hour. Try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes.`,
      { retryAfterSeconds },
    );
  }
}

/**
 * "Read again" (docs/closed-loop.md, "Ingestion"): the item's page is read into the corpus once
 * more. The item goes back to PENDING and its ingest job is enqueued; the job re-measures only
 * when the text changed. CONFLICT while a reading is already pending or under way.
 */
export async function reingestPublishedItem(
  deps: Deps,
  workspaceId: string,
  acting: Acting,
  id: string,
): Promise<PublishedItemRow> {
  const item = await findOwned(
    { db: deps.db, workspaceId },
    'Published item',
    id,
    findPublishedItem,
  );
  if ((OPEN_INGEST_STATUSES as readonly IngestStatus[]).includes(item.ingestStatus)) {
    throw new LumenError('CONFLICT', 'The page is being read already.');
  }
  await limitReingest(deps, workspaceId, id);
  await clearFinishedIngestJob(deps.queues, id);
  await deps.db.transaction(async (tx) => {
    await requestIngestion(tx, id);
    await logActivity(tx, acting, {
      workspaceId,
      kind: 'published_item.reingest_requested',
      message: `Asked to read the page of ${quoted(item.title)} again`,
      subjectType: 'published_item',
      subjectId: item.id,
      data: { ingestStatus: { from: item.ingestStatus, to: 'PENDING' } },
    });
  });
  // The item as asked for (PENDING); the worker may move it on before this answer is sent.
  const fresh = await findPublishedItem(deps.db, workspaceId, id);
  if (!fresh) throw notFound('Published item');
  await enqueueIngestPublishedItem(deps.queues, id);
  await publishEvent(deps.redis, deps.env.REDIS_PREFIX, TOPIC.publishedItem(id));
  await publishEvent(deps.redis, deps.env.REDIS_PREFIX, TOPIC.workspace(workspaceId), {
    kind: 'ingestion',
    publishedItemId: id,
  });
  return fresh;
}
