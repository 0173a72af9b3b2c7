import { requestIngestion } from '@lumen/db/repositories/closed-loop.repository';
import {
  findPublishedItem,
  type PublishedItemRow,
} from '@lumen/db/repositories/published-item.repository';
import { publishEvent, TOPIC } from '@lumen/jobs/events';
import { enqueueIngestPublishedItem } from '@lumen/jobs/ingest-published-item';
import type { GatewayDeps } from '../context';
import { LumenError, notFound } from '../errors';
import { isUuid } from './brand-rules';

type Deps = Pick<GatewayDeps, 'db' | 'redis' | 'env' | 'queues'>;

/**
 * "Read again" (docs/closed-loop.md, "Ingestion"): the item's page is read into the corpus once
 * more. The item goes back to PENDING and its ingest job is enqueued; the job re-measures only
 * when the text changed. CONFLICT while a reading is already pending or under way.
 */
export async function reingestPublishedItem(
  deps: Deps,
  workspaceId: string,
  id: string,
): Promise<PublishedItemRow> {
  if (!isUuid(id)) throw notFound('Published item');
  const item = await findPublishedItem(deps.db, workspaceId, id);
  if (!item) throw notFound('Published item');
  if (item.ingestStatus === 'PENDING' || item.ingestStatus === 'READING') {
    throw new LumenError('CONFLICT', 'The page is being read already.');
  }
  await requestIngestion(deps.db, id);
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
