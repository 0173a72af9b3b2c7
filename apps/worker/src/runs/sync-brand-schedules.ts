import { listScheduledBrands } from '@lumen/db/repositories/scheduled-run.repository';
import {
  brandSchedulerId,
  removeBrandSchedule,
  syncBrandSchedule,
} from '@lumen/jobs/brand-schedule';
import { ScheduledBrandRunJob } from '@lumen/jobs/definitions';
import type { WorkerDeps } from '../deps';

/**
 * Start-up repair (docs/brands.md, "Schedules"): every active daily or weekly brand gets its job
 * scheduler, and schedulers of brands that are gone, paused or manual are removed. The gateway
 * syncs on each change; this catches a change whose Redis call failed after its commit.
 * Unchanged schedulers are left alone, so a run that came due while no worker ran still runs.
 */
export async function syncBrandSchedules(
  deps: WorkerDeps,
): Promise<{ kept: number; removed: number }> {
  const brands = await listScheduledBrands(deps.db);
  for (const brand of brands) {
    try {
      await syncBrandSchedule(deps.queues, brand);
    } catch (error) {
      // One brand's bad row (a time zone this runtime does not know) must not stop the worker.
      deps.logger.warn({ brandId: brand.id, err: String(error) }, 'brand schedule not synced');
    }
  }
  const wanted = new Set(brands.map((b) => brandSchedulerId(b.id)));
  const prefix = brandSchedulerId('');
  let removed = 0;
  const schedulers = await deps.queues[ScheduledBrandRunJob.queue].getJobSchedulers();
  for (const s of schedulers) {
    if (!s.key.startsWith(prefix) || wanted.has(s.key)) continue;
    await removeBrandSchedule(deps.queues, s.key.slice(prefix.length));
    removed++;
  }
  return { kept: brands.length, removed };
}
