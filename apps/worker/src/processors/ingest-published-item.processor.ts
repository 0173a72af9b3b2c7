import { SafeFetchError, safeFetch } from '@lumen/config/safe-fetch';
import {
  failIngestion,
  findPublishedTarget,
  listOpenIngestions,
  markPublishedIngested,
  type PublishedTarget,
  publishedItemWorkspace,
  remeasureNeeded,
  setRemeasureRun,
  startIngestion,
} from '@lumen/db/repositories/closed-loop.repository';
import {
  findCorpusDocumentByUrl,
  upsertCorpusDocuments,
} from '@lumen/db/repositories/corpus.repository';
import { startBrandRun } from '@lumen/db/repositories/run-start.repository';
import { extractPage } from '@lumen/engines/corpus/extract-page';
import { PageRefusedError, pageBoundsFrom } from '@lumen/engines/corpus/page-bounds';
import { enqueueBrandRun } from '@lumen/jobs/brand-run';
import { IngestPublishedItemJob } from '@lumen/jobs/definitions';
import { TOPIC } from '@lumen/jobs/events';
import { ingestJobId } from '@lumen/jobs/ingest-published-item';
import { enqueueNotify } from '@lumen/jobs/notify';
import { DelayedError } from 'bullmq';
import { activityAdded, failWithOutcome } from '../activity/job-outcome';
import { defineProcessor, JobFailure } from '../define-processor';
import type { WorkerDeps } from '../deps';
import type { StatusRow } from '../status-row';

/** How long to wait before asking again while another run of the brand is open. */
export const BUSY_RETRY_MS = 30_000;

/** The corpus kind of a page written for an opportunity's content kind (docs/closed-loop.md). */
const CORPUS_KIND: Record<string, string> = {
  listicle: 'listicle',
  comparison: 'comparison',
  faq: 'guide',
  'how-to': 'guide',
  glossary: 'guide',
};

/** Tells the item's page and the workspace (the published list, the sidebar) that it changed. */
async function publishIngestionEvents(deps: WorkerDeps, itemId: string): Promise<void> {
  await deps.publish(TOPIC.publishedItem(itemId));
  const workspaceId = await publishedItemWorkspace(deps.db, itemId);
  if (workspaceId) {
    await deps.publish(TOPIC.workspace(workspaceId), {
      kind: 'ingestion',
      publishedItemId: itemId,
    });
  }
}

/**
 * The published item is the ingest job's status row (docs/jobs.md): PENDING reads as QUEUED,
 * READING as RUNNING, READ and FAILED are final. Its job id is `ingest-<itemId>`.
 */
export const ingestPublishedItemStatusRow: StatusRow<PublishedTarget> = {
  definition: IngestPublishedItemJob,
  rowIdOf: (payload) => String(payload.publishedItemId),
  jobIdOf: ingestJobId,
  payloadFor: (publishedItemId) => ({ publishedItemId }),
  fail: failWithOutcome(failIngestion, 'ingestion.failed'),
  listOpen: listOpenIngestions,
  topic: TOPIC.publishedItem,
  claim: async (deps, itemId) => {
    const item = await findPublishedTarget(deps.db, itemId);
    if (!item) return { movedOn: 'MISSING' };
    // Failed for good (the reconciler's deadline, or a final error): only "Read again" restarts it.
    if (item.ingestStatus === 'FAILED') return { movedOn: 'FAILED' };
    // A READ item read again by a second delivery stays READ until its new reading is stored.
    if (await startIngestion(deps.db, item.id)) await publishIngestionEvents(deps, item.id);
    return { row: item };
  },
  afterFail: async (deps, itemId) => {
    const workspaceId = await publishedItemWorkspace(deps.db, itemId);
    if (workspaceId) {
      await deps.publish(TOPIC.workspace(workspaceId), {
        kind: 'ingestion',
        publishedItemId: itemId,
      });
      await activityAdded(deps, workspaceId);
    }
    await enqueueNotify(deps.queues, 'ingestion', itemId, Date.now());
  },
  failedMessage:
    'The page did not answer after several tries (the site was down or too slow). Read it again later.',
  stoppedMessage: 'Reading the page stopped before it finished. Read it again.',
};

/**
 * The closed loop after a publication (docs/closed-loop.md, "Ingestion"):
 * 1. the post's public page is fetched through safeFetch (a private address only with
 *    ALLOW_PRIVATE_HOSTS, as when the site was connected) and its main text, title and date
 *    extracted, off the event loop and within size, depth and time bounds (extract-page.ts);
 *    4xx, a refused address, a page past the bounds or without text are final, the rest retried;
 * 2. it is upserted into the corpus by URL (source `published`) and the item records
 *    `ingested_at` (moved only when the text changed) and `corpus_document_id`;
 * 3. unless the page as read now was measured already, a targeted run of the opportunity's
 *    prompt starts on every engine of the brand, recorded on the item in the same transaction.
 *    While another run of the brand is open (one open run per brand), the job waits and asks
 *    again every BUSY_RETRY_MS; that wait uses no attempts.
 * Each step is safe to repeat, so a second delivery or a crash between steps does the rest only.
 * The item's ingestion moves PENDING → READING → READ, or FAILED with the reason (a final error
 * here, the last retry through the status row, a lost job through the reconciler).
 */
export const ingestPublishedItemProcessor = defineProcessor(
  IngestPublishedItemJob,
  async (_payload, { deps, job, runtime, row: item }) => {
    // Only a page of the site the post was written to enters the corpus every workspace's
    // offline engines answer from (docs/security.md, "Published pages").
    const siteUrl = item.publishedSiteUrl ?? item.siteUrl;
    const siteOrigin = siteUrl ? new URL(siteUrl).origin : null;
    if (!siteOrigin || new URL(item.url).origin !== siteOrigin) {
      throw new JobFailure(
        `Refused a page outside its site: ${item.url} is not on ${siteUrl ?? 'a connected site'}. Lumen reads only pages of the WordPress site the post was published to.`,
      );
    }
    const bounds = pageBoundsFrom(deps.env);
    let html: string;
    try {
      const response = await safeFetch(item.url, {
        allowPrivateHosts: deps.env.ALLOW_PRIVATE_HOSTS,
        headers: { accept: 'text/html' },
        maxBytes: bounds.maxBytes,
      });
      if (response.status >= 400 && response.status < 500) {
        throw new JobFailure(
          `The page is not reachable: ${item.url} answered ${response.status}. Check that the post is public.`,
        );
      }
      if (!response.ok) throw new Error(`The published page answered ${response.status}.`);
      if (new URL(response.url).origin !== siteOrigin) {
        throw new JobFailure(
          `Refused a page outside its site: ${item.url} redirected to ${response.url}. Lumen reads only pages of the WordPress site the post was published to.`,
        );
      }
      const type = response.headers.get('content-type') ?? '';
      if (type && !/html/i.test(type)) {
        throw new JobFailure(`The page is not HTML: ${item.url} answered with ${type}.`);
      }
      html = response.text();
    } catch (error) {
      if (error instanceof SafeFetchError && error.code === 'BLOCKED_URL') {
        throw new JobFailure(
          `Refused a private address: ${item.url} is not public. A WordPress on this machine or a private network needs ALLOW_PRIVATE_HOSTS=1.`,
        );
      }
      if (error instanceof SafeFetchError && error.code === 'TOO_LARGE') {
        throw new JobFailure(
          `The page is too large to read: ${item.url} is over the ${(bounds.maxBytes / 1024 / 1024).toFixed(1)} MB Lumen reads of a page.`,
        );
      }
      throw error;
    }
    let page: Awaited<ReturnType<typeof extractPage>>;
    try {
      page = await extractPage(html, bounds);
    } catch (error) {
      // Bounded work on a hostile or broken page (docs/security.md, "Fetched pages"): final.
      if (error instanceof PageRefusedError) throw new JobFailure(`${error.message} (${item.url})`);
      throw error;
    }
    if (page.body.length === 0) {
      throw new JobFailure(`The page has no text to read: no main text was found on ${item.url}.`);
    }

    const url = new URL(item.url);
    const key = url.toString();
    const before = await findCorpusDocumentByUrl(deps.db, key);
    const changed = !before || before.title !== page.title || before.body !== page.body;
    await upsertCorpusDocuments(deps.db, [
      {
        url: key,
        domain: url.hostname.replace(/^www\./, ''),
        title: page.title,
        body: page.body,
        publishedAt: page.publishedAt ?? item.publishedAt,
        source: 'published',
        kind: (item.kind && CORPUS_KIND[item.kind]) ?? null,
      },
    ]);
    const stored = await findCorpusDocumentByUrl(deps.db, key);
    if (!stored) throw new Error(`The page ${key} was not stored.`);
    await markPublishedIngested(deps.db, item.id, stored.id, changed);
    await publishIngestionEvents(deps, item.id);

    if (!item.promptId) return { status: 'INGESTED', remeasure: 'NO_PROMPT' };
    if (!(await remeasureNeeded(deps.db, item.id))) {
      return { status: 'INGESTED', remeasure: 'DONE_ALREADY' };
    }
    const promptId = item.promptId;
    const outcome = await deps.db.transaction(async (tx) => {
      const started = await startBrandRun(tx, {
        trigger: 'TARGETED',
        brandId: item.brandId,
        promptIds: [promptId],
        plans: Boolean(deps.env.PLANS),
      });
      if (started.kind === 'started') await setRemeasureRun(tx, item.id, started.runId);
      return started;
    });
    if (outcome.kind === 'busy') {
      if (!runtime.token) throw new Error('ingest-published-item needs its lock token to wait');
      await job.moveToDelayed(Date.now() + BUSY_RETRY_MS * deps.queues.timeScale, runtime.token);
      throw new DelayedError();
    }
    if (outcome.kind !== 'started') return { status: 'INGESTED', remeasure: outcome.kind };
    await enqueueBrandRun(deps.queues, outcome.runId);
    await deps.publish(TOPIC.workspace(item.workspaceId), {
      runId: outcome.runId,
      status: 'QUEUED',
    });
    await deps.publish(TOPIC.publishedItem(item.id));
    return { status: 'INGESTED', remeasure: 'STARTED', runId: outcome.runId };
  },
  { statusRow: ingestPublishedItemStatusRow },
);
