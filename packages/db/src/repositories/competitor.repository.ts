import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client';
import { competitors } from '../schema/brands';
import { commonWordColumn } from './brand.repository';
import type { ColumnsOf } from './columns';
import { inOrder } from './keyword.repository';

export type CompetitorSource = 'MANUAL' | 'DISCOVERED';

export type Competitor = {
  id: string;
  brandId: string;
  name: string;
  domains: string[];
  aliases: string[];
  commonWord: boolean;
  source: CompetitorSource;
};

export type CompetitorValues = {
  name: string;
  domains: string[];
  aliases: string[];
  /** The name is an everyday word (docs/analysis.md); unchanged when left out. */
  commonWord?: boolean;
};

/** What the competitor form sets; `source` is set once, when the row is inserted. */
function toColumns(
  values: CompetitorValues,
  // commonWord: only when given (an update may leave it out), see commonWordColumn.
): ColumnsOf<
  typeof competitors,
  'id' | 'workspaceId' | 'brandId' | 'source' | 'createdAt' | 'commonWord'
> {
  return { name: values.name, domains: values.domains, aliases: values.aliases };
}

type Row = typeof competitors.$inferSelect;

function toCompetitor(row: Row): Competitor {
  return {
    id: row.id,
    brandId: row.brandId,
    name: row.name,
    domains: row.domains,
    aliases: row.aliases,
    commonWord: row.commonWord,
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
        ...toColumns(c),
        commonWord: c.commonWord ?? false,
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
    .set({ ...toColumns(values), ...commonWordColumn(values) })
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
