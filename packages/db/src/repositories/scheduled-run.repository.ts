import { sql } from 'drizzle-orm';
import type { Tx } from '../client';

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
