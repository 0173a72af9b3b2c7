import {
  type Competitor,
  listCompetitorsOfBrands,
} from '@lumen/db/repositories/competitor.repository';
import {
  countPromptsOfBrands,
  type Keyword,
  listKeywordsOfBrands,
  listPromptPlaces,
  listPromptsOfKeywords,
  type Prompt,
} from '@lumen/db/repositories/keyword.repository';
import { listRollupPlaces } from '@lumen/db/repositories/metrics-query.repository';
import {
  listLatestReanalyses,
  type Reanalysis,
} from '@lumen/db/repositories/reanalysis.repository';
import { latestRunsOfBrands, type RunRow } from '@lumen/db/repositories/run-query.repository';
import DataLoader from 'dataloader';
import { perRequest, workspaceIdOf } from './per-request';

export type BrandLoaders = {
  competitors: DataLoader<string, Competitor[]>;
  keywords: DataLoader<string, Keyword[]>;
  prompts: DataLoader<string, Prompt[]>;
  promptCount: DataLoader<string, number>;
  latestRun: DataLoader<string, RunRow | null>;
  recount: DataLoader<string, Reanalysis | null>;
  /** The own places of a brand's active prompts and the places its rollups hold. */
  places: DataLoader<
    string,
    {
      prompts: { country: string | null; language: string | null }[];
      measured: { country: string; language: string }[];
    }
  >;
};

function grouped<T>(keys: readonly string[], items: T[], key: (item: T) => string | null): T[][] {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return keys.map((k) => map.get(k) ?? []);
}

/**
 * One query per relation for a whole list of brands (the brand list asks for competitors,
 * keywords, prompt counts and the latest run of every brand), scoped to the request's workspace.
 */
export const brandLoaders = perRequest((ctx): BrandLoaders => {
  const { db } = ctx.deps;
  const workspaceId = workspaceIdOf(ctx);
  const loaders: BrandLoaders = {
    competitors: new DataLoader(async (ids) =>
      grouped(ids, await listCompetitorsOfBrands(db, await workspaceId(), ids), (c) => c.brandId),
    ),
    keywords: new DataLoader(async (ids) =>
      grouped(ids, await listKeywordsOfBrands(db, await workspaceId(), ids), (k) => k.brandId),
    ),
    prompts: new DataLoader(async (ids) =>
      grouped(ids, await listPromptsOfKeywords(db, await workspaceId(), ids), (p) => p.keywordId),
    ),
    promptCount: new DataLoader(async (ids) => {
      const counts = await countPromptsOfBrands(db, await workspaceId(), ids);
      return ids.map((id) => counts.get(id) ?? 0);
    }),
    latestRun: new DataLoader(async (ids) => {
      const runs = await latestRunsOfBrands(db, await workspaceId(), ids);
      const byBrand = new Map(runs.map((r) => [r.brandId, r]));
      return ids.map((id) => byBrand.get(id) ?? null);
    }),
    recount: new DataLoader(async (ids) => {
      const rows = await listLatestReanalyses(db, await workspaceId(), ids);
      const byBrand = new Map(rows.map((r) => [r.brandId, r]));
      return ids.map((id) => byBrand.get(id) ?? null);
    }),
    places: new DataLoader(async (ids) => {
      const ws = await workspaceId();
      const [own, measured] = await Promise.all([
        listPromptPlaces(db, ws, ids),
        listRollupPlaces(db, ws, ids),
      ]);
      const prompts = grouped(ids, own, (p) => p.brandId);
      const rollups = grouped(ids, measured, (p) => p.brandId);
      return ids.map((_, i) => ({ prompts: prompts[i] ?? [], measured: rollups[i] ?? [] }));
    }),
  };
  return loaders;
});
