import type { MetricsTally } from '@lumen/domain/metrics/tally';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../client';

// The read side of the daily rollups (docs/metrics.md, "Reading the numbers"). The rows are
// disjoint by construction — engine 'all' or one engine, keyword null or one keyword, branded or
// not — so picking one row per segment and adding up their tallies gives the tally of exactly the
// answers asked for. Raw SQL: one statement for any number of brands, with `detail->'tally'`
// read out of the jsonb the builder cannot select into.

/** The rollup engine value that covers every engine. */
export const ALL_ENGINES = 'all';
/** The rollup place value that covers every country and language. */
const ALL_PLACES = '*';

export type TallyRow = {
  brandId: string;
  day: string;
  engine: string;
  /** Null = every keyword. */
  keywordId: string | null;
  branded: boolean;
  tally: MetricsTally;
};

export type TallyQuery = {
  from: string;
  to: string;
  /** 'all' = the rows covering every engine; 'each' = one row per engine; or these engines. */
  engines: 'all' | 'each' | readonly string[];
  /** 'all' = the rows covering every keyword; 'each' = one row per keyword; or these keywords. */
  keywords: 'all' | 'each' | readonly string[];
  includeBranded: boolean;
  /**
   * Answers asked for one country (ISO code) and/or language (primary subtag); null = any. The
   * rows of every place ('*') unless one is given, else the country × language pairs that match.
   */
  country: string | null;
  language: string | null;
  /**
   * What of each tally to read: 'brand' = the counts and the brand's own entity (headline, trend,
   * engines, keywords), 'entities' = every tracked entity (competitors), 'all' = with sources
   * and discovered names. Less jsonb read and parsed is most of a dashboard's cost.
   */
  parts: 'brand' | 'entities' | 'all';
};

function engineClause(engines: TallyQuery['engines']): SQL {
  if (engines === 'all') return sql`engine = ${ALL_ENGINES}`;
  if (engines === 'each') return sql`engine <> ${ALL_ENGINES}`;
  return sql`engine = any(${sql.param([...engines])}::text[])`;
}

function keywordClause(keywords: TallyQuery['keywords']): SQL {
  if (keywords === 'all') return sql`keyword_id is null`;
  if (keywords === 'each') return sql`keyword_id is not null`;
  return sql`keyword_id = any(${sql.param([...keywords])}::uuid[])`;
}

function placeClause(q: Pick<TallyQuery, 'country' | 'language'>): SQL {
  if (q.country === null && q.language === null) return sql`country = ${ALL_PLACES}`;
  // The pairs are disjoint and never '*', so every answer of the place is in one chosen row.
  return sql`country <> ${ALL_PLACES}
    ${q.country === null ? sql`` : sql`and country = ${q.country}`}
    ${q.language === null ? sql`` : sql`and language = ${q.language}`}`;
}

function tallyColumn(parts: TallyQuery['parts']): SQL {
  const t = sql`detail -> 'tally'`;
  if (parts === 'all') return t;
  const entities =
    parts === 'entities'
      ? sql`${t} -> 'entities'`
      : sql`case when ${t} -> 'entities' ? brand_id::text
                 then jsonb_build_object(brand_id::text, ${t} -> 'entities' -> brand_id::text)
                 else '{}'::jsonb end`;
  return sql`jsonb_build_object('answers', ${t} -> 'answers',
    'withCitations', ${t} -> 'withCitations', 'citations', ${t} -> 'citations',
    'entityAnswers', ${t} -> 'entityAnswers', 'entities', ${entities},
    'sources', '{}'::jsonb, 'discovered', '{}'::jsonb)`;
}

/**
 * The rollup tallies of brands between two local days (inclusive). Rows written without a tally
 * (before tallies were stored) are left out: they cannot be combined exactly.
 */
export async function listTallies(
  db: Tx,
  workspaceId: string,
  brandIds: readonly string[],
  q: TallyQuery,
): Promise<TallyRow[]> {
  if (brandIds.length === 0) return [];
  return readTallies(
    db,
    sql`workspace_id = ${workspaceId} and brand_id = any(${sql.param([...brandIds])}::uuid[])`,
    q,
  );
}

/**
 * `listTallies` for brands of several workspaces at once (the agency view: every workspace the
 * user is a member of), each brand read only in its own workspace.
 */
export async function listTalliesAcrossWorkspaces(
  db: Tx,
  brands: readonly { workspaceId: string; brandId: string }[],
  q: TallyQuery,
): Promise<TallyRow[]> {
  if (brands.length === 0) return [];
  return readTallies(
    db,
    sql`(workspace_id, brand_id) in (select * from unnest(
          ${sql.param(brands.map((b) => b.workspaceId))}::uuid[],
          ${sql.param(brands.map((b) => b.brandId))}::uuid[]))`,
    q,
  );
}

async function readTallies(db: Tx, scope: SQL, q: TallyQuery): Promise<TallyRow[]> {
  const rows = await db.execute<Omit<TallyRow, 'day'> & { day: string | Date }>(sql`
    select brand_id as "brandId", to_char(day, 'YYYY-MM-DD') as day, engine,
           keyword_id as "keywordId", branded, ${tallyColumn(q.parts)} as tally
      from metric_snapshots
     where ${scope}
       and day between ${q.from}::date and ${q.to}::date
       and ${engineClause(q.engines)}
       and ${keywordClause(q.keywords)}
       and ${placeClause(q)}
       ${q.includeBranded ? sql`` : sql`and branded = false`}
       and detail -> 'tally' is not null
     order by day`);
  return rows.map((r) => ({ ...r, day: String(r.day) }));
}

/** The country × language pairs the brands' rollups hold (country '' = none), distinct. */
export async function listRollupPlaces(
  db: Tx,
  workspaceId: string,
  brandIds: readonly string[],
): Promise<{ brandId: string; country: string; language: string }[]> {
  if (brandIds.length === 0) return [];
  const rows = await db.execute<{ brandId: string; country: string; language: string }>(sql`
    select distinct brand_id as "brandId", country, language
      from metric_snapshots
     where workspace_id = ${workspaceId}
       and brand_id = any(${sql.param([...brandIds])}::uuid[])
       and country <> ${ALL_PLACES}
     order by 1, 2, 3`);
  return [...rows];
}
