import { findBrand } from '@lumen/db/repositories/brand.repository';
import {
  claimSiteAudit,
  completeSiteAudit,
  failSiteAudit,
  findSiteAuditById,
  listAuditableBrands,
  listBrandSitePages,
  listOpenSiteAudits,
  requestSiteAudit,
  type SiteAudit,
  setSiteAuditProgress,
  syncTechnicalOpportunities,
} from '@lumen/db/repositories/site-audit.repository';
import { buildSiteAuditReport } from '@lumen/domain/site-audit/audit-report';
import { findingImpact } from '@lumen/domain/site-audit/findings';
import { pageBoundsFrom } from '@lumen/engines/corpus/page-bounds';
import { SiteAuditJob, WeeklySiteAuditsJob } from '@lumen/jobs/definitions';
import { TOPIC } from '@lumen/jobs/events';
import { enqueueSiteAudit } from '@lumen/jobs/site-audit';
import { defineProcessor, JobFailure } from '../define-processor';
import type { WorkerDeps } from '../deps';
import { AuditStopped, readSite, SiteUnreachableError } from '../site-audit/read-site';
import { chromiumPath, type PageRenderer, startRenderer } from '../site-audit/render-page';
import type { StatusRow } from '../status-row';

/** Tells the audit's page (and, through `workspaceId`, the gateway's cache) that it moved. */
async function tellAudit(
  deps: WorkerDeps,
  audit: Pick<SiteAudit, 'id' | 'workspaceId' | 'brandId'>,
) {
  const data = { workspaceId: audit.workspaceId, brandId: audit.brandId, siteAuditId: audit.id };
  await deps.publish(TOPIC.siteAudit(audit.id), data);
  await deps.publish(TOPIC.brandSiteAudit(audit.brandId), data);
}

export const siteAuditStatusRow: StatusRow<SiteAudit> = {
  definition: SiteAuditJob,
  rowIdOf: (payload) => String(payload.siteAuditId),
  payloadFor: (siteAuditId) => ({ siteAuditId }),
  fail: failSiteAudit,
  listOpen: listOpenSiteAudits,
  topic: TOPIC.siteAudit,
  claim: async (deps, id) => {
    const row = await findSiteAuditById(deps.db, id);
    if (!row) return { movedOn: 'MISSING' };
    if (!(await claimSiteAudit(deps.db, id))) return { movedOn: row.status };
    await tellAudit(deps, row);
    return { row };
  },
  afterFail: async (deps, id) => {
    const row = await findSiteAuditById(deps.db, id);
    if (row) await tellAudit(deps, row);
  },
  failedMessage: 'The site audit failed after several tries. Run it again later.',
  stoppedMessage: 'The site audit stopped before it finished. Run it again.',
};

/**
 * A brand's site audit (docs/site-audit.md): its first domain read as AI crawlers read it
 * (robots.txt per agent, llms.txt, sitemaps, key pages, a Chromium render when there is one),
 * the pure report stored on the row, and its findings synced as TECHNICAL opportunities in the
 * same transaction. A second delivery starts over; the report replaces nothing but its row.
 */
export const siteAuditProcessor = defineProcessor(
  SiteAuditJob,
  async ({ siteAuditId }, { deps, row }) => {
    const brand = await findBrand(deps.db, row.workspaceId, row.brandId);
    if (!brand) throw new JobFailure('The brand was deleted.');
    const domain = brand.domains[0];
    if (!domain) {
      throw new JobFailure(
        'The brand has no website. Add its domain on the brand page, then run the audit.',
      );
    }
    const own = await listBrandSitePages(deps.db, row.brandId, 10);
    const chromium = chromiumPath(deps.env.CHROMIUM_PATH);
    let renderer: PageRenderer | null = null;
    try {
      renderer = chromium ? await startRenderer(chromium, deps.env.ALLOW_PRIVATE_HOSTS) : null;
    } catch (error) {
      deps.logger.warn(
        { err: error },
        'site audit: Chromium did not start; JavaScript not checked',
      );
    }
    let input: Awaited<ReturnType<typeof readSite>>;
    try {
      input = await readSite({
        domain,
        allowPrivateHosts: deps.env.ALLOW_PRIVATE_HOSTS,
        bounds: pageBoundsFrom(deps.env),
        cited: own.cited,
        published: own.published,
        renderer,
        now: () => new Date(),
        progress: async (done, total, step) => {
          const moved = await setSiteAuditProgress(deps.db, siteAuditId, { done, total, step });
          if (moved) await tellAudit(deps, row);
          return moved;
        },
      });
    } catch (error) {
      if (error instanceof AuditStopped) return { status: 'OVER' };
      if (error instanceof SiteUnreachableError) throw new JobFailure(error.message);
      throw error;
    } finally {
      await renderer?.close();
    }
    const report = buildSiteAuditReport(input);
    const outcome = await deps.db.transaction(async (tx) => {
      if (!(await completeSiteAudit(tx, siteAuditId, report))) return null;
      return syncTechnicalOpportunities(
        tx,
        row.workspaceId,
        row.brandId,
        siteAuditId,
        report.findings.filter((f) => f.severity !== 'low'),
        findingImpact,
      );
    });
    if (!outcome) return { status: 'OVER' };
    await tellAudit(deps, row);
    await deps.publish(TOPIC.workspace(row.workspaceId), { kind: 'opportunities' });
    deps.logger.info(
      {
        siteAuditId,
        brandId: row.brandId,
        score: report.score,
        findings: report.findings.length,
        ...outcome,
      },
      'site audited',
    );
    return { status: 'COMPLETED', score: report.score, ...outcome };
  },
  { statusRow: siteAuditStatusRow },
);

/**
 * Weekly (Mondays 04:23 UTC): one audit per active brand with a domain. A brand whose audit is
 * open gets no second one (`requestSiteAudit`), and job id = row id makes a repeat harmless.
 */
export const weeklySiteAuditsProcessor = defineProcessor(
  WeeklySiteAuditsJob,
  async (_p, { deps }) => {
    const brands = await listAuditableBrands(deps.db);
    for (const b of brands) {
      const { id } = await requestSiteAudit(deps.db, b.workspaceId, b.brandId, 'scheduled');
      await enqueueSiteAudit(deps.queues, id);
    }
    return { brands: brands.length };
  },
);
