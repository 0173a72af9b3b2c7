import type { Brand } from '@lumen/db/repositories/brand.repository';
import type { Prompt } from '@lumen/db/repositories/keyword.repository';
import {
  listStatusChanges,
  type OpportunityRow,
  type StatusChangeRow,
} from '@lumen/db/repositories/opportunity-query.repository';
import {
  type AnswerRow,
  listAnswers,
  type RunRow,
} from '@lumen/db/repositories/run-query.repository';
import DataLoader from 'dataloader';
import { perRequest, workspaceIdOf } from './per-request';
import { runLoaders } from './run-loaders';

export type OpportunityLoaders = {
  history: DataLoader<string, StatusChangeRow[]>;
  /** The answers that show the gap: the last run's answers to the prompt, gap engines only. */
  answers: DataLoader<OpportunityRow, AnswerRow[], string>;
  run: DataLoader<string, RunRow | null>;
  brand: DataLoader<string, Brand | null>;
  prompt: DataLoader<string, Prompt | null>;
  engineLabel(engine: string): string;
};

// An answer page holds every engine of a prompt in one run (a handful), far under this cap.
const ANSWERS_PER_OPPORTUNITY = 50;

/** Batched reads behind Opportunity fields, scoped to the request's workspace. */
export const opportunityLoaders = perRequest((ctx): OpportunityLoaders => {
  const { db } = ctx.deps;
  const workspaceId = workspaceIdOf(ctx);
  const runs = runLoaders(ctx);
  const loaders: OpportunityLoaders = {
    history: new DataLoader(async (ids) => {
      const rows = await listStatusChanges(db, await workspaceId(), ids);
      return ids.map((id) => rows.filter((r) => r.opportunityId === id));
    }),
    answers: new DataLoader(
      async (opportunities) => {
        const ws = await workspaceId();
        return Promise.all(
          opportunities.map(async (o) => {
            if (!o.runId || !o.promptId) return [];
            const engines = new Set(o.evidence.engines ?? []);
            const rows = await listAnswers(
              db,
              ws,
              { brandId: o.brandId, runId: o.runId, promptId: o.promptId },
              { limit: ANSWERS_PER_OPPORTUNITY, after: null },
            );
            return rows
              .filter((a) => a.error === null && engines.has(a.engine))
              .sort((a, b) => a.engine.localeCompare(b.engine));
          }),
        );
      },
      { cacheKeyFn: (o) => o.id },
    ),
    run: runs.run,
    brand: runs.brand,
    prompt: runs.prompt,
    engineLabel: (engine) => runs.engineLabel(engine),
  };
  return loaders;
});
