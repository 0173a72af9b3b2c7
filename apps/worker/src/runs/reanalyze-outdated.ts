import {
  listOutdatedBrands,
  requestReanalysis,
} from '@lumen/db/repositories/reanalysis.repository';
import { ANALYZER_VERSION } from '@lumen/domain/analysis/analysis-rows';
import { enqueueReanalysis } from '@lumen/jobs/reanalyze';
import type { WorkerDeps } from '../deps';

/**
 * Start-up check (docs/analysis.md, "Re-analysis"): every brand whose stored analyses are older
 * than this worker's analyzer gets one re-analysis marked as a method change. A brand already
 * waiting for one keeps it (the request coalesces), and a brand re-analysed by an earlier start
 * is up to date, so starting twice re-analyses once.
 */
export async function reanalyzeOutdatedBrands(deps: WorkerDeps): Promise<{ requested: number }> {
  const brands = await listOutdatedBrands(deps.db, ANALYZER_VERSION);
  for (const { workspaceId, brandId } of brands) {
    const { id } = await requestReanalysis(deps.db, workspaceId, brandId, { methodChanged: true });
    await enqueueReanalysis(deps.queues, id);
  }
  return { requested: brands.length };
}
