import { type Brand, findBrand } from '@lumen/db/repositories/brand.repository';
import { findPromptsByIds, type Prompt } from '@lumen/db/repositories/keyword.repository';
import {
  countAnswersByEngine,
  type EngineCount,
  findRuns,
  type RunRow,
} from '@lumen/db/repositories/run-query.repository';
import { listEngines } from '@lumen/engines/registry';
import DataLoader from 'dataloader';
import { engineEnv } from '../services/brand-rules';
import { perRequest, workspaceIdOf } from './per-request';

export type RunLoaders = {
  run: DataLoader<string, RunRow | null>;
  engineCounts: DataLoader<string, EngineCount[]>;
  brand: DataLoader<string, Brand | null>;
  prompt: DataLoader<string, Prompt | null>;
  /** An engine's display label; its id when this server no longer knows it. */
  engineLabel(engine: string): string;
};

/** Batched reads behind Run and Answer fields, scoped to the request's workspace. */
export const runLoaders = perRequest((ctx): RunLoaders => {
  const { db } = ctx.deps;
  const workspaceId = workspaceIdOf(ctx);
  let labels: Map<string, string> | null = null;
  const loaders: RunLoaders = {
    run: new DataLoader(async (ids) => {
      const rows = await findRuns(db, await workspaceId(), ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    engineCounts: new DataLoader(async (ids) => {
      const rows = await countAnswersByEngine(db, await workspaceId(), ids);
      return ids.map((id) => rows.filter((r) => r.runId === id));
    }),
    brand: new DataLoader(async (ids) => {
      const ws = await workspaceId();
      return Promise.all(ids.map((id) => findBrand(db, ws, id)));
    }),
    prompt: new DataLoader(async (ids) => {
      const rows = await findPromptsByIds(db, await workspaceId(), ids);
      const byId = new Map(rows.map((p) => [p.id, p]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    engineLabel(engine) {
      labels ??= new Map(listEngines(engineEnv(ctx.deps)).map((e) => [e.id, e.label]));
      return labels.get(engine) ?? engine;
    },
  };
  return loaders;
});
