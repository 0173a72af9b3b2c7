import type { Tx } from '@lumen/db/client';
import { brandOfOpportunity } from '@lumen/db/repositories/activity.repository';
import {
  type DraftToPublish,
  findDraftToPublish,
  findPublishedItem,
  type PublishedItemRow,
  requestPublishing,
  unschedulePublishing,
} from '@lumen/db/repositories/published-item.repository';
import { findSite } from '@lumen/db/repositories/wordpress-site.repository';
import { quoted } from '@lumen/domain/activity/activity-entry';
import { pageNotOnSite } from '@lumen/domain/publishing/improve-page';
import type { DraftStatus } from '@lumen/domain/status/draft-status';
import { publishEvent, TOPIC } from '@lumen/jobs/events';
import {
  clearFinishedPublishJob,
  enqueuePublishDraft,
  removePublishDraftJob,
} from '@lumen/jobs/publish-draft';
import type { Acting, GatewayDeps } from '../context';
import { LumenError, notFound } from '../errors';
import { findOwned } from '../workspace-scope';
import { logActivity } from './activity.service';

// Publishing a draft from the API (docs/publishing.md, "Publishing a draft"): the draft moves
// first (guarded by the status read here), then the publish-draft job is added with job id
// `publish-<draftId>`. Should the enqueue fail, the reconciler adds the job for the open row.

type Deps = Pick<GatewayDeps, 'db' | 'redis' | 'env' | 'queues'>;

/** A scheduled time must be this far ahead; nearer is "now". */
const MIN_LEAD_MS = 60_000;
const MAX_LEAD_MS = 366 * 24 * 3600_000;

const NOT_APPROVED: Partial<Record<DraftStatus, string>> = {
  DRAFT: 'Only an approved draft can be published. Submit it for review and approve it first.',
  IN_REVIEW: 'Only an approved draft can be published. Approve it first.',
};

async function ownDraft(deps: Deps, workspaceId: string, id: string): Promise<DraftToPublish> {
  return findOwned({ db: deps.db, workspaceId }, 'Draft', id, async (db, ws, key) => {
    const draft = await findDraftToPublish(db, key);
    return draft?.workspaceId === ws ? draft : null;
  });
}

async function tell(deps: Deps, workspaceId: string, draftId: string, itemId?: string) {
  await publishEvent(deps.redis, deps.env.REDIS_PREFIX, TOPIC.draft(draftId));
  if (itemId) await publishEvent(deps.redis, deps.env.REDIS_PREFIX, TOPIC.publishedItem(itemId));
  await publishEvent(deps.redis, deps.env.REDIS_PREFIX, TOPIC.workspace(workspaceId), {
    kind: 'publishing',
    draftId,
  });
}

function refuseUnpublishable(draft: DraftToPublish) {
  const notApproved = NOT_APPROVED[draft.status as DraftStatus];
  if (notApproved) throw new LumenError('BAD_USER_INPUT', notApproved, { status: draft.status });
  if (draft.status === 'PUBLISHING') {
    throw new LumenError(
      'CONFLICT',
      'This draft is being published right now. Wait for it to finish.',
      { status: draft.status },
    );
  }
  if (!draft.siteId) {
    throw new LumenError(
      'BAD_USER_INPUT',
      'This draft has no WordPress site yet. Choose one in the draft editor (Site), then publish.',
      { status: draft.status },
    );
  }
}

/** An improvement updates its page's post: only on the site the page lives on. */
async function refuseForeignPage(deps: Deps, workspaceId: string, draft: DraftToPublish) {
  if (!draft.pageUrl || !draft.siteId) return;
  const site = await findSite(deps.db, workspaceId, draft.siteId);
  if (site && new URL(site.url).origin !== new URL(draft.pageUrl).origin) {
    throw new LumenError('PAGE_NOT_ON_SITE', pageNotOnSite(draft.pageUrl, site.url), {
      status: draft.status,
    });
  }
}

async function logDraft(
  tx: Tx,
  acting: Acting,
  workspaceId: string,
  draft: DraftToPublish,
  entry: { kind: string; message: string; data: Record<string, unknown> },
): Promise<void> {
  await logActivity(tx, acting, {
    workspaceId,
    ...entry,
    subjectType: 'draft',
    subjectId: draft.id,
    brandId: await brandOfOpportunity(tx, workspaceId, draft.opportunityId),
  });
}

const changedMeanwhile = () =>
  new LumenError(
    'CONFLICT',
    'This draft was just changed by someone else or by the publishing job; reload it and try again.',
  );

/**
 * Publishes now (APPROVED, SCHEDULED, FAILED or PUBLISHED → PUBLISHING; a published draft's post
 * is rewritten) or at `at` (APPROVED or SCHEDULED → SCHEDULED, with a delayed job).
 */
export async function publishDraft(
  deps: Deps,
  workspaceId: string,
  acting: Acting,
  input: { id: string; at: Date | null },
): Promise<string> {
  const draft = await ownDraft(deps, workspaceId, input.id);
  refuseUnpublishable(draft);
  await refuseForeignPage(deps, workspaceId, draft);
  if (input.at) {
    const lead = input.at.getTime() - Date.now();
    if (lead < MIN_LEAD_MS || lead > MAX_LEAD_MS) {
      const message =
        lead < MIN_LEAD_MS
          ? 'Choose a time at least a minute from now, or publish now.'
          : 'Choose a time within the next year.';
      throw new LumenError('BAD_USER_INPUT', message, { fields: { at: message } });
    }
    if (draft.status !== 'APPROVED' && draft.status !== 'SCHEDULED') {
      throw new LumenError(
        'BAD_USER_INPUT',
        draft.status === 'PUBLISHED'
          ? 'This draft is already published. Update it from the published list instead.'
          : 'Only an approved draft can be scheduled. Approve it again first.',
        { status: draft.status },
      );
    }
    const at = input.at;
    await clearFinishedPublishJob(deps.queues, draft.id);
    const moved = await deps.db.transaction(async (tx) => {
      const done = await requestPublishing(tx, workspaceId, draft.id, {
        kind: 'schedule',
        at,
        from: ['APPROVED', 'SCHEDULED'],
      });
      if (done) {
        await logDraft(tx, acting, workspaceId, draft, {
          kind: 'draft.scheduled',
          message: `Scheduled ${quoted(draft.title)} for publishing`,
          data: { status: { from: draft.status, to: 'SCHEDULED' }, at: at.toISOString() },
        });
      }
      return done;
    });
    if (!moved) throw changedMeanwhile();
    await enqueuePublishDraft(deps.queues, draft.id, lead);
  } else {
    await clearFinishedPublishJob(deps.queues, draft.id);
    const moved = await deps.db.transaction(async (tx) => {
      const done = await requestPublishing(tx, workspaceId, draft.id, {
        kind: 'now',
        from: ['APPROVED', 'SCHEDULED', 'FAILED', 'PUBLISHED'],
      });
      if (done) {
        const again = draft.status === 'PUBLISHED';
        await logDraft(tx, acting, workspaceId, draft, {
          kind: again ? 'draft.republished' : 'draft.published',
          message: `${again ? 'Updated the post of' : 'Published'} ${quoted(draft.title)}`,
          data: { status: { from: draft.status, to: 'PUBLISHING' }, siteId: draft.siteId },
        });
      }
      return done;
    });
    if (!moved) throw changedMeanwhile();
    await enqueuePublishDraft(deps.queues, draft.id);
  }
  await tell(deps, workspaceId, draft.id, draft.item?.id);
  return draft.id;
}

/** SCHEDULED → APPROVED and the delayed job removed. */
export async function unscheduleDraft(
  deps: Deps,
  workspaceId: string,
  acting: Acting,
  id: string,
): Promise<string> {
  const draft = await ownDraft(deps, workspaceId, id);
  if (draft.status !== 'SCHEDULED') {
    throw new LumenError('CONFLICT', 'This draft is not scheduled (any more).', {
      status: draft.status,
    });
  }
  const unscheduled = await deps.db.transaction(async (tx) => {
    const done = await unschedulePublishing(tx, workspaceId, draft.id);
    if (done) {
      await logDraft(tx, acting, workspaceId, draft, {
        kind: 'draft.unscheduled',
        message: `Unscheduled ${quoted(draft.title)}`,
        data: { status: { from: 'SCHEDULED', to: 'APPROVED' } },
      });
    }
    return done;
  });
  if (!unscheduled) throw changedMeanwhile();
  // Should the job already be running, it finds the draft APPROVED and does nothing.
  await removePublishDraftJob(deps.queues, draft.id);
  await tell(deps, workspaceId, draft.id, draft.item?.id);
  return draft.id;
}

/** "Update from the latest draft": the item's post is written again from the draft's version. */
export async function updatePublishedItem(
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
  if (!item.siteId) {
    throw new LumenError(
      'BAD_USER_INPUT',
      'The site this was published to was removed from Lumen, so the post cannot be updated from here.',
    );
  }
  if (item.draftStatus === 'SCHEDULED') {
    throw new LumenError(
      'CONFLICT',
      'The latest draft is scheduled; it updates the post at its time.',
    );
  }
  await publishDraft(deps, workspaceId, acting, { id: item.draftId, at: null });
  const fresh = await findPublishedItem(deps.db, workspaceId, id);
  if (!fresh) throw notFound('Published item');
  return fresh;
}
