import { findDraft, findDraftsOfOrders } from '@lumen/db/repositories/draft.repository';
import { assignOrderSite, findOrder, type OrderRow } from '@lumen/db/repositories/order.repository';
import { findSite } from '@lumen/db/repositories/wordpress-site.repository';
import { quoted } from '@lumen/domain/activity/activity-entry';
import { publishEvent, TOPIC } from '@lumen/jobs/events';
import type { Acting, GatewayDeps } from '../context';
import { LumenError, notFound } from '../errors';
import { findOwned } from '../workspace-scope';
import { logActivity } from './activity.service';

// A draft ordered without a site (or whose site was removed) gets one later, keeping the draft
// and every version (docs/publishing.md, "A site later"). The draft reads its order's site, so
// the order is what changes.

type Deps = Pick<GatewayDeps, 'db' | 'redis' | 'env'>;

const LOCKED: Record<string, string> = {
  SCHEDULED: 'This draft is scheduled for its site. Unschedule it before choosing another site.',
  PUBLISHING: 'This draft is being published to its site right now. Wait for it to finish.',
  PUBLISHED:
    'This draft is published on its site; it stays there. Order a new piece for another site.',
};

/** Sets the order's site; NOT_FOUND for another workspace's order or site, as for a missing one. */
export async function setOrderSite(
  deps: Deps,
  workspaceId: string,
  acting: Acting,
  input: { orderId: string; siteId: string },
): Promise<OrderRow> {
  const scope = { db: deps.db, workspaceId };
  const order = await findOwned(scope, 'Order', input.orderId, findOrder);
  const site = await findOwned(scope, 'WordPress site', input.siteId, findSite);
  if (order.siteId === site.id) return order;
  const assigned = await deps.db.transaction(async (tx) => {
    const done = await assignOrderSite(tx, workspaceId, order.id, site.id);
    if (done) {
      await logActivity(tx, acting, {
        workspaceId,
        kind: 'order.site_set',
        message: `Set the site of an order to ${quoted(site.name)}`,
        subjectType: 'order',
        subjectId: order.id,
        data: { siteId: { from: order.siteId, to: site.id } },
      });
    }
    return done;
  });
  if (!assigned) throw await refusal(deps, workspaceId, order.id);
  await announce(deps, workspaceId, order.id, order.draftId);
  const updated = await findOrder(deps.db, workspaceId, order.id);
  if (!updated) throw notFound('Order');
  return updated;
}

/** The same for a draft: its order gets the site. */
export async function setDraftSite(
  deps: Deps,
  workspaceId: string,
  acting: Acting,
  input: { draftId: string; siteId: string },
) {
  const draft = await findOwned({ db: deps.db, workspaceId }, 'Draft', input.draftId, findDraft);
  await setOrderSite(deps, workspaceId, acting, { orderId: draft.orderId, siteId: input.siteId });
  const updated = await findDraft(deps.db, workspaceId, draft.id);
  if (!updated) throw notFound('Draft');
  return updated;
}

/** Why the guarded update changed nothing, read after it. */
async function refusal(deps: Deps, workspaceId: string, orderId: string): Promise<LumenError> {
  const [draft] = await findDraftsOfOrders(deps.db, workspaceId, [orderId]);
  const locked = draft ? LOCKED[draft.status] : undefined;
  if (locked) return new LumenError('BAD_USER_INPUT', locked, { status: draft?.status });
  if (draft && (draft.categories.length > 0 || draft.tags.length > 0)) {
    const message =
      'This draft has categories or tags of its current site. Clear them and save, then choose the new site.';
    return new LumenError('BAD_USER_INPUT', message, { fields: { siteId: message } });
  }
  return new LumenError(
    'BAD_USER_INPUT',
    'This draft has been published before; its post stays on the site it went to.',
  );
}

async function announce(deps: Deps, workspaceId: string, orderId: string, draftId: string | null) {
  const prefix = deps.env.REDIS_PREFIX;
  await Promise.all([
    publishEvent(deps.redis, prefix, TOPIC.order(orderId), { orderId }),
    draftId ? publishEvent(deps.redis, prefix, TOPIC.draft(draftId)) : Promise.resolve(),
    publishEvent(deps.redis, prefix, TOPIC.workspace(workspaceId), { kind: 'orders', orderId }),
  ]);
}
