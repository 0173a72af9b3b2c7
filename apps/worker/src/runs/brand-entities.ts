import type { Tx } from '@lumen/db/client';
import { findBrand } from '@lumen/db/repositories/brand.repository';
import { listCompetitorsOfBrands } from '@lumen/db/repositories/competitor.repository';
import type { TrackedEntity } from '@lumen/domain/entities/types';

/** The brand and its competitors as the analyzer and the gap finder take them; null if gone. */
export async function loadBrandEntities(
  db: Tx,
  workspaceId: string,
  brandId: string,
): Promise<TrackedEntity[] | null> {
  const brand = await findBrand(db, workspaceId, brandId);
  if (!brand) return null;
  const competitors = await listCompetitorsOfBrands(db, workspaceId, [brandId]);
  return [
    {
      id: brand.id,
      kind: 'brand',
      name: brand.name,
      aliases: brand.aliases,
      domains: brand.domains,
    },
    ...competitors.map((c) => ({
      id: c.id,
      kind: 'competitor' as const,
      name: c.name,
      aliases: c.aliases,
      domains: c.domains,
    })),
  ];
}
