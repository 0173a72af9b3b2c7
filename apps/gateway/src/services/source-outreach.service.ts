import type { Brand } from '@lumen/db/repositories/brand.repository';
import { findBrand } from '@lumen/db/repositories/brand.repository';
import {
  listBrandCitedPages,
  listCitedUrlUses,
} from '@lumen/db/repositories/cited-page.repository';
import {
  type CitedPageScan,
  findCitedPageScanById,
  findLatestCitedPageScan,
  requestCitedPageScan,
} from '@lumen/db/repositories/cited-page-scan.repository';
import { listOutreachOpportunities } from '@lumen/db/repositories/outreach-opportunity.repository';
import { listSourceCorrections } from '@lumen/db/repositories/source.repository';
import { quoted } from '@lumen/domain/activity/activity-entry';
import {
  citedPagesOf,
  type OutreachDomain,
  type OutreachPage,
  rankOutreach,
} from '@lumen/domain/sources/outreach';
import { brandSourceClassifier } from '@lumen/domain/sources/source-kinds';
import { enqueueCitedPageScan } from '@lumen/jobs/cited-pages';
import { publishEvent, TOPIC } from '@lumen/jobs/events';
import type { Acting, Context, GatewayDeps } from '../context';
import { brandLoaders } from '../loaders/brand-loaders';
import { findOwned } from '../workspace-scope';
import { logActivity } from './activity.service';
import { answerFilter, type ParsedFilter, workspaceEngineLabels } from './brand-metrics.service';

// "Cites them, not us" on the Sources page (docs/sources.md): the brand's cited pages in the
// filter's period that name competitors and not the brand, ranked, with the latest scan.

/** Engine ids as the page shows them: each one's label, in the same order. */
type Labelled = { engineLabels: string[] };

export type OutreachPageRow = Omit<OutreachPage, 'prompts'> &
  Labelled & {
    prompts: (OutreachPage['prompts'][number] & Labelled)[];
    readAt: Date | null;
    opportunityId: string | null;
  };

export type SourceOutreach = {
  scan: CitedPageScan | null;
  pages: OutreachPageRow[];
  domains: (OutreachDomain & Labelled)[];
  /** Third-party pages cited in the period that have been read (with text) for the brand. */
  readPages: number;
  /** Third-party pages cited in the period. */
  citedPages: number;
};

export async function brandSourceOutreach(
  ctx: Context,
  brand: Brand,
  f: ParsedFilter,
): Promise<SourceOutreach> {
  const db = ctx.deps.db;
  // The scan first: it completes in the transaction that writes the opportunities, so what is
  // read after it holds at least what that scan wrote.
  const scan = await findLatestCitedPageScan(db, brand.workspaceId, brand.id);
  const [{ uses, totalCitations }, competitors, corrections, opportunities, labels] =
    await Promise.all([
      listCitedUrlUses(db, answerFilter(brand, f)),
      brandLoaders(ctx).competitors.load(brand.id),
      listSourceCorrections(db, brand.workspaceId),
      listOutreachOpportunities(db, brand.workspaceId, brand.id),
      workspaceEngineLabels(ctx),
    ]);
  const labelled = (engines: readonly string[]) => engines.map((e) => labels.get(e) ?? e);
  const classify = brandSourceClassifier(brand, competitors, corrections);
  const urls = [...new Set(uses.map((u) => u.url))];
  const read = await listBrandCitedPages(db, brand.workspaceId, brand.id, urls);
  const pages = citedPagesOf(
    uses,
    (domain) => classify(domain).kind,
    (url) => {
      const p = read.get(url);
      return (
        p && {
          title: p.title,
          contact:
            p.contactUrl && p.contactKind ? { url: p.contactUrl, kind: p.contactKind } : null,
          reading: p.reading,
        }
      );
    },
  );
  const thirdParty = pages.filter((p) => p.kind !== 'owned' && p.kind !== 'competitor');
  const ranked = rankOutreach(pages, totalCitations);
  return {
    scan,
    pages: ranked.pages.map((p) => ({
      ...p,
      engineLabels: labelled(p.engines),
      prompts: p.prompts.map((q) => ({ ...q, engineLabels: labelled(q.engines) })),
      readAt: read.get(p.url)?.readAt ?? null,
      opportunityId: opportunities.get(p.url)?.id ?? null,
    })),
    domains: ranked.domains.map((d) => ({ ...d, engineLabels: labelled(d.engines) })),
    readPages: thirdParty.filter((p) => p.reading).length,
    citedPages: thirdParty.length,
  };
}

type Deps = Pick<GatewayDeps, 'db' | 'queues' | 'redis' | 'env'>;

/**
 * Reads the brand's cited pages now (docs/sources.md): the brand's open scan, or a new QUEUED
 * one that fetches every page again, committed with its activity entry; then the job, job id =
 * row id (a double click adds nothing).
 */
export async function readCitedPages(
  deps: Deps,
  workspaceId: string,
  acting: Acting,
  brandId: string,
): Promise<CitedPageScan> {
  const { id, created } = await deps.db.transaction(async (tx) => {
    const brand = await findOwned({ db: tx, workspaceId }, 'Brand', brandId, findBrand);
    const requested = await requestCitedPageScan(tx, workspaceId, brandId, 'manual');
    if (requested.created) {
      await logActivity(tx, acting, {
        workspaceId,
        kind: 'sources.read_requested',
        message: `Asked to read the pages cited for ${quoted(brand.name)}`,
        subjectType: 'brand',
        subjectId: brandId,
        brandId,
      });
    }
    return requested;
  });
  await enqueueCitedPageScan(deps.queues, id);
  if (created) {
    await publishEvent(deps.redis, deps.env.REDIS_PREFIX, TOPIC.citedPageScan(brandId), {
      workspaceId,
      scanId: id,
    });
  }
  const scan = await findCitedPageScanById(deps.db, id);
  if (!scan) throw new Error(`cited page scan ${id} vanished`);
  return scan;
}
