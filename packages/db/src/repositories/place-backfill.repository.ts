import { effectivePlace, storedPlace } from '@lumen/domain/places/place';
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { rebuildBrandRollups } from './metric-snapshot.repository';

/**
 * Answers stored before answers carried their place, and the rollups of their days, which then
 * had no per-place rows (docs/metrics.md, "Country and language"). Such answers were all asked
 * for their brand's place (prompts had none of their own), so each brand's are given it and its
 * rollups rewritten. Finds the brands by a rollup day without place rows, so once done it reads
 * only the rollups' brand index. Runs as the `backfill-answer-places` job; each brand is taken
 * under a lock and re-checked, so two passes at once do each brand once. Returns the brands
 * this pass brought up to date.
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
  let done = 0;
  for (const brand of brands) {
    const place = storedPlace(effectivePlace({ country: null, language: null }, brand));
    await db.transaction(async (tx) => {
      // One writer per brand, and the work only if no one did it meanwhile: two of these (a
      // retry beside a late first attempt) must not rewrite the same rollups at once.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`place-backfill:${brand.id}`}))`,
      );
      const [unplaced] = await tx.execute(sql`
        select 1 from metric_snapshots s
         where s.brand_id = ${brand.id} and s.country = '*'
           and not exists (select 1 from metric_snapshots t
                            where t.brand_id = s.brand_id and t.day = s.day and t.country <> '*')
         limit 1`);
      if (!unplaced) return;
      done++;
      await tx.execute(sql`
        update answers a set country = ${place.country}, language = ${place.language}
          from runs r
         where r.id = a.run_id and r.brand_id = ${brand.id} and a.language is null`);
      await rebuildBrandRollups(tx, brand.workspaceId, brand.id);
    });
  }
  return done;
}
