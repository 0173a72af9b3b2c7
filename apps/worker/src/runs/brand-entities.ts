import type { Tx } from '@lumen/db/client';
import { findBrand } from '@lumen/db/repositories/brand.repository';
import { listCompetitorsOfBrands } from '@lumen/db/repositories/competitor.repository';
import { trackedEntities } from '@lumen/domain/entities/tracked-entities';
import type { TrackedEntity } from '@lumen/domain/entities/types';

/** The brand and its competitors as the analyzer and the gap finder take them; null if gone. */
export async function loadBrandEntities(
  db: Tx,
  workspaceId: string,
  brandId: string,
): Promise<TrackedEntity[] | null> {
  const brand = await findBrand(db, workspaceId, brandId);
  if (!brand) return null;
  return trackedEntities(brand, await listCompetitorsOfBrands(db, workspaceId, [brandId]));
}
