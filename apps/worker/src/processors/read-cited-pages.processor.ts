import { findBrand } from '@lumen/db/repositories/brand.repository';
import {
  findCitedPage,
  listBrandCitedPages,
  listCitedUrlUses,
  saveCitedPageMention,
} from '@lumen/db/repositories/cited-page.repository';
import {
  type CitedPageScan,
  claimCitedPageScan,
  completeCitedPageScan,
  failCitedPageScan,
  findCitedPageScanById,
  listBrandsWithCitations,
  listOpenCitedPageScans,
  requestCitedPageScan,
  setCitedPageScanProgress,
} from '@lumen/db/repositories/cited-page-scan.repository';
import { syncOutreachOpportunities } from '@lumen/db/repositories/outreach-opportunity.repository';
import { listSourceCorrections } from '@lumen/db/repositories/source.repository';
import { createAnalyzer } from '@lumen/domain/analysis/analyze-answer';
import { addDays, todayIn } from '@lumen/domain/metrics/periods';
import {
  citedPagesOf,
  outreachEvidence,
  outreachImpact,
  outreachResolutions,
  outreachTitle,
  rankOutreach,
  readingOf,
} from '@lumen/domain/sources/outreach';
import { createSourceClassifier } from '@lumen/domain/sources/source-kinds';
import { pageBoundsFrom } from '@lumen/engines/corpus/page-bounds';
import { enqueueCitedPageScan } from '@lumen/jobs/cited-pages';
import { ReadCitedPagesJob, WeeklyCitedPagesJob } from '@lumen/jobs/definitions';
import { TOPIC } from '@lumen/jobs/events';
import { defineProcessor, JobFailure } from '../define-processor';
import type { WorkerDeps } from '../deps';
import { runPool } from '../run-pool';
import { loadBrandEntities } from '../runs/brand-entities';
import { readCitedPage } from '../sources/read-cited-page';
import type { StatusRow } from '../status-row';

/** Pages read per scan at most, the most cited first. */
export const MAX_PAGES_PER_SCAN = 100;
/** Pages fetched at once by one scan. */
const PAGES_IN_FLIGHT = 4;
/** The days of citations a scan reads (the brand's local days, today included). */
export const SCAN_DAYS = 30;
/** A scheduled scan reuses a page fetched within this many days (by any brand's scan). */
const REUSE_DAYS = 6;

async function tellScan(
  deps: WorkerDeps,
  scan: Pick<CitedPageScan, 'id' | 'workspaceId' | 'brandId'>,
) {
  await deps.publish(TOPIC.citedPageScan(scan.brandId), {
    workspaceId: scan.workspaceId,
    brandId: scan.brandId,
    scanId: scan.id,
  });
}

export const citedPageScanStatusRow: StatusRow<CitedPageScan> = {
  definition: ReadCitedPagesJob,
  rowIdOf: (payload) => String(payload.scanId),
  payloadFor: (scanId) => ({ scanId }),
  fail: failCitedPageScan,
  listOpen: listOpenCitedPageScans,
  topic: (scanId) => `cited-page-scan-row:${scanId}`,
  claim: async (deps, id) => {
    const row = await findCitedPageScanById(deps.db, id);
    if (!row) return { movedOn: 'MISSING' };
    if (!(await claimCitedPageScan(deps.db, id))) return { movedOn: row.status };
    await tellScan(deps, row);
    return { row };
  },
  afterFail: async (deps, id) => {
    const row = await findCitedPageScanById(deps.db, id);
    if (row) await tellScan(deps, row);
  },
  failedMessage: 'Reading the cited pages failed after several tries. Read them again later.',
  stoppedMessage: 'Reading the cited pages stopped before it finished. Read them again.',
};

class ScanEnded extends Error {}

/**
 * A brand's cited pages read (docs/sources.md, "Cites them, not us"): the third-party URLs its
 * answers cited in the last SCAN_DAYS days, most cited first, each fetched through safeFetch and
 * its text extracted off the event loop (a page fetched in the last REUSE_DAYS days is reused by
 * a scheduled scan; a manual one fetches every page again), then read with the answer analyzer
 * for the brand's and competitors' names. A failed fetch is recorded on the page and the scan
 * goes on. Last, in one transaction, the scan completes and the pages that name competitors but
 * not the brand become SOURCE_OUTREACH opportunities (and the ones that now name it resolve).
 */
export const readCitedPagesProcessor = defineProcessor(
  ReadCitedPagesJob,
  async ({ scanId }, { deps, row }) => {
    const brand = await findBrand(deps.db, row.workspaceId, row.brandId);
    const entities = await loadBrandEntities(deps.db, row.workspaceId, row.brandId);
    if (!brand || !entities) throw new JobFailure('The brand was deleted.');
    const corrections = await listSourceCorrections(deps.db, row.workspaceId);
    const classify = createSourceClassifier({
      entities,
      corrections: new Map(corrections.map((c) => [c.domain, c.kind])),
    });
    const kindOf = (domain: string) => classify(domain).kind;
    const to = todayIn(brand.schedule.timezone);
    const { uses } = await listCitedUrlUses(deps.db, {
      workspaceId: row.workspaceId,
      brandId: row.brandId,
      from: addDays(to, -(SCAN_DAYS - 1)),
      to,
      includeBranded: true,
    });
    const targets = citedPagesOf(uses, kindOf, () => undefined)
      .filter((p) => p.kind !== 'owned' && p.kind !== 'competitor')
      .sort((a, b) => b.citations - a.citations || a.url.localeCompare(b.url))
      .slice(0, MAX_PAGES_PER_SCAN);

    const analyze = createAnalyzer(entities, { languageHint: brand.language });
    const bounds = pageBoundsFrom(deps.env);
    const freshAfter =
      row.trigger === 'scheduled' ? new Date(Date.now() - REUSE_DAYS * 86_400_000) : null;
    const progress = { done: 0, total: targets.length, failed: 0 };
    if (!(await setCitedPageScanProgress(deps.db, scanId, progress))) return { status: 'OVER' };
    await tellScan(deps, row);
    try {
      await runPool(targets, PAGES_IN_FLIGHT, async (target) => {
        const outcome = await readCitedPage(deps.db, target.url, target.domain, {
          allowPrivateHosts: deps.env.ALLOW_PRIVATE_HOSTS,
          bounds,
          freshAfter,
        });
        // The last good text is read, even when this fetch failed: it is what the page said.
        const page = await findCitedPage(deps.db, target.url);
        if (page?.body) {
          const analysis = analyze({ text: `${page.title ?? ''}\n\n${page.body}`, citations: [] });
          await saveCitedPageMention(
            deps.db,
            { workspaceId: row.workspaceId, brandId: row.brandId, url: target.url },
            readingOf(analysis, entities),
          );
        }
        progress.done += 1;
        if (outcome.status === 'FAILED') progress.failed += 1;
        if (!(await setCitedPageScanProgress(deps.db, scanId, progress))) throw new ScanEnded();
        await tellScan(deps, row);
      });
    } catch (error) {
      if (error instanceof ScanEnded) return { status: 'OVER' };
      throw error;
    }

    const read = await listBrandCitedPages(
      deps.db,
      row.workspaceId,
      row.brandId,
      targets.map((t) => t.url),
    );
    // Ranked as the Sources page ranks them by default: from the prompts a buyer asks, not the
    // branded ones ("Is Northwind any good?"), so each opportunity is a row of that list with
    // the same share. Pages cited only for branded prompts are read above, not ranked.
    const asked = await listCitedUrlUses(deps.db, {
      workspaceId: row.workspaceId,
      brandId: row.brandId,
      from: addDays(to, -(SCAN_DAYS - 1)),
      to,
      includeBranded: false,
    });
    const pages = citedPagesOf(asked.uses, kindOf, (url) => {
      const p = read.get(url);
      return (
        p && {
          title: p.title,
          contact:
            p.contactUrl && p.contactKind ? { url: p.contactUrl, kind: p.contactKind } : null,
          reading: p.reading,
        }
      );
    });
    const ranked = rankOutreach(pages, asked.totalCitations);
    const totalEngines = new Set(asked.uses.map((u) => u.engine)).size;
    const outcome = await deps.db.transaction(async (tx) => {
      if (!(await completeCitedPageScan(tx, scanId))) return null;
      return syncOutreachOpportunities(
        tx,
        row.workspaceId,
        row.brandId,
        ranked.pages.map((p) => ({
          url: p.url,
          title: outreachTitle(p, brand.name),
          impact: outreachImpact(p, totalEngines),
          evidence: { ...outreachEvidence(p, totalEngines), scanId },
        })),
        outreachResolutions(pages, brand.name),
      );
    });
    if (!outcome) return { status: 'OVER' };
    await tellScan(deps, row);
    await deps.publish(TOPIC.workspace(row.workspaceId), { kind: 'opportunities' });
    deps.logger.info(
      { scanId, brandId: row.brandId, pages: targets.length, failed: progress.failed, ...outcome },
      'cited pages read',
    );
    return { status: 'COMPLETED', pages: targets.length, failed: progress.failed, ...outcome };
  },
  { statusRow: citedPageScanStatusRow },
);

/**
 * Weekly (Tuesdays 05:41 UTC): one scan per active brand whose answers cited anything in the
 * last 30 days. A brand whose scan is open gets no second one, and job id = row id makes a
 * repeat harmless; two workers firing the same slot share the scheduler's one job.
 */
export const weeklyCitedPagesProcessor = defineProcessor(
  WeeklyCitedPagesJob,
  async (_p, { deps }) => {
    const brands = await listBrandsWithCitations(deps.db);
    for (const b of brands) {
      const { id } = await requestCitedPageScan(deps.db, b.workspaceId, b.brandId, 'scheduled');
      await enqueueCitedPageScan(deps.queues, id);
    }
    return { brands: brands.length };
  },
);
