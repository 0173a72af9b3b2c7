import type { Brand } from '@lumen/db/repositories/brand.repository';
import { removeBrandSchedule, syncBrandSchedule } from '@lumen/jobs/brand-schedule';
import type { GatewayDeps } from '../context';

type Deps = Pick<GatewayDeps, 'queues' | 'logger'>;

/** How long a saved change waits for Redis before answering without it. */
const REDIS_WAIT_MS = 2_000;

/**
 * After a brand change commits, its BullMQ job scheduler follows (docs/brands.md, "Schedules").
 * The change is already saved, so Redis being slow or away never fails or stalls the mutation:
 * the call is given a short wait and logged when it misses it (it still completes when Redis
 * answers). The worker re-syncs every brand's scheduler when it starts, and a slot firing for a
 * brand that no longer wants it removes its own scheduler.
 */
export function scheduleBrand(deps: Deps, brand: Brand): Promise<void> {
  return afterCommit(deps, 'brand schedule not synced', { brandId: brand.id }, () =>
    syncBrandSchedule(deps.queues, brand),
  );
}

export function unscheduleBrand(deps: Deps, brandId: string): Promise<void> {
  return afterCommit(deps, 'brand schedule not removed', { brandId }, () =>
    removeBrandSchedule(deps.queues, brandId),
  );
}

/** Redis work that follows a committed change: bounded wait, failures logged, never thrown. */
export async function afterCommit(
  deps: Deps,
  message: string,
  context: Record<string, string>,
  work: () => Promise<unknown>,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), REDIS_WAIT_MS);
  });
  const done = work().then(
    () => 'done' as const,
    (error: unknown) => {
      deps.logger.warn({ ...context, err: String(error) }, message);
      return 'failed' as const;
    },
  );
  try {
    if ((await Promise.race([done, late])) === 'late') {
      deps.logger.warn({ ...context, waitedMs: REDIS_WAIT_MS }, `${message} yet (Redis slow)`);
    }
  } finally {
    clearTimeout(timer);
  }
}
