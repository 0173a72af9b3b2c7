import { loadSecretBox } from '@lumen/config/secrets';
import { requestIngestion } from '@lumen/db/repositories/closed-loop.repository';
import {
  type DraftToPublish,
  draftWorkspace,
  failPublishing,
  findDraftToPublish,
  listOpenPublishing,
  listPublishedItemsOfDrafts,
  markOpportunityPublished,
  recordPublished,
  startScheduledPublishing,
} from '@lumen/db/repositories/published-item.repository';
import { findSiteSecret, recordSiteCheck } from '@lumen/db/repositories/wordpress-site.repository';
import { PublishDraftJob } from '@lumen/jobs/definitions';
import { TOPIC } from '@lumen/jobs/events';
import { enqueueIngestPublishedItem } from '@lumen/jobs/ingest-published-item';
import { publishJobId } from '@lumen/jobs/publish-draft';
import {
  checkSignIn,
  createPost,
  findDraftPost,
  type PostContent,
  type PostSite,
  PublishError,
  updatePost,
  type WpPost,
} from '@lumen/wordpress/posts';
import { openSitePassword } from '@lumen/wordpress/site-secret';
import { defineProcessor, JobFailure } from '../define-processor';
import type { WorkerDeps } from '../deps';
import type { StatusRow } from '../status-row';

/** Tells everyone who shows the draft or its published item that it changed. */
async function publishDraftEvents(deps: WorkerDeps, draftId: string): Promise<void> {
  await deps.publish(TOPIC.draft(draftId));
  const workspaceId = await draftWorkspace(deps.db, draftId);
  if (!workspaceId) return;
  const item = (await listPublishedItemsOfDrafts(deps.db, workspaceId, [draftId])).get(draftId);
  if (item) await deps.publish(TOPIC.publishedItem(item.id));
  // The sidebar's badges (docs/publishing.md).
  await deps.publish(TOPIC.workspace(workspaceId), { kind: 'publishing', draftId });
}

/**
 * The draft is the publish job's status row (docs/jobs.md): PUBLISHING reads as RUNNING, a due
 * SCHEDULED draft as QUEUED. Its job id is `publish-<draftId>`, not the draft's id.
 */
export const publishDraftStatusRow: StatusRow = {
  definition: PublishDraftJob,
  rowIdOf: (payload) => String(payload.draftId),
  jobIdOf: publishJobId,
  payloadFor: (draftId) => ({ draftId }),
  fail: failPublishing,
  listOpen: listOpenPublishing,
  topic: TOPIC.draft,
  afterFail: async (deps, draftId) => {
    const workspaceId = await draftWorkspace(deps.db, draftId);
    if (!workspaceId) return;
    const item = (await listPublishedItemsOfDrafts(deps.db, workspaceId, [draftId])).get(draftId);
    if (item) await deps.publish(TOPIC.publishedItem(item.id));
    await deps.publish(TOPIC.workspace(workspaceId), { kind: 'publishing', draftId });
  },
  failedMessage:
    'WordPress did not answer after several tries, so the draft was not published. Check the site and publish again.',
  stoppedMessage: 'Publishing stopped before it finished. Publish the draft again.',
};

function postContent(draft: DraftToPublish): PostContent {
  return {
    draftId: draft.id,
    title: draft.title,
    slug: draft.slug,
    body: draft.body,
    excerpt: draft.excerpt,
    metaTitle: draft.metaTitle,
    metaDescription: draft.metaDescription,
    jsonLd: draft.jsonLd,
    categories: draft.categories,
    tags: draft.tags,
  };
}

/**
 * Creates or updates the draft's WordPress post (docs/publishing.md, "Publishing a draft"):
 * 1. re-reads the draft and returns unless it is PUBLISHING (a due SCHEDULED draft moves there);
 * 2. opens the site's application password here, for these calls only;
 * 3. the post it already has (its published item), else the post an earlier attempt made (found
 *    by the marker in its content), is updated; only when neither exists is one created;
 * 4. item and PUBLISHED are written in one transaction, the opportunity moved to PUBLISHED.
 * A 4xx is final with WordPress' reason on the draft (401/403 mark the site FAILING too);
 * 5xx, 429, time-outs and network faults are retried within the job's budget.
 */
export const publishDraftProcessor = defineProcessor(
  PublishDraftJob,
  async ({ draftId }, { deps }) => {
    const { db } = deps;
    let draft = await findDraftToPublish(db, draftId);
    if (!draft) return { status: 'MISSING' };
    if (draft.status === 'SCHEDULED') {
      // A stale delayed job of an earlier time: the draft's own job comes later.
      if (draft.scheduledFor && draft.scheduledFor.getTime() > Date.now() + 1_000) {
        return { status: 'NOT_DUE' };
      }
      if (await startScheduledPublishing(db, draftId)) await publishDraftEvents(deps, draftId);
      draft = await findDraftToPublish(db, draftId);
      if (!draft) return { status: 'MISSING' };
    }
    // Published, failed, unscheduled or edited meanwhile: a second or stale delivery.
    if (draft.status !== 'PUBLISHING') return { status: draft.status };

    if (!draft.siteId) {
      throw new JobFailure(
        'This draft has no WordPress site: its site was removed from Lumen. Connect the site again and order the draft for it.',
      );
    }
    const site = await findSiteSecret(db, draft.workspaceId, draft.siteId);
    if (!site) {
      throw new JobFailure('This draft’s WordPress site was removed from Lumen.');
    }
    const postSite: PostSite = {
      apiRoot: site.apiRoot,
      username: site.username,
      applicationPassword: openSitePassword(loadSecretBox(deps.env), site.id, site.sealedPassword),
    };
    const options = { allowPrivateHosts: deps.env.ALLOW_PRIVATE_HOSTS };
    const content = postContent(draft);
    const seoFields = site.capabilities.seoMetaFields;

    let post: WpPost | null = null;
    try {
      await checkSignIn(postSite, options);
      if (draft.item && draft.item.siteId === site.id) {
        post = await updatePost(postSite, draft.item.wpPostId, content, seoFields, options);
      }
      if (!post) {
        const earlier = await findDraftPost(postSite, draft.id, options);
        post = earlier
          ? await updatePost(postSite, earlier.id, content, seoFields, options)
          : await createPost(postSite, content, seoFields, options);
      }
      if (!post) {
        // Deleted for good between the search and the update: the next attempt creates it.
        throw new PublishError('The post disappeared from WordPress while it was updated.', true);
      }
    } catch (error) {
      if (error instanceof PublishError && !error.retryable) {
        if (error.authFailure) {
          await recordSiteCheck(db, draft.workspaceId, site.id, {
            status: 'FAILING',
            error: error.message,
          });
        }
        throw new JobFailure(error.message);
      }
      throw error;
    }

    const published = post;
    const current = draft;
    const itemId = await db.transaction(async (tx) => {
      const id = await recordPublished(tx, current.id, {
        siteId: site.id,
        wpPostId: published.id,
        url: published.link,
        status: published.status as 'publish',
        version: current.version,
      });
      if (id && !current.item) {
        await markOpportunityPublished(tx, current, `Published to WordPress: ${published.link}`);
      }
      return id;
    });
    await publishDraftEvents(deps, draftId);
    // The closed loop: the page joins the local engines' corpus and its prompts are measured
    // again (docs/closed-loop.md). A retry after a crash here publishes idempotently and adds it.
    if (itemId) {
      await requestIngestion(db, itemId);
      await deps.publish(TOPIC.publishedItem(itemId));
      await enqueueIngestPublishedItem(deps.queues, itemId);
    }
    return { status: itemId ? 'PUBLISHED' : 'MOVED_ON', wpPostId: published.id };
  },
  { statusRow: publishDraftStatusRow },
);
