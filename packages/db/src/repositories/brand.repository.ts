import type { Cadence } from '@lumen/domain/brands/brand-input';
import {
  type BrandStatus,
  brandStatusOf,
  storedBrandStatus,
} from '@lumen/domain/status/brand-status';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { brands } from '../schema/brands';
import { workspaces } from '../schema/tenancy';
import type { ColumnsOf } from './columns';

export type Schedule = {
  cadence: Cadence;
  hour: number;
  weekday: number | null;
  timezone: string;
};

export type Brand = {
  id: string;
  workspaceId: string;
  name: string;
  domains: string[];
  aliases: string[];
  /** The name is an everyday word (docs/analysis.md, "Brands that are everyday words"). */
  commonWord: boolean;
  description: string | null;
  industry: string | null;
  country: string | null;
  language: string;
  engines: string[];
  /** Answers asked of each prompt × engine per run, 1–5 (docs/metrics.md, "Samples"). */
  samples: number;
  schedule: Schedule;
  status: BrandStatus;
  sourceQuickScoreId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** What a person sets on a brand; the rest is the system's. */
export type BrandValues = Pick<
  Brand,
  | 'name'
  | 'domains'
  | 'aliases'
  | 'description'
  | 'industry'
  | 'country'
  | 'language'
  | 'engines'
  | 'schedule'
> &
  Partial<Pick<Brand, 'commonWord' | 'samples'>>;

type Row = typeof brands.$inferSelect;

const CADENCE_TO_DB = { DAILY: 'daily', WEEKLY: 'weekly', MANUAL: 'manual' } as const;

function toBrand(row: Row): Brand {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    name: row.name,
    domains: row.domains,
    aliases: row.aliases,
    commonWord: row.commonWord,
    description: row.description,
    industry: row.industry,
    country: row.country,
    language: row.language,
    engines: row.engines,
    samples: row.samples,
    schedule: {
      cadence: row.schedule.toUpperCase() as Cadence,
      hour: row.scheduleHour,
      weekday: row.scheduleWeekday,
      timezone: row.timezone,
    },
    // Archived brands are never returned (see the filters below), so only two states remain.
    status: brandStatusOf(row.status),
    sourceQuickScoreId: row.sourceQuickScoreId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Everything the brand form sets; the rest has its own writer (status, claiming) or a default. */
function toColumns(values: BrandValues): ColumnsOf<
  typeof brands,
  // commonWord: written by commonWordColumn, only when given (an update may leave it out).
  | 'id'
  | 'workspaceId'
  | 'status'
  | 'sourceQuickScoreId'
  | 'createdAt'
  | 'updatedAt'
  | 'commonWord'
  // samples: written by optionalColumns, only when given, as commonWord.
  | 'samples'
  // analyzerVersion: today's at creation (the column's $defaultFn), then moved by re-analysis only.
  | 'analyzerVersion'
> {
  return {
    name: values.name,
    domains: values.domains,
    aliases: values.aliases,
    description: values.description,
    industry: values.industry,
    country: values.country,
    language: values.language,
    engines: values.engines,
    schedule: CADENCE_TO_DB[values.schedule.cadence],
    scheduleHour: values.schedule.hour,
    scheduleWeekday: values.schedule.weekday,
    timezone: values.schedule.timezone,
  };
}

/** The everyday-word mark when the values carry it; left out, the column keeps its value. */
export function commonWordColumn(values: { commonWord?: boolean }): { commonWord?: boolean } {
  return values.commonWord === undefined ? {} : { commonWord: values.commonWord };
}

/** The brand's settings an update may leave out: written only when given. */
function optionalColumns(values: BrandValues): { commonWord?: boolean; samples?: number } {
  return {
    ...commonWordColumn(values),
    ...(values.samples === undefined ? {} : { samples: values.samples }),
  };
}

const visible = (workspaceId: string) =>
  and(eq(brands.workspaceId, workspaceId), ne(brands.status, 'archived'));

export async function listBrands(db: Tx, workspaceId: string): Promise<Brand[]> {
  const rows = await db
    .select()
    .from(brands)
    .where(visible(workspaceId))
    .orderBy(asc(brands.name), asc(brands.id));
  return rows.map(toBrand);
}

/** The brands of several workspaces (the agency view's, all the user's), by workspace then name. */
export async function listBrandsOfWorkspaces(
  db: Tx,
  workspaceIds: readonly string[],
): Promise<Brand[]> {
  if (workspaceIds.length === 0) return [];
  const rows = await db
    .select()
    .from(brands)
    .where(and(inArray(brands.workspaceId, [...workspaceIds]), ne(brands.status, 'archived')))
    .orderBy(asc(brands.name), asc(brands.id));
  return rows.map(toBrand);
}

/** Null for a missing id and for another workspace's brand alike. */
export async function findBrand(db: Tx, workspaceId: string, id: string): Promise<Brand | null> {
  const [row] = await db
    .select()
    .from(brands)
    .where(and(visible(workspaceId), eq(brands.id, id)));
  return row ? toBrand(row) : null;
}

export async function findBrandByQuickScore(
  db: Tx,
  workspaceId: string,
  quickScoreId: string,
): Promise<Brand | null> {
  const [row] = await db
    .select()
    .from(brands)
    .where(and(visible(workspaceId), eq(brands.sourceQuickScoreId, quickScoreId)));
  return row ? toBrand(row) : null;
}

export async function countBrands(db: Tx, workspaceId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(brands).where(visible(workspaceId));
  return row?.n ?? 0;
}

export async function insertBrand(
  db: Tx,
  workspaceId: string,
  values: BrandValues,
  sourceQuickScoreId: string | null = null,
): Promise<Brand> {
  const [row] = await db
    .insert(brands)
    .values({
      workspaceId,
      ...toColumns(values),
      ...optionalColumns(values),
      sourceQuickScoreId,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toBrand(row);
}

export async function updateBrand(
  db: Tx,
  workspaceId: string,
  id: string,
  values: BrandValues,
): Promise<Brand | null> {
  const [row] = await db
    .update(brands)
    .set({ ...toColumns(values), ...optionalColumns(values), updatedAt: new Date() })
    .where(and(visible(workspaceId), eq(brands.id, id)))
    .returning();
  return row ? toBrand(row) : null;
}

export async function setBrandStatus(
  db: Tx,
  workspaceId: string,
  id: string,
  status: BrandStatus,
): Promise<Brand | null> {
  const [row] = await db
    .update(brands)
    .set({ status: storedBrandStatus(status), updatedAt: new Date() })
    .where(and(visible(workspaceId), eq(brands.id, id)))
    .returning();
  return row ? toBrand(row) : null;
}

/** Deletes the brand and, by cascade, its competitors, keywords, prompts, runs and answers. */
export async function deleteBrand(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(brands)
    .where(and(eq(brands.workspaceId, workspaceId), eq(brands.id, id)))
    .returning({ id: brands.id });
  return rows.length > 0;
}

export async function findWorkspacePlan(
  db: Tx,
  workspaceId: string,
): Promise<'free' | 'pro' | 'business'> {
  const [row] = await db
    .select({ plan: workspaces.plan })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.plan ?? 'free';
}

/**
 * Serialises changes that count against the workspace's plan (brands, prompts) for the rest of
 * the transaction, so two concurrent requests cannot both pass the last free slot.
 */
export async function lockWorkspaceQuota(db: Tx, workspaceId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`quota:${workspaceId}`}))`);
}
