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
import { pageNotOnSite } from '@lumen/domain/publishing/improve-page';
import { PublishDraftJob } from '@lumen/jobs/definitions';
import { TOPIC } from '@lumen/jobs/events';
import {
  clearFinishedIngestJob,
  enqueueIngestPublishedItem,
} from '@lumen/jobs/ingest-published-item';
import { enqueueNotify } from '@lumen/jobs/notify';
import { publishJobId } from '@lumen/jobs/publish-draft';
import {
  checkSignIn,
  createPost,
  findDraftPost,
  findPostByUrl,
  type PostContent,
  type PostSite,
  PublishError,
  postLink,
  updateExistingPost,
  updatePost,
  type WpPost,
} from '@lumen/wordpress/posts';
import { openSitePassword } from '@lumen/wordpress/site-secret';
import { activityAdded, failWithOutcome } from '../activity/job-outcome';
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
export const publishDraftStatusRow: StatusRow<DraftToPublish> = {
  definition: PublishDraftJob,
  rowIdOf: (payload) => String(payload.draftId),
  jobIdOf: publishJobId,
  payloadFor: (draftId) => ({ draftId }),
  fail: failWithOutcome(failPublishing, 'publish.failed'),
  listOpen: listOpenPublishing,
  topic: TOPIC.draft,
  claim: async (deps, draftId) => {
    let draft = await findDraftToPublish(deps.db, draftId);
    if (!draft) return { movedOn: 'MISSING' };
    if (draft.status === 'SCHEDULED') {
      // A stale delayed job of an earlier time: the draft's own job comes later.
      if (draft.scheduledFor && draft.scheduledFor.getTime() > Date.now() + 1_000) {
        return { movedOn: 'NOT_DUE' };
      }
      if (await startScheduledPublishing(deps.db, draftId)) await publishDraftEvents(deps, draftId);
      draft = await findDraftToPublish(deps.db, draftId);
      if (!draft) return { movedOn: 'MISSING' };
    }
    // Published, failed, unscheduled or edited meanwhile: a second or stale delivery.
    if (draft.status !== 'PUBLISHING') return { movedOn: draft.status };
    return { row: draft };
  },
  afterFail: async (deps, draftId) => {
    const workspaceId = await draftWorkspace(deps.db, draftId);
    if (!workspaceId) return;
    const item = (await listPublishedItemsOfDrafts(deps.db, workspaceId, [draftId])).get(draftId);
    if (item) await deps.publish(TOPIC.publishedItem(item.id));
    await deps.publish(TOPIC.workspace(workspaceId), { kind: 'publishing', draftId });
    // publish.failed (docs/notifications.md): one job per failure, the event keyed by its time.
    await enqueueNotify(deps.queues, 'publish', draftId, Date.now());
    await activityAdded(deps, workspaceId);
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
 * An improvement's page rewritten in place: only on the connected site's origin (anything else
 * is refused before WordPress is asked), found by its address, never created.
 */
async function updatePageInPlace(
  site: PostSite,
  siteUrl: string,
  pageUrl: string,
  content: PostContent,
  seoFields: readonly string[],
  options: { allowPrivateHosts: boolean },
): Promise<WpPost> {
  if (new URL(pageUrl).origin !== new URL(siteUrl).origin) {
    // The gateway refuses this with PAGE_NOT_ON_SITE; the job checks again (the site may have
    // been changed since).
    throw new PublishError(pageNotOnSite(pageUrl, siteUrl), false);
  }
  const target = await findPostByUrl(site, pageUrl, options);
  if (!target || new URL(target.link).origin !== new URL(siteUrl).origin) {
    throw new PublishError(
      `WordPress has no post or page at ${pageUrl}: it was moved or deleted since it was read. Improve the page again from its new address.`,
      false,
    );
  }
  const post = await updateExistingPost(site, target, content, seoFields, options);
  if (!post) {
    throw new PublishError(
      `The page at ${pageUrl} was deleted from WordPress while it was updated.`,
      false,
    );
  }
  return post;
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
  async ({ draftId }, { deps, row: draft }) => {
    const { db } = deps;

    if (!draft.siteId) {
      throw new JobFailure(
        'This draft has no WordPress site: its site was removed from Lumen. Choose a site in the draft editor and publish again.',
      );
    }
    const site = await findSiteSecret(db, draft.workspaceId, draft.siteId);
    if (!site) {
      throw new JobFailure('This draft’s WordPress site was removed from Lumen.');
    }
    const postSite: PostSite = {
      apiRoot: site.apiRoot,
      username: site.username,
      // The password goes to the REST root, which must be on the origin it was sealed for.
      applicationPassword: openSitePassword(
        loadSecretBox(deps.env),
        { siteId: site.id, url: site.url, username: site.username },
        site.sealedPassword,
        { url: site.apiRoot, username: site.username },
      ),
    };
    const options = { allowPrivateHosts: deps.env.ALLOW_PRIVATE_HOSTS };
    const content = postContent(draft);
    const seoFields = site.capabilities.seoMetaFields;

    let post: WpPost | null = null;
    try {
      const authorId = await checkSignIn(postSite, options);
      if (draft.pageUrl) {
        // An improvement updates the page it was made from, found by its address on this site;
        // it never creates a post (docs/publishing.md, "Improving a page that exists").
        post = await updatePageInPlace(
          postSite,
          site.url,
          draft.pageUrl,
          content,
          seoFields,
          options,
        );
      }
      // The item's post id means something only on the site it was written to: a site row that
      // now points at another address never has that id rewritten there (docs/security.md).
      if (!post && draft.item && draft.item.siteId === site.id && draft.item.siteUrl === site.url) {
        post = await updatePost(postSite, draft.item.wpPostId, content, seoFields, options);
      }
      if (!post) {
        const earlier = await findDraftPost(postSite, draft.id, authorId, options);
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
    const publishedUrl = postLink(post.link, site.url, post.id);
    const current = draft;
    const itemId = await db.transaction(async (tx) => {
      const id = await recordPublished(tx, current.id, {
        siteId: site.id,
        siteUrl: site.url,
        wpPostId: published.id,
        // Only a link on the site's own origin is kept: it is read into the shared corpus.
        url: publishedUrl,
        status: published.status as 'publish',
        version: current.version,
      });
      if (id && !current.item) {
        await markOpportunityPublished(tx, current, `Published to WordPress: ${publishedUrl}`);
      }
      return id;
    });
    await publishDraftEvents(deps, draftId);
    // The closed loop: the page joins the local engines' corpus and its prompts are measured
    // again (docs/closed-loop.md). A retry after a crash here publishes idempotently and adds it.
    if (itemId) {
      await clearFinishedIngestJob(deps.queues, itemId);
      await requestIngestion(db, itemId);
      await deps.publish(TOPIC.publishedItem(itemId));
      await enqueueIngestPublishedItem(deps.queues, itemId);
    }
    return { status: itemId ? 'PUBLISHED' : 'MOVED_ON', wpPostId: published.id };
  },
  { statusRow: publishDraftStatusRow },
);
