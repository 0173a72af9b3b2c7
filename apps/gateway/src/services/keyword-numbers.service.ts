import type { Brand } from '@lumen/db/repositories/brand.repository';
import type { Keyword, Prompt } from '@lumen/db/repositories/keyword.repository';
import type {
  KeywordRunRow,
  MatrixCellRow,
} from '@lumen/db/repositories/keyword-numbers.repository';
import { wilson } from '@lumen/domain/metrics/wilson';
import type { Context } from '../context';
import { notFound } from '../errors';
import { brandLoaders } from '../loaders/brand-loaders';
import { metricsLoaders, type RangeKey } from '../loaders/metrics-loaders';
import { runLoaders } from '../loaders/run-loaders';
import { engineLabels, type ParsedFilter } from './brand-metrics.service';

// A keyword's numbers (docs/metrics.md, "Keyword detail"): the prompt × engine matrix of one run
// and every prompt's history. Their loaders (loaders/metrics-loaders.ts) read a list of keywords
// or prompts with one statement per shape of filter.

const rangeOf = (f: ParsedFilter): RangeKey => ({
  from: f.from,
  to: f.to,
  engines: f.engines?.length ? [...f.engines].sort() : null,
});

export type KeywordRun = { id: string; date: string; startedAt: Date; answers: number };
export type MatrixCell = {
  engine: string;
  answerId: string | null;
  servedModel: string | null;
  failed: boolean;
  mentioned: boolean;
  rank: number | null;
  cited: boolean;
  competitors: number;
};
export type MatrixRow = { prompt: Prompt; cells: MatrixCell[] };
export type KeywordMatrix = {
  brandId: string;
  run: KeywordRun | null;
  runs: KeywordRun[];
  engines: { engine: string; label: string }[];
  rows: MatrixRow[];
};

const toRun = (r: KeywordRunRow): KeywordRun => ({
  id: r.runId,
  date: r.day,
  startedAt: r.startedAt,
  answers: r.answers,
});

/**
 * The keyword's prompts × the brand's engines in one run: `runId` when given (one of the runs in
 * the range that asked the keyword, else NOT_FOUND), otherwise the latest of them.
 */
export async function keywordMatrix(
  ctx: Context,
  keyword: Keyword,
  f: ParsedFilter,
  runId: string | null,
): Promise<KeywordMatrix> {
  const range = rangeOf(f);
  const l = metricsLoaders(ctx);
  const [runs, prompts, brand] = await Promise.all([
    l.keywordRuns.load({ keywordId: keyword.id, range }),
    brandLoaders(ctx).prompts.load(keyword.id),
    runLoaders(ctx).brand.load(keyword.brandId),
  ]);
  // Only the keyword's own runs are listed, so a malformed or foreign id matches none of them.
  if (runId !== null && !runs.some((r) => r.runId === runId)) {
    throw notFound('Run');
  }
  const chosen = runId === null ? runs[0] : runs.find((r) => r.runId === runId);
  const cells = chosen
    ? await l.matrixCells.load({
        runId: chosen.runId,
        keywordId: keyword.id,
        engines: range.engines,
      })
    : [];
  const engineIds = matrixEngines(brand, range.engines, cells);
  const labels = engineLabels(ctx);
  const byPrompt = new Map<string, Map<string, MatrixCellRow>>();
  for (const c of cells) {
    const row = byPrompt.get(c.promptId) ?? new Map<string, MatrixCellRow>();
    row.set(c.engine, c);
    byPrompt.set(c.promptId, row);
  }
  return {
    brandId: keyword.brandId,
    run: chosen ? toRun(chosen) : null,
    runs: runs.map(toRun),
    engines: engineIds.map((engine) => ({ engine, label: labels.get(engine) ?? engine })),
    // Prompts the run asked first (in their order), then the ones it did not ask.
    rows: prompts
      .filter((p) => byPrompt.has(p.id) || p.active)
      .sort((a, b) => Number(byPrompt.has(b.id)) - Number(byPrompt.has(a.id)))
      .map((prompt) => ({
        prompt,
        cells: engineIds.map((engine) => {
          const c = byPrompt.get(prompt.id)?.get(engine);
          return c
            ? {
                engine,
                answerId: c.answerId,
                servedModel: c.servedModel,
                failed: c.failed,
                mentioned: !c.failed && c.mentioned,
                rank: c.failed ? null : c.rank,
                cited: !c.failed && c.cited,
                competitors: c.competitors,
              }
            : {
                engine,
                answerId: null,
                servedModel: null,
                failed: false,
                mentioned: false,
                rank: null,
                cited: false,
                competitors: 0,
              };
        }),
      })),
  };
}

/** The brand's engines (narrowed by the filter), plus any the run asked that it no longer has. */
function matrixEngines(
  brand: Brand | null,
  filter: string[] | null,
  cells: readonly MatrixCellRow[],
): string[] {
  const wanted = (brand?.engines ?? []).filter((e) => !filter || filter.includes(e));
  const asked = cells.map((c) => c.engine).filter((e) => !wanted.includes(e));
  return [...wanted, ...new Set(asked)];
}

export type PromptHistoryPoint = {
  runId: string;
  date: string;
  startedAt: Date;
  answers: number;
  mentioned: number;
  mentionRate: { value: number; low: number; high: number };
  averageRank: number | null;
  cited: number;
};

/** One point per completed run in the range that asked the prompt, oldest first. */
export async function promptHistory(
  ctx: Context,
  prompt: Prompt,
  f: ParsedFilter,
): Promise<PromptHistoryPoint[]> {
  const rows = await metricsLoaders(ctx).promptHistory.load({
    promptId: prompt.id,
    range: rangeOf(f),
  });
  return rows.map((r) => ({
    runId: r.runId,
    date: r.day,
    startedAt: r.startedAt,
    answers: r.answers,
    mentioned: r.mentioned,
    mentionRate: {
      value: r.answers ? r.mentioned / r.answers : 0,
      ...wilson(r.mentioned, r.answers),
    },
    averageRank: r.mentioned ? r.rankSum / r.mentioned : null,
    cited: r.cited,
  }));
}
