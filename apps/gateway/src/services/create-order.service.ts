import type { Tx } from '@lumen/db/client';
import { findOpportunity } from '@lumen/db/repositories/opportunity-query.repository';
import {
  findOrder,
  insertOrder,
  moveOrder,
  type OrderRow,
} from '@lumen/db/repositories/order.repository';
import { findTemplate } from '@lumen/db/repositories/template.repository';
import { findSite } from '@lumen/db/repositories/wordpress-site.repository';
import { quoted } from '@lumen/domain/activity/activity-entry';
import { nextOpportunityStatuses } from '@lumen/domain/opportunities/status-change';
import type { OpportunityStatus } from '@lumen/domain/status/opportunity-status';
import { GenerateDraftJob } from '@lumen/jobs/definitions';
import { enqueue } from '@lumen/jobs/enqueue';
import { publishEvent, TOPIC } from '@lumen/jobs/events';
import type { Acting, GatewayDeps } from '../context';
import { LumenError, notFound } from '../errors';
import { findOwned } from '../workspace-scope';
import { logActivity } from './activity.service';
import { setOpportunityStatus } from './set-opportunity-status.service';

// Content orders (docs/publishing.md, "Orders and drafts"): a person orders a piece for an
// opportunity; the generate-draft job (job id `draft-<orderId>`) writes its draft.

type Deps = Pick<GatewayDeps, 'db' | 'redis' | 'env' | 'queues'>;
type Scope = { workspaceId: string; userId: string; acting: Acting };

/** The generate-draft job of an order: one per order, so a double click enqueues nothing more. */
export const draftJobId = (orderId: string) => `draft-${orderId}`;

/** Moves along NEW → PLANNED → IN_PROGRESS, each step through the status service (history). */
const TOWARDS_IN_PROGRESS: Partial<Record<OpportunityStatus, OpportunityStatus[]>> = {
  NEW: ['PLANNED', 'IN_PROGRESS'],
  PLANNED: ['IN_PROGRESS'],
};

/**
 * NEW → PLANNED → IN_PROGRESS, each step through the status service (history, activity), the
 * last one with `note`; an opportunity already further keeps its status.
 */
export async function moveTowardsInProgress(
  deps: Deps,
  scope: Scope,
  opportunityId: string,
  note: string,
): Promise<void> {
  const start = await findOpportunity(deps.db, scope.workspaceId, opportunityId);
  for (const to of TOWARDS_IN_PROGRESS[start?.status ?? 'IN_PROGRESS'] ?? []) {
    const current = await findOpportunity(deps.db, scope.workspaceId, opportunityId);
    if (!current || current.status === 'IN_PROGRESS') break;
    if (!nextOpportunityStatuses(current.status).includes(to)) continue;
    await setOpportunityStatus(deps, scope, {
      id: opportunityId,
      status: to,
      note: to === 'IN_PROGRESS' ? note : null,
    });
  }
}

export async function createOrder(
  deps: Deps,
  scope: Scope,
  input: { opportunityId: string; templateId: string; siteId: string | null },
): Promise<OrderRow> {
  const { workspaceId } = scope;
  const owned = { db: deps.db, workspaceId };
  const opportunity = await findOwned(owned, 'Opportunity', input.opportunityId, findOpportunity);
  const template = await findOwned(owned, 'Template', input.templateId, findTemplate);
  if (input.siteId !== null) await findOwned(owned, 'WordPress site', input.siteId, findSite);
  if (opportunity.status === 'DISMISSED') {
    const message = 'This opportunity is dismissed; reopen it before ordering content for it.';
    throw new LumenError('BAD_USER_INPUT', message, { fields: { opportunityId: message } });
  }
  await moveTowardsInProgress(
    deps,
    scope,
    opportunity.id,
    `Content ordered with the template “${template.name}”.`,
  );
  const orderId = await deps.db.transaction(async (tx) => {
    const id = await insertOrder(tx, workspaceId, {
      opportunityId: opportunity.id,
      templateId: template.id,
      siteId: input.siteId,
    });
    await logActivity(tx, scope.acting, {
      workspaceId,
      kind: 'order.created',
      message: `Ordered content for ${quoted(opportunity.title)} (${template.name})`,
      subjectType: 'order',
      subjectId: id,
      brandId: opportunity.brandId,
      data: { template: template.name, opportunityId: opportunity.id, siteId: input.siteId },
    });
    return id;
  });
  // After the commit: the job id is derived from the row, so the reconciler can add it again.
  await enqueue(deps.queues, GenerateDraftJob, { orderId }, { jobId: draftJobId(orderId) });
  await announceOrder(deps, workspaceId, orderId);
  return mustFindOrder(deps, workspaceId, orderId);
}

/** QUEUED or GENERATING → CANCELLED; the job is dropped if it has not started. */
export async function cancelOrder(
  deps: Deps,
  workspaceId: string,
  acting: Acting,
  id: string,
): Promise<OrderRow> {
  const order = await findExisting(deps, workspaceId, id);
  const moved = await deps.db.transaction(async (tx) => {
    const done = await moveOrder(tx, workspaceId, id, ['QUEUED', 'GENERATING'], 'CANCELLED');
    if (done) await logOrder(tx, acting, workspaceId, order, 'order.cancelled', 'Cancelled');
    return done;
  });
  if (!moved) {
    throw new LumenError(
      'BAD_USER_INPUT',
      order.status === 'CANCELLED'
        ? 'This order is already cancelled.'
        : 'Only a queued or generating order can be cancelled; this one has finished.',
    );
  }
  const job = await deps.queues.content.getJob(draftJobId(id));
  // An active job keeps its lock; it re-reads the row and stores nothing for a cancelled order.
  await job?.remove().catch(() => undefined);
  await announceOrder(deps, workspaceId, id);
  return mustFindOrder(deps, workspaceId, id);
}

/** FAILED → QUEUED, with a fresh job under the same id (the failed one is removed first). */
export async function retryOrder(
  deps: Deps,
  workspaceId: string,
  acting: Acting,
  id: string,
): Promise<OrderRow> {
  const order = await findExisting(deps, workspaceId, id);
  const moved = await deps.db.transaction(async (tx) => {
    const done = await moveOrder(tx, workspaceId, id, ['FAILED'], 'QUEUED');
    if (done) await logOrder(tx, acting, workspaceId, order, 'order.retried', 'Retried');
    return done;
  });
  if (!moved) {
    throw new LumenError('BAD_USER_INPUT', 'Only a failed order can be retried.');
  }
  const job = await deps.queues.content.getJob(draftJobId(id));
  // A job still active (the row was failed past its deadline) keeps its lock and cannot be
  // removed: it re-reads the row, stores nothing for a QUEUED order, and the reconciler then
  // replaces its finished job (docs/jobs.md).
  await job?.remove().catch(() => undefined);
  await enqueue(deps.queues, GenerateDraftJob, { orderId: id }, { jobId: draftJobId(id) });
  await announceOrder(deps, workspaceId, id);
  return mustFindOrder(deps, workspaceId, id);
}

async function logOrder(
  tx: Tx,
  acting: Acting,
  workspaceId: string,
  order: OrderRow,
  kind: string,
  verb: string,
): Promise<void> {
  const opportunity = await findOpportunity(tx, workspaceId, order.opportunityId);
  await logActivity(tx, acting, {
    workspaceId,
    kind,
    message: `${verb} the order for ${quoted(opportunity?.title ?? 'an opportunity')}`,
    subjectType: 'order',
    subjectId: order.id,
    brandId: opportunity?.brandId ?? null,
    data: {
      status: { from: order.status, to: kind === 'order.cancelled' ? 'CANCELLED' : 'QUEUED' },
    },
  });
}

async function findExisting(deps: Deps, workspaceId: string, id: string): Promise<OrderRow> {
  return findOwned({ db: deps.db, workspaceId }, 'Order', id, findOrder);
}

export async function mustFindOrder(
  deps: Deps,
  workspaceId: string,
  id: string,
): Promise<OrderRow> {
  const order = await findOrder(deps.db, workspaceId, id);
  if (!order) throw notFound('Order');
  return order;
}

export async function announceOrder(
  deps: Deps,
  workspaceId: string,
  orderId: string,
): Promise<void> {
  const prefix = deps.env.REDIS_PREFIX;
  await Promise.all([
    publishEvent(deps.redis, prefix, TOPIC.order(orderId), { orderId }),
    publishEvent(deps.redis, prefix, TOPIC.workspace(workspaceId), { kind: 'orders', orderId }),
  ]);
}
