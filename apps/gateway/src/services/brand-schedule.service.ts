import type { Brand } from '@lumen/db/repositories/brand.repository';
import { removeBrandSchedule, syncBrandSchedule } from '@lumen/jobs/brand-schedule';
import type { GatewayDeps } from '../context';

type Deps = Pick<GatewayDeps, 'queues' | 'logger'>;

/**
 * After a brand change commits, its BullMQ job scheduler follows (docs/brands.md, "Schedules").
 * The change is already saved, so a Redis failure here is logged, not thrown: the worker
 * re-syncs every brand's scheduler when it starts, and a slot firing for a brand that no longer
 * wants it removes its own scheduler.
 */
export async function scheduleBrand(deps: Deps, brand: Brand): Promise<void> {
  try {
    await syncBrandSchedule(deps.queues, brand);
  } catch (error) {
    deps.logger.warn({ brandId: brand.id, err: String(error) }, 'brand schedule not synced');
  }
}

export async function unscheduleBrand(deps: Deps, brandId: string): Promise<void> {
  try {
    await removeBrandSchedule(deps.queues, brandId);
  } catch (error) {
    deps.logger.warn({ brandId, err: String(error) }, 'brand schedule not removed');
  }
}
