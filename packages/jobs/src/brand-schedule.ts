import { ScheduledBrandRunJob } from './definitions';
import type { Queues } from './queues';
import { retryPolicy } from './retry-policy';

/** The cadences of `@lumen/domain`'s brand input. */
type Cadence = 'DAILY' | 'WEEKLY' | 'MANUAL';

/** What a brand's schedule needs; the gateway's and the worker's brand rows both fit. */
export type ScheduledBrand = {
  id: string;
  status: 'ACTIVE' | 'PAUSED';
  schedule: { cadence: Cadence; hour: number; weekday: number | null; timezone: string };
};

const queueOf = (queues: Queues) => queues[ScheduledBrandRunJob.queue];

/** One BullMQ job scheduler per brand, under this id. */
export function brandSchedulerId(brandId: string): string {
  return `brand-schedule:${brandId}`;
}

/**
 * The cron pattern of a schedule, read in the brand's timezone: every day, or one weekday
 * (0 = Sunday), at the brand's hour. Null when the brand is only run by hand.
 */
export function brandCron(schedule: ScheduledBrand['schedule']): string | null {
  switch (schedule.cadence) {
    case 'DAILY':
      return `0 ${schedule.hour} * * *`;
    case 'WEEKLY':
      return `0 ${schedule.hour} * * ${schedule.weekday ?? 1}`;
    case 'MANUAL':
      return null;
  }
}

/**
 * Makes the brand's job scheduler match its row (docs/brands.md, "Schedules"): upserted for an
 * active brand with a daily or weekly cadence, removed otherwise. Call it after the change has
 * committed; calling it again with the same brand changes nothing. BullMQ keeps one pending job
 * per scheduler, so slots missed while no worker ran become one run, not one per slot.
 */
export async function syncBrandSchedule(queues: Queues, brand: ScheduledBrand): Promise<void> {
  const pattern = brandCron(brand.schedule);
  if (brand.status !== 'ACTIVE' || pattern === null) {
    await removeBrandSchedule(queues, brand.id);
    return;
  }
  const queue = queueOf(queues);
  const id = brandSchedulerId(brand.id);
  // Unchanged: leave it. Upserting again would replace a job that came due while no worker
  // ran (its next slot is computed from now), and the missed run would be lost.
  const existing = await queue.getJobScheduler(id);
  if (existing?.pattern === pattern && existing.tz === brand.schedule.timezone) return;
  await queue.upsertJobScheduler(
    id,
    { pattern, tz: brand.schedule.timezone },
    {
      name: ScheduledBrandRunJob.name,
      data: ScheduledBrandRunJob.payload.parse({ brandId: brand.id }),
      opts: retryPolicy(ScheduledBrandRunJob.retryBudgetMinutes, queues.timeScale),
    },
  );
}

/** Removes the brand's scheduler and its pending job (paused, manual or deleted brands). */
export async function removeBrandSchedule(queues: Queues, brandId: string): Promise<void> {
  await queueOf(queues).removeJobScheduler(brandSchedulerId(brandId));
}
