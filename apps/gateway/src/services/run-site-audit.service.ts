import { findBrand } from '@lumen/db/repositories/brand.repository';
import {
  findSiteAudit,
  requestSiteAudit,
  type SiteAudit,
} from '@lumen/db/repositories/site-audit.repository';
import { quoted } from '@lumen/domain/activity/activity-entry';
import { publishEvent, TOPIC } from '@lumen/jobs/events';
import { enqueueSiteAudit } from '@lumen/jobs/site-audit';
import type { Acting, GatewayDeps } from '../context';
import { LumenError } from '../errors';
import { findOwned } from '../workspace-scope';
import { logActivity } from './activity.service';

type Deps = Pick<GatewayDeps, 'db' | 'queues' | 'redis' | 'env'>;

/**
 * Audits the brand's site now (docs/site-audit.md): the brand's open audit, or a new QUEUED one,
 * committed with its activity entry; then the job, job id = row id (a double click adds nothing).
 */
export async function runSiteAudit(
  deps: Deps,
  workspaceId: string,
  acting: Acting,
  brandId: string,
): Promise<SiteAudit> {
  const { id, created } = await deps.db.transaction(async (tx) => {
    const brand = await findOwned({ db: tx, workspaceId }, 'Brand', brandId, findBrand);
    if (brand.domains.length === 0) {
      throw new LumenError(
        'BAD_USER_INPUT',
        'This brand has no website. Add its domain on the brand page, then run the audit.',
      );
    }
    const requested = await requestSiteAudit(tx, workspaceId, brandId, 'manual');
    if (requested.created) {
      await logActivity(tx, acting, {
        workspaceId,
        kind: 'site_audit.requested',
        message: `Asked for a site audit of ${quoted(brand.name)} (${brand.domains[0]})`,
        subjectType: 'brand',
        subjectId: brandId,
        brandId,
      });
    }
    return requested;
  });
  await enqueueSiteAudit(deps.queues, id);
  if (created) {
    await publishEvent(deps.redis, deps.env.REDIS_PREFIX, TOPIC.brandSiteAudit(brandId), {
      workspaceId,
      siteAuditId: id,
    });
  }
  const audit = await findSiteAudit(deps.db, workspaceId, id);
  if (!audit) throw new Error(`site audit ${id} vanished`);
  return audit;
}
