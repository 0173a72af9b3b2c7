import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { createBrandRun } from './run.repository';
import { type AnswerQuota, checkRunQuota } from './usage.repository';

export type ScheduledRunOutcome =
  | { kind: 'started'; runId: string; workspaceId: string }
  /** Quota spent: a FAILED run says so in the brand's history; nothing was asked. */
  | { kind: 'refused'; runId: string; workspaceId: string; quota: AnswerQuota }
  | { kind: 'busy'; runId: string; workspaceId: string }
  /** Deleted, archived, paused or manual: its scheduler should not exist. */
  | { kind: 'not-scheduled' };

/**
 * A brand's scheduled slot (docs/brands.md, "Schedules"), in one transaction under the brand
 * row lock (the one `startRun` takes, so a manual and a scheduled run never both start): skipped
 * while the brand has an open run, refused when the month's answer quota would be exceeded,
 * else a QUEUED run with trigger `scheduled` (`createBrandRun`, which also keeps one open run per
 * brand by its unique index).
 */
export async function startScheduledRun(tx: Tx, brandId: string): Promise<ScheduledRunOutcome> {
  const [brand] = await tx.execute<{ workspaceId: string }>(sql`
    select b.workspace_id as "workspaceId" from brands b
     where b.id = ${brandId} and b.status = 'active' and b.schedule <> 'manual'
       for update of b`);
  if (!brand) return { kind: 'not-scheduled' };
  const { workspaceId } = brand;
  const [open] = await tx.execute<{ id: string }>(sql`
    select id from runs
     where brand_id = ${brandId} and status in ('QUEUED', 'RUNNING')
     order by created_at desc limit 1`);
  if (open) return { kind: 'busy', runId: open.id, workspaceId };
  const quota = await checkRunQuota(tx, workspaceId, brandId);
  if (!quota.allowed) {
    const [run] = await tx.execute<{ id: string }>(sql`
      insert into runs (workspace_id, brand_id, trigger, status, error, finished_at)
      values (${workspaceId}, ${brandId}, 'scheduled', 'FAILED', ${quota.message}, now())
      returning id`);
    return { kind: 'refused', runId: run!.id, workspaceId, quota };
  }
  const { created, run } = await createBrandRun(tx, workspaceId, { brandId, trigger: 'SCHEDULED' });
  return created
    ? { kind: 'started', runId: run.id, workspaceId }
    : { kind: 'busy', runId: run.id, workspaceId };
}

/** Every brand that should have a job scheduler, for the worker's start-up repair. */
export async function listScheduledBrands(tx: Tx): Promise<
  {
    id: string;
    status: 'ACTIVE';
    schedule: {
      cadence: 'DAILY' | 'WEEKLY';
      hour: number;
      weekday: number | null;
      timezone: string;
    };
  }[]
> {
  const rows = await tx.execute<{
    id: string;
    cadence: 'daily' | 'weekly';
    hour: number;
    weekday: number | null;
    timezone: string;
  }>(sql`
    select id, schedule as cadence, schedule_hour as hour, schedule_weekday as weekday, timezone
      from brands where status = 'active' and schedule <> 'manual'
     order by id`);
  return rows.map((r) => ({
    id: r.id,
    status: 'ACTIVE' as const,
    schedule: {
      cadence: r.cadence === 'daily' ? ('DAILY' as const) : ('WEEKLY' as const),
      hour: r.hour,
      weekday: r.weekday,
      timezone: r.timezone,
    },
  }));
}
