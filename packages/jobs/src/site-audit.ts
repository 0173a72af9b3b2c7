import { SiteAuditJob } from './definitions';
import { enqueue } from './enqueue';
import type { Queues } from './queues';

/**
 * A requested site audit (docs/site-audit.md): job id = its row's id, so a second request while
 * the brand's audit is open adds nothing, and the reconciler adds a lost one again.
 */
export function enqueueSiteAudit(queues: Queues, siteAuditId: string): Promise<string> {
  return enqueue(queues, SiteAuditJob, { siteAuditId }, { jobId: siteAuditId });
}
