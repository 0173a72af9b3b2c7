import { type AnnotationRow, listAnnotations } from '@lumen/db/repositories/annotation.repository';
import {
  type KeywordRunRow,
  listKeywordRuns,
  listMatrixCells,
  listPromptHistory,
  type MatrixCellRow,
  type PromptHistoryRow,
} from '@lumen/db/repositories/keyword-numbers.repository';
import {
  listTallies,
  type TallyQuery,
  type TallyRow,
} from '@lumen/db/repositories/metrics-query.repository';
import type DataLoader from 'dataloader';
import { groupedLoader, perRequest, workspaceIdOf } from './per-request';

// The numbers of a list of brands, keywords or prompts with one statement per distinct range or
// query: the dashboard asks the same range for every brand, so 20 brands cost one read, not 20
// (docs/metrics.md).

export type RangeKey = { from: string; to: string; engines: string[] | null };

export type MetricsLoaders = {
  /** Rollup rows of a brand for one query. */
  tallies: DataLoader<{ brandId: string; query: TallyQuery }, TallyRow[], string>;
  /** What happened to a brand in a range (docs/metrics.md, "Annotations"). */
  annotations: DataLoader<{ brandId: string; from: string; to: string }, AnnotationRow[], string>;
  /** The runs in a range that asked a keyword. */
  keywordRuns: DataLoader<{ keywordId: string; range: RangeKey }, KeywordRunRow[], string>;
  /** The prompt × engine cells of a keyword in one run. */
  matrixCells: DataLoader<
    { runId: string; keywordId: string; engines: string[] | null },
    MatrixCellRow[],
    string
  >;
  promptHistory: DataLoader<{ promptId: string; range: RangeKey }, PromptHistoryRow[], string>;
};

export const metricsLoaders = perRequest((ctx): MetricsLoaders => {
  const db = ctx.deps.db;
  const ws = workspaceIdOf(ctx);
  return {
    tallies: groupedLoader(
      (k) => k.brandId,
      (k) => k.query,
      async (ids, k) => listTallies(db, await ws(), ids, k.query),
      (r) => r.brandId,
    ),
    annotations: groupedLoader(
      (k) => k.brandId,
      (k) => ({ from: k.from, to: k.to }),
      async (ids, k) => listAnnotations(db, await ws(), ids, { from: k.from, to: k.to }),
      (r) => r.brandId,
    ),
    keywordRuns: groupedLoader(
      (k) => k.keywordId,
      (k) => k.range,
      async (ids, k) => listKeywordRuns(db, await ws(), ids, k.range),
      (r) => r.keywordId,
    ),
    // Cells are keyed by run and keyword: one statement for every (run, keyword) pair asked.
    matrixCells: groupedLoader(
      (k) => `${k.runId}/${k.keywordId}`,
      (k) => k.engines,
      async (ids, k) =>
        listMatrixCells(
          db,
          await ws(),
          ids.map((id) => {
            const [runId = '', keywordId = ''] = id.split('/');
            return { runId, keywordId };
          }),
          k.engines,
        ),
      (r) => `${r.runId}/${r.keywordId}`,
    ),
    promptHistory: groupedLoader(
      (k) => k.promptId,
      (k) => k.range,
      async (ids, k) => listPromptHistory(db, await ws(), ids, k.range),
      (r) => r.promptId,
    ),
  };
});
