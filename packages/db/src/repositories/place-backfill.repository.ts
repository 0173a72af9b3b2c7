import { effectivePlace, storedPlace } from '@lumen/domain/places/place';
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { rebuildBrandRollups } from './metric-snapshot.repository';

/**
 * Answers stored before answers carried their place, and the rollups of their days, which then
 * had no per-place rows (docs/metrics.md, "Country and language"). Such answers were all asked
 * for their brand's place (prompts had none of their own), so each brand's are given it and its
 * rollups rewritten. Finds the brands by a rollup day without place rows, so once done it reads
 * only the rollups' brand index. Returns the brands brought up to date.
 */
export async function backfillAnswerPlaces(db: Database): Promise<number> {
  const brands = await db.execute<{
    id: string;
    workspaceId: string;
    country: string | null;
    language: string;
  }>(sql`
    select b.id, b.workspace_id as "workspaceId", b.country, b.language
      from brands b
     where exists (
       select 1 from metric_snapshots s
        where s.brand_id = b.id and s.country = '*'
          and not exists (select 1 from metric_snapshots t
                           where t.brand_id = s.brand_id and t.day = s.day
                             and t.country <> '*'))`);
  for (const brand of brands) {
    const place = storedPlace(effectivePlace({ country: null, language: null }, brand));
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        update answers a set country = ${place.country}, language = ${place.language}
          from runs r
         where r.id = a.run_id and r.brand_id = ${brand.id} and a.language is null`);
      await rebuildBrandRollups(tx, brand.workspaceId, brand.id);
    });
  }
  return brands.length;
}
