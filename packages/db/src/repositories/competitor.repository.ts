import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client';
import { competitors } from '../schema/brands';
import { inOrder } from './keyword.repository';

export type CompetitorSource = 'MANUAL' | 'DISCOVERED';

export type Competitor = {
  id: string;
  brandId: string;
  name: string;
  domains: string[];
  aliases: string[];
  source: CompetitorSource;
};

export type CompetitorValues = { name: string; domains: string[]; aliases: string[] };

type Row = typeof competitors.$inferSelect;

function toCompetitor(row: Row): Competitor {
  return {
    id: row.id,
    brandId: row.brandId,
    name: row.name,
    domains: row.domains,
    aliases: row.aliases,
    source: row.source === 'discovered' ? 'DISCOVERED' : 'MANUAL',
  };
}

/** The competitors of several brands in one query (the brand list's loader). */
export async function listCompetitorsOfBrands(
  db: Tx,
  workspaceId: string,
  brandIds: readonly string[],
): Promise<Competitor[]> {
  if (brandIds.length === 0) return [];
  const rows = await db
    .select()
    .from(competitors)
    .where(
      and(eq(competitors.workspaceId, workspaceId), inArray(competitors.brandId, [...brandIds])),
    )
    .orderBy(asc(competitors.createdAt), asc(competitors.id));
  return rows.map(toCompetitor);
}

export async function findCompetitor(
  db: Tx,
  workspaceId: string,
  id: string,
): Promise<Competitor | null> {
  const [row] = await db
    .select()
    .from(competitors)
    .where(and(eq(competitors.workspaceId, workspaceId), eq(competitors.id, id)));
  return row ? toCompetitor(row) : null;
}

export async function insertCompetitors(
  db: Tx,
  workspaceId: string,
  brandId: string,
  list: readonly (CompetitorValues & { source?: CompetitorSource })[],
): Promise<Competitor[]> {
  if (list.length === 0) return [];
  const rows = await db
    .insert(competitors)
    .values(
      list.map((c, i) => ({
        createdAt: inOrder(i),
        workspaceId,
        brandId,
        name: c.name,
        domains: c.domains,
        aliases: c.aliases,
        source: c.source === 'DISCOVERED' ? ('discovered' as const) : ('manual' as const),
      })),
    )
    .returning();
  return rows.map(toCompetitor);
}

export async function updateCompetitor(
  db: Tx,
  workspaceId: string,
  id: string,
  values: CompetitorValues,
): Promise<Competitor | null> {
  const [row] = await db
    .update(competitors)
    .set(values)
    .where(and(eq(competitors.workspaceId, workspaceId), eq(competitors.id, id)))
    .returning();
  return row ? toCompetitor(row) : null;
}

export async function deleteCompetitor(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(competitors)
    .where(and(eq(competitors.workspaceId, workspaceId), eq(competitors.id, id)))
    .returning({ id: competitors.id });
  return rows.length > 0;
}
